package dev.bearings.benchmarks;

import dev.bearings.testkit.Prerequisite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.JarURLConnection;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The README's install command, run for real into a temporary prefix: here because this module is built
 * after the command line's jar.
 */
class InstallScriptIT {
    private static final Path JAR = Path.of("../cli/target/bearings.jar");

    @TempDir
    Path prefix;
    @TempDir
    Path work;

    private String run(List<String> command) throws Exception {
        return run(command, Map.of(), 0);
    }

    /**
     * Runs a command within 5 minutes, expecting {@code exit}; gives its stdout and stderr. An empty value unsets a
     * variable. The data and cache folders are the test's own unless {@code environment} names others: never the user's.
     */
    private String run(List<String> command, Map<String, String> environment, int exit) throws Exception {
        Path out = work.resolve("out.txt");
        Path err = work.resolve("err.txt");
        ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
        builder.environment().put("XDG_DATA_HOME", work.resolve("data").toString());
        builder.environment().put("XDG_CACHE_HOME", work.resolve("cache").toString());
        environment.forEach((name, value) -> {
            if (value.isEmpty()) {
                builder.environment().remove(name);
            } else {
                builder.environment().put(name, value);
            }
        });
        Process process = builder.start();
        assertThat(process.waitFor(5, TimeUnit.MINUTES)).as("%s finished in time", command).isTrue();
        assertThat(process.exitValue()).as(Files.readString(err)).isEqualTo(exit);
        return Files.readString(out) + Files.readString(err);
    }

    @Test
    void theProjectsLauncherRunsTheBuiltJarFromTheCloneAndThroughALink() throws Exception {
        Prerequisite.require(Files.isRegularFile(JAR), () -> JAR.toAbsolutePath().normalize() + " (the CLI's jar, built before this module)");
        assertThat(run(List.of("../bearings", "--version")).strip()).startsWith("bearings ");
        Path link = Files.createSymbolicLink(work.resolve("bearings"), Path.of("../bearings").toAbsolutePath());
        assertThat(run(List.of(link.toString(), "--version")).strip()).startsWith("bearings ");
        assertThat(run(List.of("../bearings", "--version"), Map.of("BEARINGS_JAVA_OPTS", "-XX:+NoSuchOptionHere"), 1))
                .as("the launcher hands $BEARINGS_JAVA_OPTS to the JVM").contains("NoSuchOptionHere");
        // The test's own cache (run's): the user's class-data archive is neither used nor made here.
        Map<String, String> showFlags = Map.of("BEARINGS_JAVA_OPTS", "-XX:+PrintCommandLineFlags");
        assertThat(run(List.of("../bearings", "mcp", "--help"), showFlags, 0)).as("the server's memory settings")
                .contains("-XX:+UseSerialGC", "-XX:MaxHeapFreeRatio=30", "-XX:TieredStopAtLevel=1").doesNotContain("warning");
        // The C heap trimmed where it can be: glibc's, by a JDK that has the switch (17.0.9 on).
        boolean trims = System.getProperty("os.name").equals("Linux") && Runtime.version().compareTo(Runtime.Version.parse("17.0.9")) >= 0;
        assertThat(run(List.of("../bearings", "mcp", "--help"), showFlags, 0).contains("-XX:TrimNativeHeapInterval=10000"))
                .as("the server's heap trimmed on Linux").isEqualTo(trims);
        assertThat(run(List.of("../bearings", "--version"), showFlags, 0)).as("only the server's")
                .doesNotContain("-XX:MaxHeapFreeRatio=30");
        assertThat(run(List.of("../bearings", "search", "--help"), showFlags, 0)).as("a command that answers and exits")
                .contains("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC").doesNotContain("-XX:MaxHeapFreeRatio=30", "warning");
        assertThat(run(List.of("../bearings", "index", "--help"), showFlags, 0)).as("an index is built by the whole JIT")
                .doesNotContain("-XX:TieredStopAtLevel=1");
        assertThat(run(List.of("../bearings", "search", "--help"), Map.of("BEARINGS_JAVA_OPTS", "-XX:+UseParallelGC -XX:+PrintCommandLineFlags"), 0))
                .as("a collector the user chose replaces ours")
                .contains("-XX:+UseParallelGC", "-XX:TieredStopAtLevel=1").doesNotContain("-XX:+UseSerialGC");
        assertThat(work.resolve("cache/bearings/cds")).as("no class-data archive is made of a search's help").doesNotExist();
    }

