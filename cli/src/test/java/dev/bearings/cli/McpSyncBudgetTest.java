package dev.bearings.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code bearings mcp --sync-budget}: a search syncs changed notes only until its budget is spent
 * (checked between rounds of 16 notes), answers, and leaves the rest to the next searches.
 */
class McpSyncBudgetTest {
    private static final int NEW_NOTES = 40;
    private static final int NOTES_PER_ROUND = 16;

    @Test
    void aSearchSyncsWithinItsBudgetAndTheNextSearchesSyncTheRest(@TempDir Path root) throws Exception {
        Path index = McpServerProcess.indexedExamples(root, "sqlite");
        for (int i = 0; i < NEW_NOTES; i++) {
            Files.writeString(root.resolve("notes").resolve("tide-" + i + ".md"),
                    "# Tide table " + i + "\n\nHigh water at harbour " + i + " comes with the moon.\n");
        }
        try (McpServerProcess server = McpServerProcess.start(McpServerProcess.command(index, "--sync-budget", "0"))
                .initialized()) {
            int pending = NEW_NOTES;
            for (int search = 0; pending > 0; search++) {
                assertThat(pendingChanges(server, "before" + search)).isEqualTo(pending);
                JsonNode answer = server.call("s" + search, "search_notes", "{\"query\":\"high water at the harbour\"}")
                        .path("result");
                assertThat(answer.path("isError").asBoolean()).as(answer.toString()).isFalse();
                assertThat(answer.path("content").get(0).path("text").asText()).contains("tide-");
                pending = Math.max(0, pending - NOTES_PER_ROUND);
            }
            assertThat(pendingChanges(server, "after")).isZero();
            JsonNode notes = McpServerProcess.JSON.readTree(server.call("list", "list_notes", "{\"limit\":100}")
                    .path("result").path("content").get(0).path("text").asText());
            assertThat(notes.path("notes")).as(notes.toString()).hasSize(5 + NEW_NOTES);
        }
    }

    private static int pendingChanges(McpServerProcess server, String id) throws Exception {
        JsonNode status = server.call(id, "index_status", "{}").path("result");
        assertThat(status.path("isError").asBoolean()).as(status.toString()).isFalse();
        return McpServerProcess.JSON.readTree(status.path("content").get(0).path("text").asText())
                .path("changedSinceLastSync").asInt();
    }
}
