package dev.bearings.benchmarks;

import dev.bearings.testkit.Prerequisite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The launcher's class-data archives, for real: made by the first search into the cache folder, used by
 * the next; one of its own made and used by a search a running server answers; made again when the jar
 * changes; and an archive the JVM cannot use (damaged, another jar's) never printing a word nor failing a
 * search. Run as an installed launcher: the jar beside it in {@code lib/bearings}, the folders of the test's own.
 */
class LauncherArchiveIT {
    private static final Path JAR = Path.of("../cli/target/bearings.jar");

    @TempDir
    Path work;

    private record Run(String out, String err) {
    }

    private Run run(List<String> command, Map<String, String> environment) throws Exception {
        Path out = work.resolve("out.txt");
        Path err = work.resolve("err.txt");
        ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
        builder.environment().putAll(environment);
        Process process = builder.start();
        assertThat(process.waitFor(5, TimeUnit.MINUTES)).as("%s finished in time", command).isTrue();
        assertThat(process.exitValue()).as(Files.readString(err)).isZero();
        return new Run(Files.readString(out), Files.readString(err));
    }

    private List<Path> archives(Path cache) throws Exception {
        Path folder = cache.resolve("bearings").resolve("cds");
        if (!Files.isDirectory(folder)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(file -> file.getFileName().toString().endsWith(".jsa")).sorted().toList();
        }
    }

    @Test
    void theFirstSearchMakesTheArchiveTheNextUseItAndANewJarMakesANewOne() throws Exception {
        Prerequisite.require(Files.isRegularFile(JAR), () -> JAR.toAbsolutePath().normalize() + " (the CLI's jar, built before this module)");
        Path jar = Files.createDirectories(work.resolve("lib/bearings")).resolve("bearings.jar");
        Files.copy(JAR, jar);
        Path launcher = Files.createDirectories(work.resolve("bin")).resolve("bearings");
        Files.copy(Path.of("../bearings"), launcher, StandardCopyOption.COPY_ATTRIBUTES);
        Path cache = work.resolve("cache");
        Map<String, String> folders = Map.of("XDG_CACHE_HOME", cache.toString(), "XDG_DATA_HOME", work.resolve("data").toString(),
                "JAVA_HOME", System.getProperty("java.home"));
        String index = work.resolve("index").toString();
        run(List.of(launcher.toString(), "index", "--folder", "../examples/notes", "--index", index), folders);
        assertThat(archives(cache)).as("only a search makes one").isEmpty();
        List<String> search = List.of(launcher.toString(), "search", "how did I set up the VPN?", "--index", index);

        Run first = run(search, folders);
        assertThat(first.out()).contains("vpn-setup.md");
        assertThat(first.err()).as("no word of the archive, only the search's weights line")
                .startsWith("(this question weighed").doesNotContainIgnoringCase("warning").doesNotContainIgnoringCase("archive")
                .doesNotContainIgnoringCase("cds").hasLineCount(1);
        List<Path> made = archives(cache);
        assertThat(made).hasSize(1);
        assertThat(made.get(0).getFileName().toString()).startsWith("bearings-").endsWith("-search.jsa");

        // A search a running server answers loads other classes than one answered here: it makes an archive of its own.
        List<String> server = List.of(launcher.toString(), "server", "start", "--idle", "5m", "--index", index);
        run(server, folders);
        try {
            // A model named (as another index would): the server declines, so the guess of a served search is wrong,
            // counted, and the archive filed as it ran.
            run(List.of(launcher.toString(), "search", "how did I set up the VPN?", "--model", "bge-small-int8", "--index", index), folders);
            assertThat(archives(cache)).singleElement().satisfies(archive -> assertThat(archive.getFileName().toString()).endsWith("-search.jsa"));
            try (Stream<Path> files = Files.list(made.get(0).getParent())) {
                assertThat(files.filter(file -> file.getFileName().toString().endsWith("-served.miss")))
                        .singleElement().satisfies(miss -> assertThat(Files.readString(miss).strip()).isEqualTo("1"));
            }
            made = archives(cache);
            assertThat(run(search, folders)).as("the server's answer is the search's").isEqualTo(first);
            assertThat(archives(cache)).hasSize(2).contains(made.get(0))
                    .anySatisfy(archive -> assertThat(archive.getFileName().toString()).endsWith("-served.jsa"));
            // The search's archive damaged: a served search that loads our classes from an archive loads them from its own.
            byte[] searchArchive = Files.readAllBytes(made.get(0));
            Files.setPosixFilePermissions(made.get(0), PosixFilePermissions.fromString("rw-------"));
            Files.write(made.get(0), "not an archive".repeat(1000).getBytes());
            Path served = work.resolve("served.log");
            Map<String, String> servedLogged = new HashMap<>(folders);
            servedLogged.put("BEARINGS_JAVA_OPTS", "-Xlog:class+load=info:file=" + served);
            assertThat(run(search, servedLogged)).isEqualTo(first);
            assertThat(Files.readString(served)).as("a served search, from the served search's archive")
                    .contains("dev.bearings.cli.command.ServedSearch source: shared objects file (top)").doesNotContain("picocli");
            Files.write(made.get(0), searchArchive);
        } finally {
            run(List.of(launcher.toString(), "server", "stop"), folders);
        }

        Path classes = work.resolve("classes.log");
        Map<String, String> logged = new HashMap<>(folders);
        logged.put("BEARINGS_JAVA_OPTS", "-Xlog:class+load=info:file=" + classes);
        assertThat(run(search, logged)).isEqualTo(first);
        assertThat(Files.readString(classes)).as("Bearings' classes from the archive")
                .containsPattern("dev\\.bearings\\.\\S+ source: shared objects file \\(top\\)");
        // An archive is code: in a folder another user could write, it is not loaded.
        Path folder = made.get(0).getParent();
        Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("rwxrwxrwx"));
        Path refused = work.resolve("refused.log");
        logged.put("BEARINGS_JAVA_OPTS", "-Xlog:class+load=info:file=" + refused);
        assertThat(run(search, logged)).isEqualTo(first);
        assertThat(Files.readString(refused)).as("no class from an archive others could have written")
                .contains("dev.bearings.cli.Bearings").doesNotContain("shared objects file (top)");
        Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("rwx------"));

        Files.setLastModifiedTime(jar, FileTime.from(Instant.now().plusSeconds(86_400)));
        assertThat(run(search, folders)).as("a new jar: the same search, no word of the archive").isEqualTo(first);
        List<Path> remade = archives(cache);
        assertThat(remade).as("one archive, for the new jar: the old jar's two are gone").hasSize(1).doesNotContainAnyElementsOf(made);

        // The archive of the jar before, under the new jar's name: the JVM cannot use it.
        Path current = remade.get(0);
        Files.copy(current, work.resolve("old.jsa"));
        Files.setLastModifiedTime(jar, FileTime.from(Instant.now().plusSeconds(2 * 86_400)));
        run(search, folders);
        Path newest = archives(cache).get(0);
        Files.copy(work.resolve("old.jsa"), newest, StandardCopyOption.REPLACE_EXISTING);
        assertThat(run(search, folders)).as("another jar's archive: unused, without a word").isEqualTo(first);
        Files.write(newest, "not an archive".repeat(1000).getBytes());
        assertThat(run(search, folders)).as("a damaged archive: unused, without a word").isEqualTo(first);
    }
}
