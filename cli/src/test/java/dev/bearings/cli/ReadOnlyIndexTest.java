package dev.bearings.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bearings.testkit.Prerequisite;
import dev.bearings.testprocess.ChildProcess;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An index on a read-only file system, for real: each command runs in its own mount namespace where
 * the index folder is bind-mounted read-only, so even root gets "Read-only file system" and nothing
 * outside the process sees the mount. Writing fails clearly, naming the folder; reading still works;
 * nothing in the index changes.
 */
class ReadOnlyIndexTest {
    private static final String READ_ONLY_MOUNT =
            "mount --bind \"$1\" \"$1\" && mount -o remount,ro,bind \"$1\" \"$1\" && shift && exec \"$@\"";

    @BeforeAll
    static void readOnlyMountsCanBeMade(@TempDir Path probe) throws Exception {
        CliProcess run = CliProcess.run(readOnly(probe, List.of("touch", probe.resolve("x").toString())));
        Prerequisite.require(run.err().contains("Read-only file system"),
                () -> "this machine cannot make a read-only mount in a user namespace (unshare -U -r -m): " + run.err());
    }

    /** The command, run where {@code folder} is read-only. */
    private static List<String> readOnly(Path folder, List<String> command) {
        List<String> wrapped = new ArrayList<>(List.of("unshare", "--user", "--map-root-user", "--mount",
                "--propagation", "private", "sh", "-c", READ_ONLY_MOUNT, "sh", folder.toString()));
        wrapped.addAll(command);
        return wrapped;
    }

    private record CliProcess(int exitCode, String out, String err) {
        /** Runs it to the end, within two minutes. */
        static CliProcess run(List<String> command) throws Exception {
            Path logs = Files.createTempDirectory("bearings-child");
            try (ChildProcess child = ChildProcess.start(command, logs)) {
                int code = child.exitCode(Duration.ofMinutes(2));
                return new CliProcess(code, child.out(), child.err());
            } finally {
                try (var files = Files.list(logs)) {
                    for (Path file : files.toList()) {
                        Files.delete(file);
                    }
                }
                Files.delete(logs);
            }
        }
    }

    private static void note(Path notes, String name, String topic) throws IOException {
        Files.writeString(notes.resolve(name), "# " + topic + "\n\n## Setup\n\n"
                + ("How the " + topic + " was set up, step by step, and what broke. ").repeat(15) + "\n");
    }

    @ParameterizedTest
    @ValueSource(strings = {"sqlite", "lucene"})
    void writingFailsClearlyReadingWorksAndNothingChanges(String store, @TempDir Path notes, @TempDir Path root) throws Exception {
        Path index = root.resolve("index");
        note(notes, "vpn.md", "WireGuard VPN");
        note(notes, "bread.md", "sourdough bread");
        CliRun first = CliRun.of("index", "--folder", notes.toString(), "--index", index.toString(), "--store", store);
        assertThat(first.exitCode()).as(first.err()).isZero();
        String statusBefore = CliRun.of("status", "--json", "--index", index.toString(), "--store", store).out();
        note(notes, "vpn.md", "OpenVPN tunnel");

        CliProcess write = CliProcess.run(readOnly(index, CliRun.command("index", "--index", index.toString(), "--store", store)));
        assertThat(write.exitCode()).as(write.err()).isEqualTo(2);
        assertThat(write.err()).contains("cannot write to the index folder " + index).contains("Read-only file system")
                .doesNotContain("--rebuild").doesNotContain("\tat ");

        CliProcess search = CliProcess.run(readOnly(index, CliRun.command("search", "--json", "--index", index.toString(),
                "--store", store, "how was the vpn set up")));
        assertThat(search.exitCode()).as(search.err()).isZero();
        JsonNode hits = McpServerProcess.JSON.readTree(search.out());
        assertThat(hits).isNotEmpty();
        assertThat(hits.get(0).path("text").asText()).as("the index as it was before the failed run").contains("WireGuard");
        CliProcess status = CliProcess.run(readOnly(index, CliRun.command("status", "--json", "--index", index.toString(), "--store", store)));
        assertThat(status.exitCode()).as(status.err()).isZero();
        assertThat(McpServerProcess.JSON.readTree(status.out()).get("notes").asInt()).isEqualTo(2);

        Path nested = index.resolve("inner");
        CliProcess create = CliProcess.run(readOnly(index, CliRun.command("index", "--folder", notes.toString(),
                "--index", nested.toString(), "--store", store)));
        assertThat(create.exitCode()).as(create.err()).isEqualTo(2);
        assertThat(create.err()).contains("cannot write to the index folder " + nested).contains("Read-only file system");

        assertThat(withoutSources(CliRun.of("status", "--json", "--index", index.toString(), "--store", store).out()))
                .as("the index is as it was (the notes changed: that count is the sources', not the index's)")
                .isEqualTo(withoutSources(statusBefore));
        CliRun writable = CliRun.of("index", "--index", index.toString(), "--store", store);
        assertThat(writable.exitCode()).as(writable.err()).isZero();
        assertThat(writable.out()).contains("1 changed");
    }