    @Test
    void theLauncherAddsTheJarsOfBearingsClasspathSuchAsAModelsJar() throws Exception {
        Prerequisite.require(Files.isRegularFile(JAR), () -> JAR.toAbsolutePath().normalize() + " (the CLI's jar, built before this module)");
        assertThat(run(List.of("../bearings", "plugins"))).as("the CLI's jar holds the default model only")
                .contains("models here: bge-small-int8 (default); each its own jar, not here: minilm, minilm-int8, bge-small");
        // The benchmarks have every model's jar on their class path: the one of all-MiniLM-L6-v2 int8.
        URL onnx = getClass().getResource("/all-minilm-l6-v2-q.onnx");
        Path modelJar = Path.of(((JarURLConnection) onnx.openConnection()).getJarFileURL().toURI());
        assertThat(run(List.of("../bearings", "plugins"), Map.of("BEARINGS_CLASSPATH", modelJar.toString()), 0))
                .contains("models here: minilm-int8, bge-small-int8 (default); each its own jar, not here: minilm, bge-small");
    }

    @Test
    void installsALauncherThatRunsTheJar() throws Exception {
        Prerequisite.require(Files.isRegularFile(JAR), () -> JAR.toAbsolutePath().normalize() + " (the CLI's jar, built before this module)");
        // Folders of the test's own (run's), and searches that may start a server, as a person's may.
        Path data = work.resolve("data");
        Path cache = work.resolve("cache");
        String installed = run(List.of("sh", "../cli/install.sh", prefix.toString()), Map.of("JAVA_HOME", System.getProperty("java.home"),
                "BEARINGS_NO_SERVER", ""), 0);
        assertThat(installed).contains("made the class-data archive");
        try (var made = Files.list(cache.resolve("bearings/cds"))) {
            assertThat(made.map(Path::getFileName).map(Path::toString)).singleElement().satisfies(name -> assertThat(name).endsWith("-search.jsa"));
        }
        // A search that starts a server makes its log first, before the server can say anything.
        assertThat(data.resolve("bearings/logs")).as("the installer's search of a scratch index started no server").doesNotExist();
        assertThat(installed).contains("installed " + prefix.resolve("bin/bearings"));
        Path completion = prefix.resolve("share/bash-completion/completions/bearings");
        assertThat(installed).contains("installed " + completion);
        assertThat(Files.readString(completion)).as("the completion script, written once").contains("complete -F _complete_bearings");
        Path launcher = prefix.resolve("bin/bearings");
        assertThat(Files.isExecutable(launcher)).isTrue();
        Path platformJar = Path.of("../dist/target/bearings-linux-x64.jar");
        boolean linuxX64 = System.getProperty("os.name").equals("Linux") && System.getProperty("os.arch").equals("amd64");
        assertThat(Files.size(prefix.resolve("lib/bearings/bearings.jar"))).as("this platform's jar where the build made one")
                .isEqualTo(Files.size(linuxX64 ? platformJar : JAR));
        assertThat(Files.readString(launcher)).as("the java of install time, for clients without the user's PATH")
                .contains("installed_java='" + Path.of(System.getProperty("java.home"), "bin", "java"));
        assertThat(run(List.of(launcher.toString(), "--version")).strip()).startsWith("bearings ");
        Path notes = Files.createDirectories(work.resolve("notes"));
        Files.writeString(notes.resolve("vpn.md"), "# VPN\n\nWireGuard listens on UDP port 51820.\n");
        run(List.of(launcher.toString(), "index", "--folder", notes.toString(), "--index", work.resolve("index").toString()));
        assertThat(run(List.of(launcher.toString(), "search", "which port does the VPN use", "--index",
                work.resolve("index").toString()))).contains("vpn.md").contains("51820");
    }
}
