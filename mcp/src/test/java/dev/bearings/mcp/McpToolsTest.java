package dev.bearings.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.bearings.app.testing.ExampleIndex;
import io.modelcontextprotocol.server.McpServerFeatures;
import dev.bearings.app.words.Limits;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The tools as the page and a client's call run them ({@link McpTools#call}), on the example notes: each argument
 * the schema cannot check is checked here and refused in words that name it; listings come a page at a time by a
 * cursor only this server makes.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class McpToolsTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private ExampleIndex example;
    private McpTools tools;

    @BeforeAll
    void start(@TempDir Path root) throws Exception {
        example = ExampleIndex.synced(root);
        tools = new McpTools(example.index(), "sqlite", Optional.empty(), BearingsMcpServer.jsonMapper());
    }

    @AfterAll
    void stop() {
        example.close();
    }

    private JsonNode call(String tool, Map<String, Object> arguments) throws Exception {
        return JSON.valueToTree(tools.call(tool, arguments));
    }

    private static Map<String, Object> search(Object... pairs) {
        Map<String, Object> arguments = new HashMap<>(Map.of("query", "how did I set up the VPN?"));
        for (int i = 0; i < pairs.length; i += 2) {
            arguments.put((String) pairs[i], pairs[i + 1]);
        }
        return arguments;
    }

    @Test
    void eachArgumentIsCheckedAndRefusedInWordsThatNameIt() {
        assertThatThrownBy(() -> call("search_notes", Map.of())).hasMessage("query is required");
        assertThatThrownBy(() -> call("search_notes", Map.of("query", 42))).hasMessage("query must be a string");
        for (Object limit : List.of(0, 101, 1.5, "ten")) {
            assertThatThrownBy(() -> call("search_notes", search("limit", limit))).as("limit %s", limit)
                    .hasMessage("limit must be a whole number from 1 to 100");
        }
        assertThatThrownBy(() -> call("search_notes", search("tags", "work"))).hasMessage("tags must be an array of strings");
        assertThatThrownBy(() -> call("search_notes", search("tags", List.of("work", 7)))).hasMessage("tags must be an array of strings");
        assertThatThrownBy(() -> call("search_notes", search("tags", List.of("nope", "none"))))
                .hasMessage("no note is tagged none or nope; list_tags lists the tags there are");
        assertThatThrownBy(() -> call("search_notes", search("since", "last tuesday"))).hasMessageStartingWith("since takes a date like");
        assertThatThrownBy(() -> call("list_notes", Map.of("tag", "nope"))).hasMessageStartingWith("no note is tagged nope;");
        assertThatThrownBy(() -> call("read_note", Map.of())).hasMessage("id is required");
        assertThatThrownBy(() -> call("delete_everything", Map.of())).hasMessage("there is no tool delete_everything");
        assertThatThrownBy(() -> call("x".repeat(200), Map.of())).hasMessage("there is no tool " + "x".repeat(120) + "...");
        assertThatThrownBy(() -> call("list_notes", Map.of("cursor", "bm90ZXM6LTE"))).as("notes:-1")
                .hasMessage("cursor must be a nextCursor this server gave, not 'bm90ZXM6LTE'");
        assertThatThrownBy(() -> call("list_notes", Map.of("cursor", "%%%"))).hasMessageStartingWith("cursor must be a nextCursor");
        assertThatThrownBy(() -> call("list_notes", Map.of("cursor", McpTools.cursor(2).replace("bm90", "Zm9v"))))
                .hasMessageStartingWith("cursor must be a nextCursor");
    }

    @Test
    void searchesFilterAndLimitAsAsked() throws Exception {
        JsonNode two = call("search_notes", search("limit", 2.0, "mode", "vector"));
        assertThat(two).hasSize(2);
        assertThat(two.get(0).path("noteId").asText()).isEqualTo("vpn-setup.md");
        assertThat(two.get(0).path("keywordRank").isNull()).as("vector only").isTrue();
        assertThat(call("search_notes", search())).as("10 unless asked").hasSizeLessThanOrEqualTo(10).hasSizeGreaterThan(2);
        assertThat(call("search_notes", search("source", "notes"))).isNotEmpty();
        assertThat(call("search_notes", search("since", "2999-01-01"))).isEmpty();
        assertThatThrownBy(() -> call("search_notes", search("source", "bear"))).hasMessageContaining("source bear");
    }

    @Test
    void notesAreListedAPageAtATimeAndReadSeveralAtOnce() throws Exception {
        JsonNode first = call("list_notes", Map.of("limit", 2));
        assertThat(first.path("notes")).hasSize(2);
        assertThat(McpTools.offset(first.path("nextCursor").asText())).isEqualTo(2);
        JsonNode second = call("list_notes", Map.of("limit", 2, "cursor", first.path("nextCursor").asText()));
        assertThat(second.path("notes")).hasSize(2);
        JsonNode last = call("list_notes", Map.of("limit", 2, "cursor", second.path("nextCursor").asText()));
        assertThat(last.path("notes")).hasSize(1);
        assertThat(last.path("nextCursor").isNull()).isTrue();
        assertThat(call("list_notes", Map.of()).path("notes")).hasSize(5);
        assertThat(call("list_notes", Map.of("limit", 5)).path("nextCursor").isNull()).as("all in one page: no cursor").isTrue();

        JsonNode read = call("read_notes", Map.of("ids", List.of("vpn-setup.md", "nope.md"), "heading", "Troubleshooting"));
        assertThat(read.path("notes").get(0).path("markdown").asText()).startsWith("## Troubleshooting");
        assertThat(read.path("notFound").get(0).path("id").asText()).isEqualTo("nope.md");
        assertThat(read.path("notFound").get(0).path("error").asText()).contains("no note with id 'nope.md'");
        String longId = "y".repeat(130);
        assertThat(call("read_notes", Map.of("ids", List.of(longId))).path("notFound").get(0).path("id").asText())
                .isEqualTo("y".repeat(120) + "...");
    }

    @Test
    void theIndexSaysItsStateAndItsTags() throws Exception {
        JsonNode status = call("index_status", Map.of());
        assertThat(status.path("store").asText()).isEqualTo("sqlite");
        assertThat(status.path("notes").asInt()).isEqualTo(5);
        assertThat(status.path("changedSinceLastSync").asInt()).isZero();
        assertThat(status.path("sources").get(0).asText()).isEqualTo("folder:" + example.notes());
        assertThat(call("list_tags", Map.of())).isNotEmpty().allSatisfy(tag -> assertThat(tag.path("notes").asInt()).isPositive());
        assertThat(call("sync_index", Map.of()).get(0).path("unchanged").asInt()).isEqualTo(5);
    }

    @Test
    void theToolsSchemasAreJsonInALocaleWithOtherDigits() {
        Locale before = Locale.getDefault();
        Locale.setDefault(Locale.forLanguageTag("ar-SA"));
        try {
            List<McpServerFeatures.SyncToolSpecification> specifications = new McpTools(example.index(), "sqlite", Optional.empty(),
                    BearingsMcpServer.jsonMapper()).specifications();
            JsonNode search = new ObjectMapper().valueToTree(specifications.stream().filter(s -> s.tool().name().equals("search_notes"))
                    .findFirst().orElseThrow().tool().inputSchema());
            assertThat(search.path("properties").path("limit").path("maximum").asInt()).isEqualTo(Limits.MOST);
        } finally {
            Locale.setDefault(before);
        }
    }
}
