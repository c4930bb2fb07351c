package dev.bearings.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.bearings.app.testing.ExampleIndex;
import dev.bearings.app.words.Dates;
import dev.bearings.app.words.Limits;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The server as the SDK's own Java client sees it over HTTP: its tools, the answers' structured content,
 * the notes as resources (complete at the first listing, followed as the index changes), and the prompt.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class McpClientTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private ExampleIndex example;
    private HttpServing server;
    private final List<List<McpSchema.Resource>> changes = new CopyOnWriteArrayList<>();
    private McpSyncClient client;

    @BeforeAll
    void start(@TempDir Path root) throws Exception {
        example = ExampleIndex.synced(root);
        server = HttpServing.of(example.index(), root.resolve("data"));
        client = client(server, changes);
        client.initialize();
    }

    static McpSyncClient client(HttpServing server, List<List<McpSchema.Resource>> changes) throws Exception {
        String token = server.token();
        HttpClientStreamableHttpTransport transport = HttpClientStreamableHttpTransport.builder("http://127.0.0.1:" + server.port())
                .endpoint("/mcp").requestBuilder(HttpRequest.newBuilder().header("Authorization", "Bearer " + token)).build();
        return McpClient.sync(transport).requestTimeout(Duration.ofSeconds(60)).resourcesChangeConsumer(changes::add).build();
    }

    @AfterAll
    void stop() throws Exception {
        client.closeGracefully();
        server.close();
        example.close();
    }

    @Test
    void theToolsAnswerAsDataAndAsText() throws Exception {
        assertThat(client.listTools().tools()).extracting(McpSchema.Tool::name)
                .containsExactlyInAnyOrder("search_notes", "read_note", "read_notes", "list_notes", "list_tags", "index_status", "sync_index");
        McpSchema.CallToolResult found = client.callTool(new McpSchema.CallToolRequest("search_notes",
                Map.of("query", "how did I set up the VPN?", "limit", 3)));
        assertThat(found.isError()).isFalse();
        JsonNode passages = JSON.valueToTree(found.structuredContent()).path("passages");
        assertThat(passages.get(0).path("noteId").asText()).isEqualTo("vpn-setup.md");
        assertThat(passages.get(0).path("headingPath").asText()).startsWith("# Home VPN with WireGuard");
        assertThat(JSON.readTree(((McpSchema.TextContent) found.content().get(0)).text())).isEqualTo(passages);
        assertThat(passages.get(0).path("strength").asText()).isEqualTo("strong");
        assertThat(passages.get(0).path("similarity").asDouble()).isBetween(0.5, 1.0);
        JsonNode unanswered = JSON.valueToTree(client.callTool(new McpSchema.CallToolRequest("search_notes",
                Map.of("query", "what is the capital of Peru"))).structuredContent()).path("passages");
        assertThat(unanswered).isNotEmpty().allSatisfy(p -> assertThat(p.path("strength").asText()).isEqualTo("weak"));
        assertThat(client.listTools().tools()).filteredOn(t -> t.name().equals("search_notes")).singleElement()
                .satisfies(t -> assertThat(t.description()).contains("none is strong, the notes may not answer")
                        .contains("do not present weak passages as the answer"));
        McpSchema.CallToolResult section = client.callTool(new McpSchema.CallToolRequest("read_note",
                Map.of("id", "vpn-setup.md", "heading", "Troubleshooting")));
        JsonNode note = JSON.valueToTree(section.structuredContent());
        assertThat(note.path("markdown").asText()).startsWith("## Troubleshooting").contains("handshake");
        assertThat(note.path("startLine").asInt()).isPositive();
    }

    @Test
    void theToolsTellClientsTheLimitsAndDateFormsEveryDriverKeeps() {
        Map<String, JsonNode> schemas = new java.util.HashMap<>();
        client.listTools().tools().forEach(tool -> schemas.put(tool.name(), JSON.valueToTree(tool.inputSchema()).path("properties")));
        JsonNode search = schemas.get("search_notes");
        assertThat(search.path("limit").path("maximum").asInt()).isEqualTo(Limits.MOST);
        assertThat(search.path("limit").path("description").asText()).contains("default " + Limits.SEARCH + ")");
        assertThat(search.path("since").path("description").asText()).contains(Dates.FORMS);
        JsonNode list = schemas.get("list_notes");
        assertThat(list.path("limit").path("maximum").asInt()).isEqualTo(Limits.MOST);
        assertThat(list.path("limit").path("description").asText()).contains("default " + Limits.NOTES + ")");
        assertThat(list.path("modified_since").path("description").asText()).contains(Dates.FORMS);
        assertThat(schemas.get("read_notes").path("ids").path("maxItems").asInt()).isEqualTo(Limits.READ_AT_ONCE);
    }

    @Test
    void theNotesAreResourcesCompleteAtTheFirstListing() throws Exception {
        List<McpSchema.Resource> listed = client.listResources().resources();
        try (var notes = Files.list(example.notes())) {
            assertThat(listed).hasSize((int) notes.count());
        }
        McpSchema.Resource vpn = listed.stream().filter(r -> r.uri().endsWith("/vpn-setup.md")).findFirst().orElseThrow();
        McpSchema.ReadResourceResult read = client.readResource(vpn);
        assertThat(((McpSchema.TextResourceContents) read.contents().get(0)).text())
                .isEqualTo(Files.readString(example.notes().resolve("vpn-setup.md")));
        var prompt = client.getPrompt(new McpSchema.GetPromptRequest(AnswerPrompt.NAME, Map.of("question", "where is the VPN key?")));
        assertThat(prompt.messages()).hasSize(1);
        assertThat(((McpSchema.TextContent) prompt.messages().get(0).content()).text())
                .contains("a weak passage is only the nearest there is").contains("If no passage is strong");
    }

    @Test
    void theResourcesFollowTheIndexOneNoticePerChange(@TempDir Path own) throws Exception {
        try (ExampleIndex index = ExampleIndex.synced(own); HttpServing served = HttpServing.of(index.index(), own.resolve("data"))) {
            List<List<McpSchema.Resource>> heard = new CopyOnWriteArrayList<>();
            McpSyncClient listening = client(served, heard);
            try {
                listening.initialize();
                listening.callTool(new McpSchema.CallToolRequest("sync_index", Map.of()));
                listening.ping();
                assertThat(heard).as("nothing changed since the server started").isEmpty();
                for (int i = 0; i < 3; i++) {
                    Files.writeString(index.notes().resolve("kayak-" + i + ".md"), "# Kayak " + i + "\n\nPaddles in the shed.\n");
                }
                assertThat(listening.callTool(new McpSchema.CallToolRequest("sync_index", Map.of())).isError()).isFalse();
                long end = System.nanoTime() + Duration.ofSeconds(30).toNanos();
                while (heard.isEmpty() && System.nanoTime() < end) {
                    Thread.sleep(20);
                }
                listening.ping();
                assertThat(heard).as("one notice for three notes").hasSize(1);
                assertThat(heard.get(0)).extracting(McpSchema.Resource::uri).anyMatch(uri -> uri.endsWith("kayak-2.md"));
            } finally {
                listening.closeGracefully();
            }
        }
    }

    /** A listing comes a page at a time: notes by list_notes' cursor, resources by resources/list's; each page whole and in order. */
    @Test
    void listingsComeAPageAtATimeAndNotesAreReadSeveralAtOnce(@TempDir Path own) throws Exception {
        Path notes = java.nio.file.Files.createDirectories(own.resolve("notes"));
        int many = dev.bearings.app.words.Limits.RESOURCES_PAGE + 5;
        for (int i = 0; i < many; i++) {
            Files.writeString(notes.resolve(String.format("n%03d.md", i)), "# Note " + i + "\n\nA line.\n");
        }
        try (ExampleIndex index = ExampleIndex.of(notes, own.resolve("index"), "sqlite")) {
            index.index().syncAll();
            try (HttpServing served = HttpServing.of(index.index(), own.resolve("data"))) {
                McpSyncClient paging = client(served, new CopyOnWriteArrayList<>());
                try {
                    paging.initialize();
                    McpSchema.ListResourcesResult first = paging.listResources((String) null);
                    assertThat(first.resources()).hasSize(dev.bearings.app.words.Limits.RESOURCES_PAGE);
                    assertThat(first.nextCursor()).isNotNull();
                    McpSchema.ListResourcesResult second = paging.listResources(first.nextCursor());
                    assertThat(second.resources()).hasSize(5);
                    assertThat(second.nextCursor()).isNull();
                    assertThat(second.resources().get(4).uri()).endsWith("/n" + (many - 1) + ".md");
                    assertThat(paging.listResources().resources()).as("the client's own paging reaches every note").hasSize(many);

                    JsonNode page = JSON.valueToTree(paging.callTool(new McpSchema.CallToolRequest("list_notes", Map.of("limit", 100)))
                            .structuredContent());
                    assertThat(page.path("notes")).hasSize(100);
                    List<String> seen = new java.util.ArrayList<>();
                    page.path("notes").forEach(n -> seen.add(n.path("id").asText()));
                    while (page.hasNonNull("nextCursor")) {
                        page = JSON.valueToTree(paging.callTool(new McpSchema.CallToolRequest("list_notes",
                                Map.of("limit", 100, "cursor", page.path("nextCursor").asText()))).structuredContent());
                        page.path("notes").forEach(n -> seen.add(n.path("id").asText()));
                    }
                    assertThat(seen).hasSize(many).doesNotHaveDuplicates();

                    JsonNode read = JSON.valueToTree(paging.callTool(new McpSchema.CallToolRequest("read_notes",
                            Map.of("ids", List.of("n001.md", "nope.md", "n002.md")))).structuredContent());
                    assertThat(read.path("notes")).extracting(n -> n.path("id").asText()).containsExactly("n001.md", "n002.md");
                    assertThat(read.path("notes").get(0).path("markdown").asText()).isEqualTo("# Note 1\n\nA line.\n");
                    assertThat(read.path("notFound").get(0).path("id").asText()).isEqualTo("nope.md");
                    assertThat(read.path("notFound").get(0).path("error").asText()).contains("no note with id 'nope.md'");
                } finally {
                    paging.closeGracefully();
                }
            }
        }
    }

    /** Over HTTP too, a request before the client said it is initialized is answered, never left waiting. */
    @Test
    void aRequestBeforeTheClientIsInitializedIsAnswered() throws Exception {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
        HttpRequest.Builder post = HttpRequest.newBuilder(URI.create(server.url())).timeout(Duration.ofSeconds(60))
                .header("Content-Type", "application/json").header("Accept", "application/json, text/event-stream")
                .header("Authorization", "Bearer " + server.token());
        HttpResponse<String> opened = http.send(post.copy().POST(HttpRequest.BodyPublishers.ofString("{\"jsonrpc\":\"2.0\",\"id\":1,"
                + "\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
                + "\"clientInfo\":{\"name\":\"raw\",\"version\":\"1\"}}}")).build(), HttpResponse.BodyHandlers.ofString());
        String session = opened.headers().firstValue("Mcp-Session-Id").orElseThrow();
        HttpResponse<String> early = http.send(post.copy().header("Mcp-Session-Id", session).POST(HttpRequest.BodyPublishers.ofString(
                "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}")).build(), HttpResponse.BodyHandlers.ofString());
        String body = early.body().lines().filter(l -> l.startsWith("data:")).map(l -> l.substring(5)).findFirst().orElse(early.body());
        assertThat(JSON.readTree(body).path("result").path("tools")).as(body).hasSize(7);
    }
}