    /** A writer that has not checkpointed keeps its last commits in the WAL file: a reader must see them. */
    @org.junit.jupiter.api.Test
    void aReadOnlySqliteIndexIsReadWithWhatItsWriteAheadLogHolds(@TempDir Path notes, @TempDir Path root) throws Exception {
        Path index = root.resolve("index");
        note(notes, "vpn.md", "WireGuard VPN");
        CliRun first = CliRun.of("index", "--folder", notes.toString(), "--index", index.toString());
        assertThat(first.exitCode()).as(first.err()).isZero();
        try (java.sql.Connection writer = java.sql.DriverManager.getConnection("jdbc:sqlite:" + index.resolve("bearings.sqlite"));
             java.sql.Statement s = writer.createStatement()) {
            s.execute("PRAGMA wal_autocheckpoint = 0");
            s.execute("UPDATE notes SET title = 'Renamed in the log'");
            assertThat(index.resolve("bearings.sqlite-wal")).exists();
            CliProcess search = CliProcess.run(readOnly(index, CliRun.command("search", "--json", "--index", index.toString(),
                    "how was the vpn set up")));
            assertThat(search.exitCode()).as(search.err()).isZero();
            assertThat(McpServerProcess.JSON.readTree(search.out()).get(0).path("title").asText()).isEqualTo("Renamed in the log");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"sqlite", "lucene"})
    void theMcpServerSearchesAReadOnlyIndexAndSaysWhyItCannotSync(String store, @TempDir Path root) throws Exception {
        Path index = McpServerProcess.indexedExamples(root, store);
        Files.writeString(root.resolve("notes").resolve("new-note.md"), "# Lighthouse\n\nThe lamp of the lighthouse.\n");
        try (McpServerProcess server = McpServerProcess.start(readOnly(index, McpServerProcess.command(index, "--store", store)))
                .initialized()) {
            JsonNode search = server.call("s", "search_notes", "{\"query\":\"wireguard vpn\"}").path("result");
            assertThat(search.path("isError").asBoolean()).as(search.toString()).isFalse();
            assertThat(search.path("content").get(0).path("text").asText()).contains("vpn-setup.md");
            JsonNode sync = server.call("y", "sync_index", "{}").path("result");
            assertThat(sync.path("isError").asBoolean()).as(sync.toString()).isTrue();
            assertThat(sync.path("content").get(0).path("text").asText()).contains("Read-only file system")
                    .doesNotContain("another bearings index");
            assertThat(server.isAlive()).isTrue();
        }
    }

    private static JsonNode withoutSources(String status) throws Exception {
        ObjectNode json = (ObjectNode) McpServerProcess.JSON.readTree(status);
        json.remove("changedSinceLastSync");
        return json;
    }
}
