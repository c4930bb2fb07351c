package dev.bearings.embedding.support;

import dev.bearings.testkit.Prerequisite;
import dev.bearings.testprocess.ChildProcess;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Locale;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Where the tokenizer's native library is loaded from, seen from a process of its own ({@code /proc/self/maps}):
 * DJL alone puts it in a fixed folder of the shared temporary folder when the home folder cannot be
 * written, where another user could have put a library of theirs first.
 */
class TokenizerLibraryFolderTest {
    private static final Path SETPRIV = Path.of("/usr/bin/setpriv");

    @TempDir
    Path dir;

    private Path sharedTemp;

    @BeforeEach
    void onLinux() throws Exception {
        Assumptions.assumeTrue(System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("linux"),
                "the library is found in /proc/self/maps, which only Linux has");
        sharedTemp = Files.createDirectories(dir.resolve("tmp"));
        Files.setAttribute(sharedTemp, "unix:mode", 01777); // as /tmp: everyone writes, only the owner removes
    }

    /** The child's command: as this user, or, as root, as root that obeys permissions (so a folder can be unwritable to it). */
    private List<String> child(Path home) throws Exception {
        List<String> command = new ArrayList<>();
        if ((Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid") == 0) {
            Prerequisite.require(Files.isExecutable(SETPRIV), () -> "util-linux's setpriv, to run a program as root without its"
                    + " power to write any folder");
            command.addAll(List.of(SETPRIV.toString(), "--bounding-set=-dac_override,-dac_read_search", "--"));
        }
        command.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Duser.home=" + home,
                "-Djava.io.tmpdir=" + sharedTemp, "-cp", System.getProperty("java.class.path"), TokenizerLibraryChild.class.getName()));
        return command;
    }

    private static Map<String, String> environment(String xdgCache) {
        Map<String, String> environment = new HashMap<>();
        for (String variable : List.of("XDG_CACHE_HOME", "DJL_CACHE_DIR", "ENGINE_CACHE_DIR", "RUST_LIBRARY_PATH")) {
            environment.put(variable, null);
        }
        if (xdgCache != null) {
            environment.put("XDG_CACHE_HOME", xdgCache);
        }
        return environment;
    }

    @Test
    void withAHomeThatCannotBeWrittenTheLibraryComesFromTheUsersOwnCacheFolder() throws Exception {
        Path home = Files.createDirectories(dir.resolve("home"));
        Files.createDirectories(home.resolve(".cache"));
        Files.setPosixFilePermissions(home, PosixFilePermissions.fromString("r-xr-xr-x"));
        try (ChildProcess child = ChildProcess.start(child(home), dir.resolve("logs"), environment(null))) {
            assertThat(child.exitCode(Duration.ofMinutes(2))).as(child.err()).isZero();
            Path own = home.resolve(".cache/bearings");
            assertThat(child.out()).as("the library's mapped file").contains("libtokenizers.so")
                    .doesNotContain(sharedTemp.toString());
            assertThat(child.out().lines().filter(line -> line.contains("libtokenizers.so")))
                    .allSatisfy(line -> assertThat(line).startsWith(own + "/"));
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(own))).isEqualTo("rwx------");
        } finally {
            Files.setPosixFilePermissions(home, PosixFilePermissions.fromString("rwx------"));
        }
        assertThat(sharedTemp.resolve(".djl.ai")).doesNotExist();
    }

    /** With no cache folder to be had, a new temporary folder of the user's alone, not DJL's fixed one, and gone at exit. */
    @Test
    void withNoCacheFolderAtAllTheLibraryComesFromATemporaryFolderOfTheUsersAlone() throws Exception {
        Path home = Files.createDirectories(dir.resolve("home"));
        Files.setPosixFilePermissions(home, PosixFilePermissions.fromString("r-xr-xr-x"));
        try (ChildProcess child = ChildProcess.start(child(home), dir.resolve("logs"), environment(null))) {
            assertThat(child.exitCode(Duration.ofMinutes(2))).as(child.err()).isZero();
            assertThat(child.out().lines().filter(line -> line.contains("libtokenizers.so"))).isNotEmpty()
                    .allSatisfy(line -> assertThat(line).startsWith(sharedTemp + "/bearings-djl-"));
        } finally {
            Files.setPosixFilePermissions(home, PosixFilePermissions.fromString("rwx------"));
        }
        try (var left = Files.list(sharedTemp)) {
            assertThat(left).as("nothing left, and never DJL's own .djl.ai").isEmpty();
        }
    }

    @Test
    void aCacheFolderOtherUsersCanWriteIsRefusedNamingIt() throws Exception {
        Path home = Files.createDirectories(dir.resolve("home"));
        Path shared = Files.createDirectories(dir.resolve("shared"));
        Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rwxrwxrwx"));
        try (ChildProcess child = ChildProcess.start(child(home), dir.resolve("logs"), environment(shared.toString()))) {
            assertThat(child.exitCode(Duration.ofMinutes(2))).as(child.out()).isEqualTo(3);
            assertThat(child.err()).contains("bearings: cannot load the tokenizer of ")
                    .contains("the folder " + shared + " can be written by other users").doesNotContain("Exception");
            assertThat(child.out()).as("no library loaded").doesNotContain("libtokenizers");
        }
        assertThat(shared.resolve("bearings/djl")).doesNotExist();
    }
}
