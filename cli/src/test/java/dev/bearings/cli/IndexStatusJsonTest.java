package dev.bearings.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code bearings status --json} and the MCP tool {@code index_status} tell an index's state in one shape. */
class IndexStatusJsonTest {
    @TempDir
    Path root;

    @Test
    void statusJsonAndTheMcpToolGiveTheSameKeysAndValues() throws Exception {
        Path index = McpServerProcess.indexedExamples(root, "sqlite");
        CliRun cli = CliRun.of("status", "--json", "--index", index.toString());
        assertThat(cli.exitCode()).as(cli.err()).isZero();
        ObjectNode printed = (ObjectNode) McpServerProcess.JSON.readTree(cli.out());
        ObjectNode returned;
        try (McpServerProcess server = McpServerProcess.start(McpServerProcess.command(index)).initialized()) {
            JsonNode result = server.call("status", "index_status", "{}").path("result");
            assertThat(result.path("isError").asBoolean()).as(result.toString()).isFalse();
            returned = (ObjectNode) McpServerProcess.JSON.readTree(result.path("content").get(0).path("text").asText());
        }
        assertThat(List.copyOf(returned.properties()).stream().map(e -> e.getKey()).toList())
                .isEqualTo(List.copyOf(printed.properties()).stream().map(e -> e.getKey()).toList());
        assertThat(printed.path("sources")).hasSize(1);
        assertThat(printed.path("sources").get(0).asText()).startsWith("folder:");
        assertThat(printed.path("skippedBySource").isObject()).isTrue();
        // A SQLite file may grow while a server has it open; every other value is the same.
        printed.remove("bytesOnDisk");
        returned.remove("bytesOnDisk");
        assertThat(returned).isEqualTo(printed);
    }
}
