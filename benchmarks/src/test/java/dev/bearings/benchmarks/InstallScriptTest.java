package dev.bearings.benchmarks;

import dev.bearings.testkit.Prerequisite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The README's install command, run for real into a temporary prefix: here because this module is built
 * after the command line's jar.
 */
class InstallScriptTest {
    private static final Path JAR = Path.of("../app-cli/target/bearings.jar");

    @TempDir
    Path prefix;
    @TempDir
    Path work;

    private String run(List<String> command) throws Exception {
        Path out = work.resolve("out.txt");
        Path err = work.resolve("err.txt");
        Process process = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        assertThat(process.waitFor(5, TimeUnit.MINUTES)).as("%s finished in time", command).isTrue();
        assertThat(process.exitValue()).as(Files.readString(err)).isZero();
        return Files.readString(out);
    }

    @Test
    void installsALauncherThatRunsTheJar() throws Exception {
        Prerequisite.require(Files.isRegularFile(JAR), () -> JAR.toAbsolutePath().normalize() + " (the CLI's jar, built before this module)");
        String installed = run(List.of("sh", "../app-cli/install.sh", prefix.toString()));
        assertThat(installed).contains("installed " + prefix.resolve("bin/bearings"));
        Path launcher = prefix.resolve("bin/bearings");
        assertThat(Files.isExecutable(launcher)).isTrue();
        assertThat(Files.size(prefix.resolve("lib/bearings/bearings.jar"))).isEqualTo(Files.size(JAR));
        assertThat(run(List.of(launcher.toString(), "--version")).strip()).startsWith("bearings ");
        Path notes = Files.createDirectories(work.resolve("notes"));
        Files.writeString(notes.resolve("vpn.md"), "# VPN\n\nWireGuard listens on UDP port 51820.\n");
        run(List.of(launcher.toString(), "index", "--folder", notes.toString(), "--index", work.resolve("index").toString()));
        assertThat(run(List.of(launcher.toString(), "search", "which port does the VPN use", "--index",
                work.resolve("index").toString()))).contains("vpn.md").contains("51820");
    }
}
