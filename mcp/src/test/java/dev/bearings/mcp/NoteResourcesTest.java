package dev.bearings.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bearings.app.testing.ExampleIndex;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Optional;

import static dev.bearings.mcp.StdioClient.JSON;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A note's address that cannot be decoded is an error that gives the address back as its data, cut at 200
 * characters, so that a client sees which of its reads failed without being sent a megabyte back.
 */
class NoteResourcesTest {

    @Test
    void anAddressThatCannotBeDecodedIsGivenBackInTheErrorCutShort(@TempDir Path root) throws Exception {
        try (ExampleIndex example = ExampleIndex.synced(root)) {
            NoteResources resources = new NoteResources(new McpTools(example.index(), "sqlite", Optional.empty(),
                    BearingsMcpServer.jsonMapper()), example.index());
            String broken = NoteResources.SCHEME + "%zz/";
            String whole = broken + "x".repeat(200 - broken.length());
            assertThat(whole).hasSize(200);
            JsonNode error = read(resources, whole).path("error");
            assertThat(error.path("code").asInt()).isEqualTo(-32602);
            assertThat(error.path("message").asText()).contains("a % not followed by two hex digits");
            assertThat(error.path("data").asText()).isEqualTo(whole);
            String longer = whole + "y";
            assertThat(read(resources, longer).path("error").path("data").asText()).isEqualTo(whole + "...");
        }
    }

    private static JsonNode read(NoteResources resources, String uri) throws Exception {
        return JSON.readTree(resources.answer(JSON.createObjectNode().put("jsonrpc", "2.0").put("id", 1).put("method", "resources/read")
                .set("params", JSON.createObjectNode().put("uri", uri))).orElseThrow());
    }
}
