package dev.bearings.cli;

import dev.bearings.app.folder.DataFolder;
import dev.bearings.cli.command.ServedSearch;
import dev.bearings.mcp.http.McpToken;
import dev.bearings.mcp.http.ServerEntry;
import dev.bearings.mcp.http.ServerKey;
import dev.bearings.testkit.Prerequisite;
import dev.bearings.testprocess.ChildProcess;
import dev.bearings.testprocess.ServedMcp;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What another user of this machine can reach, tried as one: the tests run as root and start programs
 * as user id {@value #OTHER} with util-linux's {@code setpriv} (no account needed). Their folders are
 * opened to everyone first, so that only what Bearings itself does keeps the other user out. In CI the
 * tests run as root; elsewhere, without root, they are skipped, saying why.
 */
class AnotherUserTest {
    private static final String OTHER = "54321";
    private static final Path SETPRIV = Path.of("/usr/bin/setpriv");

    @TempDir
    Path root;

    @BeforeEach
    void asRootWithSetpriv() throws Exception {
        Prerequisite.require(Files.isExecutable(SETPRIV) && (Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid") == 0,
                () -> "root and util-linux's setpriv, to run programs as a second user");
        Files.setPosixFilePermissions(root, PosixFilePermissions.fromString("rwxrwxrwx"));
    }

    private static List<String> asOther(String... command) {
        List<String> line = new ArrayList<>(List.of(SETPRIV.toString(), "--reuid=" + OTHER, "--regid=" + OTHER, "--clear-groups"));
        line.addAll(List.of(command));
        return line;
    }

    @Test
    void theTokenTheDataFolderAndTheIndexAreTheirOwnersAlone() throws Exception {
        Path index = McpServerProcess.indexedExamples(root, "sqlite");
        try (ServedMcp served = McpServerProcess.served(root, index)) {
            Files.setPosixFilePermissions(served.dataFolder().getParent(), PosixFilePermissions.fromString("rwxrwxrwx"));
            for (List<String> reading : List.of(asOther("cat", served.dataFolder().resolve(McpToken.FILE).toString()),
                    asOther("ls", served.dataFolder().toString()), asOther("cat", index.resolve("bearings.sqlite").toString()),
                    asOther("ls", index.toString()))) {
                try (ChildProcess other = ChildProcess.run(reading, root.resolve("logs"), Duration.ofSeconds(30))) {
                    assertThat(other.exitCode(Duration.ofSeconds(1))).as(String.join(" ", reading) + ": " + other.out()).isNotZero();
                    assertThat(other.err()).contains("Permission denied");
                    assertThat(other.out()).doesNotContain(served.token());
                }
            }
        }
    }

    /**
     * The case, as another user sees it: while {@code bearings index} writes a new index, and after it
     * is killed half-way, every file of the index (SQLite's journal and shared memory, Lucene's segments and
     * write lock) is out of the other user's reach, and so is the folder; nothing is made readable first.
     */
    @ParameterizedTest
    @ValueSource(strings = {"sqlite", "lucene"})
    void anotherUserReadsNothingOfAnIndexWhileItIsWrittenNorAfterAKill(String store) throws Exception {
        Path notes = Files.createDirectories(root.resolve("notes"));
        for (int i = 0; i < 400; i++) {
            Files.writeString(notes.resolve("log-" + i + ".md"), "# Log " + i + "\n\nThe keeper's private entry " + i
                    + ": the boat left at dawn, wind west, force " + (i % 9) + ".\n");
        }
        // The folder: made by the user, open to all, with a file of theirs in it. It is not Bearings' to change,
        // and an index in it would be readable: refused, saying why and what to do, before anything is written.
        Path index = Files.createDirectories(root.resolve("index"));
        Files.writeString(index.resolve("other.txt"), "hi");
        Files.setPosixFilePermissions(index, PosixFilePermissions.fromString("rwxr-xr-x"));
        CliRun refused = CliRun.of("index", "--folder", notes.toString(), "--index", index.toString(), "--store", store);
        assertThat(refused.exitCode()).isNotZero();
        assertThat(refused.err()).contains("holds other files (such as other.txt)").contains("chmod 700");
        try (var files = Files.list(index)) {
            assertThat(files.map(f -> f.getFileName().toString())).containsExactly("other.txt");
        }
        // Made private by the user, as the message says: the index is written there, out of the other user's reach.
        Files.setPosixFilePermissions(index, PosixFilePermissions.fromString("rwx------"));
        HeldEmbedderProvider.Gate gate = HeldEmbedderProvider.Gate.in(root.resolve("gate"));
        try (ChildProcess run = ChildProcess.start(CliRun.command("index", "--folder", notes.toString(), "--index", index.toString(),
                "--store", store, "--embedder", HeldEmbedderProvider.NAME), root.resolve("logs"), gate.environment())) {
            // Held with its first round of notes written: caught while it writes.
            gate.awaitHeld(run);
            assertThat(index.resolve(store.equals("sqlite") ? "bearings.sqlite-wal" : "lucene")).exists();
            assertNothingReadable(index);
            run.process().destroyForcibly();
            assertThat(run.process().waitFor(30, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        }
        assertNothingReadable(index);
    }

    /** Every file and folder of {@code index}, as the root test sees them, tried as the other user: none opens. */
    private void assertNothingReadable(Path index) throws Exception {
        List<Path> all;
        try (var files = Files.walk(index)) {
            all = files.toList();
        }
        assertThat(all).hasSizeGreaterThan(2);
        for (Path path : all) {
            if (path.getFileName().toString().equals("other.txt")) {
                continue;
            }
            List<String> reading = Files.isDirectory(path) ? asOther("ls", path.toString()) : asOther("cat", path.toString());
            try (ChildProcess other = ChildProcess.run(reading, root.resolve("logs"), Duration.ofSeconds(30))) {
                assertThat(other.exitCode(Duration.ofSeconds(1))).as(String.join(" ", reading) + " read: " + other.out()).isNotZero();
                assertThat(other.out()).doesNotContain("keeper");
            }
        }
    }

    /**
     * Another user's program on the port a server of ours named (the server killed, its port taken)
     * is asked to prove itself and learns neither the token, nor the query, nor the working folder; the
     * search runs here. An entry naming another user's process is not asked at all.
     */
    @Test
    void anotherUsersListenerOnAServersPortLearnsNothingSecret() throws Exception {
        Path index = McpServerProcess.indexedExamples(root, "sqlite");
        Path data = Files.createDirectories(root.resolve("xdg/bearings"));
        String token = "t0ken-of-" + ServerKey.random().encoded();
        Files.writeString(data.resolve(McpToken.FILE), token + "\n");
        try (ForeignListener other = ForeignListener.start(root, asOther())) {
            int port = other.port();
            Path entry = data.resolve(DataFolder.SERVERS).resolve(Integer.toString(port));
            // The entry names this test's own process, alive and ours: only the port is the other user's.
            ServerEntry.announce(data, InetAddress.getLoopbackAddress(), port, index, ServerKey.random(), ServerEntry.MCP);

            String question = "wireguard tunnel for the home network";
            try (ChildProcess search = ChildProcess.start(CliRun.command("search", "--index", index.toString(), question),
                    root.resolve("logs"), Map.of("XDG_DATA_HOME", data.getParent().toString()), root)) {
                assertThat(search.exitCode(Duration.ofMinutes(2))).as(search.err()).isZero();
                assertThat(search.out()).as("searched here").contains("vpn-setup.md");
            }
            String told = other.heard();
            assertThat(told).as("it was asked to prove itself").contains(ServerKey.CHALLENGE_HEADER);
            assertThat(told).doesNotContain(token).doesNotContain("wireguard").doesNotContain(root.toString())
                    .doesNotContainIgnoringCase("Authorization");

            Files.writeString(entry, Files.readString(entry).replaceFirst("pid \\d+", "pid " + other.pid()));
            int before = other.heard().length();
            try (ChildProcess search = ChildProcess.start(CliRun.command("search", "--index", index.toString(), question),
                    root.resolve("logs"), Map.of("XDG_DATA_HOME", data.getParent().toString()), root)) {
                assertThat(search.exitCode(Duration.ofMinutes(2))).as(search.err()).isZero();
                assertThat(search.out()).contains("vpn-setup.md");
            }
            assertThat(other.heard()).as("an entry naming another user's process is not asked").hasSize(before);
        }
    }
}
