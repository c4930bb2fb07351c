package dev.bearings.dist;

import dev.bearings.testkit.Prerequisite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The per-platform jars the build made: each holds everything of the full jar but the other
 * platforms' native libraries, a library of each kind for its own platform, and the one for this
 * machine indexes and searches notes with nothing but its own native files (every cache in a
 * fresh home, so nothing extracted earlier from the full jar is used).
 */
class PlatformJarsIT {
    private static final Path FULL = Path.of("../cli/target/bearings.jar");
    private static final Path BUILT = Path.of("target");

    private static Set<String> entries(Path jar) throws IOException {
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            Set<String> names = new TreeSet<>();
            for (ZipEntry entry : Collections.list(zip.entries())) {
                names.add(entry.getName());
            }
            return names;
        }
    }

    private static Path jar(PlatformJars.Platform platform) {
        Path jar = BUILT.resolve("bearings-" + platform.name() + ".jar");
        Prerequisite.require(Files.isRegularFile(jar) && Files.isRegularFile(FULL),
                () -> jar.toAbsolutePath().normalize() + " (made by this module's build from the CLI's jar)");
        return jar;
    }

    @Test
    void eachJarHoldsTheFullJarButTheOtherPlatformsNativeLibraries() throws IOException {
        Set<String> full = entries(FULL.toAbsolutePath());
        for (PlatformJars.Platform platform : PlatformJars.Platform.ALL) {
            Path jar = jar(platform);
            Set<String> held = entries(jar);
            Set<String> expected = new TreeSet<>();
            for (String name : full) {
                boolean otherPlatforms = PlatformJars.isNativeLibrary(name) && platform.folders().stream().noneMatch(name::startsWith);
                if (!otherPlatforms) {
                    expected.add(name);
                }
            }
            assertThat(held).as(platform.name()).isEqualTo(expected);
            for (String folder : platform.folders()) {
                assertThat(held).as("%s: a native library in %s", platform.name(), folder)
                        .anyMatch(name -> name.startsWith(folder) && PlatformJars.isNativeLibrary(name));
            }
            List<String> foreign = new ArrayList<>();
            for (PlatformJars.Platform other : PlatformJars.Platform.ALL) {
                if (other != platform) {
                    other.folders().forEach(folder -> held.stream().filter(name -> name.startsWith(folder)
                            && PlatformJars.isNativeLibrary(name)).forEach(foreign::add));
                }
            }
            assertThat(foreign).as("%s: other platforms' libraries", platform.name()).isEmpty();
            assertThat(Files.size(jar)).as(platform.name()).isLessThan(Files.size(FULL));
        }
    }

    @Test
    void theJarOfThisPlatformIndexesAndSearches(@TempDir Path work) throws Exception {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
        String name = (os.contains("win") ? "win" : os.contains("mac") ? "osx" : "linux") + "-"
                + (arch.equals("amd64") || arch.equals("x86_64") ? "x64" : arch);
        PlatformJars.Platform platform = PlatformJars.Platform.ALL.stream().filter(p -> p.name().equals(name)).findFirst()
                .orElse(null);
        Prerequisite.require(platform != null, () -> "a per-platform jar for " + name);
        Path jar = jar(platform).toAbsolutePath();
        Path notes = Files.createDirectories(work.resolve("notes"));
        Files.writeString(notes.resolve("vpn.md"), "# VPN\n\nWireGuard listens on UDP port 51820.\n");
        Files.writeString(notes.resolve("bread.md"), "# Sourdough\n\nFeed the starter the night before.\n");
        // Ignore rules, a bad one among them: the jar carries the part of JGit that reads them, its messages too.
        Files.createDirectories(notes.resolve("drafts"));
        Files.writeString(notes.resolve("drafts/old-vpn.md"), "# Old VPN\n\nThe VPN used to listen on UDP port 1194.\n");
        Files.writeString(notes.resolve(".bearingsignore"), "drafts/\n[\n");
        Path index = work.resolve("index");
        String indexed = run(work, jar, "index", "--folder", notes.toString(), "--index", index.toString(), "--exclude", "*.tmp.md");
        assertThat(indexed + Files.readString(work.resolve("err.txt"))).contains("2 notes added")
                .contains(".bearingsignore line 2: '[' is not a pattern").doesNotContain("Exception");
        assertThat(run(work, jar, "search", "which port does the VPN use", "--index", index.toString(), "--limit", "1"))
                .contains("vpn.md").contains("51820").doesNotContain("bread.md");
    }

    /** Runs the jar with a fresh home and caches, within five minutes; gives its stdout. */
    private static String run(Path work, Path jar, String... args) throws Exception {
        Path home = Files.createDirectories(work.resolve("home"));
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Duser.home=" + home, "-Djava.io.tmpdir=" + Files.createDirectories(work.resolve("tmp")), "-jar", jar.toString()));
        command.addAll(List.of(args));
        Path out = work.resolve("out.txt");
        Path err = work.resolve("err.txt");
        ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
        for (String variable : List.of("XDG_CACHE_HOME", "XDG_DATA_HOME", "DJL_CACHE_DIR", "ENGINE_CACHE_DIR")) {
            builder.environment().remove(variable);
        }
        Process process = builder.start();
        if (!process.waitFor(5, TimeUnit.MINUTES)) {
            process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
            throw new AssertionError("timed out: " + command);
        }
        assertThat(process.exitValue()).as("%s: %s", command, Files.readString(err)).isZero();
        return Files.readString(out);
    }
}
