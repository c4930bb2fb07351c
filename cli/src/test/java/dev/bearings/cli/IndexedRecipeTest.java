package dev.bearings.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bearings.testprocess.ChildProcess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An index remembers its recipe: searching it, from the CLI or an MCP server, embeds the query with the
 * model the index was built with (here int8, not the default fp32), also after notes change and the
 * server syncs them; flags that would change the recipe are refused, naming both sides.
 */
class IndexedRecipeTest {
    private static final String QUERY = "how did I set up the VPN?";

    @TempDir
    Path root;

    private JsonNode cliSearch(Path index, String... model) throws Exception {
        String[] args = model.length == 0 ? new String[]{"search", "--json", "--index", index.toString(), QUERY}
                : new String[]{"search", "--json", "--index", index.toString(), "--model", model[0], QUERY};
        CliRun run = CliRun.of(args);
        assertThat(run.exitCode()).as(run.err()).isZero();
        return McpServerProcess.JSON.readTree(run.out());
    }

    @Test
    void searchAndTheMcpServerUseTheIndexsModelAndRefuseAnother() throws Exception {
        Path notes = McpServerProcess.exampleNotes(root);
        Path index = root.resolve("index");
        CliRun built = CliRun.of("index", "--folder", notes.toString(), "--index", index.toString(), "--model", "int8",
                "--max-words", "200");
        assertThat(built.exitCode()).as(built.err()).isZero();

        JsonNode explicit = cliSearch(index, "int8");
        JsonNode implicit = cliSearch(index);
        assertThat(implicit).as("without --model, search embeds with the index's int8 model").isEqualTo(explicit);
        assertThat(implicit.get(0).path("noteId").asText()).isEqualTo("vpn-setup.md");

        CliRun fp32 = CliRun.of("search", "--index", index.toString(), "--model", "fp32", QUERY);
        assertThat(fp32.exitCode()).isEqualTo(2);
        assertThat(fp32.err()).contains("all-MiniLM-L6-v2/int8").contains("all-MiniLM-L6-v2/fp32").contains("--rebuild");

        CliRun plainSync = CliRun.of("index", "--index", index.toString());
        assertThat(plainSync.exitCode()).as("a plain re-sync uses the index's recipe: %s", plainSync.err()).isZero();
        assertThat(plainSync.out()).contains("0 notes added, 0 changed, 0 removed, 5 unchanged");

        try (ChildProcess refused = ChildProcess.run(McpServerProcess.command(index, "--model", "fp32"), root.resolve("logs"),
                Duration.ofMinutes(2))) {
            assertThat(refused.exitCode(Duration.ofSeconds(1))).isEqualTo(2);
            assertThat(refused.err()).contains("all-MiniLM-L6-v2/int8").contains("all-MiniLM-L6-v2/fp32").contains("--rebuild");
        }

        try (McpServerProcess server = McpServerProcess.start(McpServerProcess.command(index)).initialized()) {
            JsonNode status = McpServerProcess.JSON.readTree(server.call("status", "index_status", "{}")
                    .path("result").path("content").get(0).path("text").asText());
            assertThat(status.path("model").asText()).isEqualTo("all-MiniLM-L6-v2/int8");
            assertThat(search(server, "before")).isEqualTo(explicit);

            Path vpn = notes.resolve("vpn-setup.md");
            Files.writeString(vpn, Files.readString(vpn).replace("little Debian box", "little Debian server"));
            Files.setLastModifiedTime(vpn, java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() + 60_000));
            JsonNode afterSync = search(server, "after");
            assertThat(afterSync.get(0).path("noteId").asText()).isEqualTo("vpn-setup.md");
            assertThat(afterSync).as("the server synced the change with the index's recipe and searches as the CLI does")
                    .isEqualTo(cliSearch(index, "int8"));
        }
        assertThat(McpServerProcess.JSON.readTree(CliRun.of("status", "--json", "--index", index.toString()).out())
                .path("chunking").path("maxWords").asInt()).isEqualTo(200);
    }

    @Test
    void theModelIsRecordedAndAnIndexThatNeverRecordedItKeepsTheOneItWasBuiltWith() throws Exception {
        Path notes = McpServerProcess.exampleNotes(root);
        Path index = root.resolve("index");
        CliRun built = CliRun.of("index", "--folder", notes.toString(), "--index", index.toString(), "--model", "minilm-int8");
        assertThat(built.exitCode()).as(built.err()).isZero();
        Path file = index.resolve("bearings.sqlite");
        assertThat(meta(file, "embedder.model")).isEqualTo("minilm-int8");
        // As an index made before models were recorded: no model setting, only the id it reported.
        try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + file);
             Statement statement = db.createStatement()) {
            statement.executeUpdate("DELETE FROM meta WHERE key = 'embedder.model'");
        }
        CliRun sync = CliRun.of("index", "--index", index.toString());
        assertThat(sync.exitCode()).as("it syncs with its own model, not today's default: %s", sync.err()).isZero();
        assertThat(sync.out()).contains("0 notes added, 0 changed, 0 removed, 5 unchanged");
        assertThat(cliSearch(index).get(0).path("noteId").asText()).isEqualTo("vpn-setup.md");

        Path fresh = root.resolve("fresh");
        CliRun plain = CliRun.of("index", "--folder", notes.toString(), "--index", fresh.toString());
        assertThat(plain.exitCode()).as(plain.err()).isZero();
        assertThat(meta(fresh.resolve("bearings.sqlite"), "embedder.model")).as("the default model, named")
                .isEqualTo(meta(fresh.resolve("bearings.sqlite"), "model"));
    }

    private static String meta(Path sqlite, String key) throws Exception {
        try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + sqlite);
             PreparedStatement select = db.prepareStatement("SELECT value FROM meta WHERE key = ?")) {
            select.setString(1, key);
            try (ResultSet row = select.executeQuery()) {
                return row.next() ? row.getString(1) : null;
            }
        }
    }

    private static JsonNode search(McpServerProcess server, String id) throws Exception {
        JsonNode result = server.call(id, "search_notes", "{\"query\":\"" + QUERY + "\"}").path("result");
        assertThat(result.path("isError").asBoolean()).as(result.toString()).isFalse();
        return McpServerProcess.JSON.readTree(result.path("content").get(0).path("text").asText());
    }
}
