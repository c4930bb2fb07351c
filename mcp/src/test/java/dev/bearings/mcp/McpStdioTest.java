package dev.bearings.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bearings.app.testing.ExampleIndex;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;

import static dev.bearings.mcp.StdioClient.JSON;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The MCP server on stdio at the protocol level, in raw JSON-RPC lines: bad messages, unknown methods and
 * tools, wrong arguments, path traversal and a fuzz run each get an error, and the server keeps serving;
 * no answer names a path outside the sources or shows a stack trace; the lifecycle's order holds.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class McpStdioTest {
    private Path root;
    private ExampleIndex example;
    private StdioClient server;

    @BeforeAll
    void start(@TempDir Path root) throws Exception {
        this.root = root;
        example = ExampleIndex.synced(root);
        server = StdioClient.serving(example.index()).initialized();
    }

    @AfterAll
    void stop() throws Exception {
        server.close();
        example.close();
    }

    private static String text(JsonNode answer) {
        return answer.path("result").path("content").path(0).path("text").asText();
    }

    /** Paths of the configured source may be named; no other path, and no stack trace. */
    private void assertNoLeak(String said) {
        assertThat(said.replace(example.notes().toString(), "<source>")).doesNotContain(root.toString())
                .doesNotContain(System.getProperty("user.home") + "/").doesNotContain("Exception").doesNotContain("\tat ");
    }

    @Test
    void linesThatAreNotRequestsGetJsonRpcErrorsAndTheServerKeepsServing() throws Exception {
        int before = server.unaddressed().size();
        server.send("{not json");
        server.send("[1, 2, 3]");
        server.send("{\"jsonrpc\":\"1.0\",\"id\":\"old\",\"method\":\"ping\"}");
        server.send("{\"jsonrpc\":\"2.0\",\"id\":{\"x\":1},\"method\":\"ping\"}");
        server.send("{\"jsonrpc\":\"2.0\",\"id\":\"p\",\"method\":\"tools/call\",\"params\":[1]}");
        server.send("{\"jsonrpc\":\"2.0\",\"id\":\"noMethod\"}");
        assertThat(server.request("after", "tools/list", null).path("result").path("tools")).hasSize(7);
        List<JsonNode> errors = server.unaddressed().subList(before, server.unaddressed().size());
        assertThat(errors).extracting(e -> e.path("error").path("code").asInt()).contains(-32700, -32600);
        assertThat(server.answer("old", Duration.ofSeconds(5)).path("error").path("code").asInt()).isEqualTo(-32600);
        assertThat(server.answer("p", Duration.ofSeconds(5)).path("error").path("message").asText()).contains("params");
        assertThat(server.answer("noMethod", Duration.ofSeconds(5)).has("error")).isTrue();
        assertThat(server.notJson()).isEmpty();
    }

    @Test
    void unknownMethodsToolsAndWrongArgumentsAreErrorsInPlainWords() throws Exception {
        assertThat(server.request("m", "notes/everything", null).path("error").path("code").asInt()).isEqualTo(-32601);
        assertThat(server.call("t", "delete_everything", "{}").path("error").path("message").asText()).contains("Unknown tool");
        JsonNode wrongType = server.call("w1", "search_notes", "{\"query\": 42}");
        assertThat(wrongType.path("result").path("isError").asBoolean()).isTrue();
        assertThat(text(wrongType)).contains("query");
        assertThat(text(server.call("w2", "search_notes", "{}"))).contains("query");
        assertThat(text(server.call("w3", "search_notes", "{\"query\":\"vpn\",\"limit\":0}"))).contains("limit");
        assertThat(text(server.call("w4", "search_notes", "{\"query\":\"vpn\",\"since\":\"last tuesday\"}")))
                .contains("since takes a date like 2026-03-01");
        // Arguments that are not an object: the SDK would answer in Jackson's words, naming Java classes.
        JsonNode notAnObject = server.call("w-boom", "search_notes", "\"boom\"");
        assertThat(notAnObject.path("error").path("code").asInt()).as(notAnObject.toString()).isEqualTo(-32602);
        assertThat(notAnObject.path("error").path("message").asText()).isEqualTo("Invalid params: arguments must be an object");
        assertThat(server.request("after-boom", "tools/list", null).path("result").path("tools")).as("still serving").hasSize(7);
        assertThat(text(server.call("w5", "search_notes", "{\"query\":\"vpn\",\"mode\":\"psychic\"}"))).contains("mode");
        assertThat(text(server.call("w6", "list_notes", "{\"tag\": [\"a\"]}"))).contains("tag");
        String huge = "word ".repeat(150_000);
        JsonNode big = server.call("w7", "search_notes", "{\"query\":\"" + huge + "\"}");
        assertThat(big.path("result").path("isError").asBoolean()).isTrue();
        assertThat(text(big)).contains("at most 4000").hasSizeLessThan(500);
        JsonNode bigId = server.call("w8", "read_note", "{\"id\":\"" + huge + "\"}");
        assertThat(text(bigId)).hasSizeLessThan(500);
        for (String id : List.of("w1", "w2", "w3", "w4", "w5", "w6", "w7", "w8")) {
            assertNoLeak(server.answer(id, Duration.ofSeconds(1)).toString());
        }
        assertThat(server.call("ok", "list_tags", "{}").path("result").path("isError").asBoolean()).isFalse();
    }

    /** A message over the limit HTTP has too (1 MiB of UTF-8, here of three-byte characters) is refused, and the server goes on. */
    @Test
    void aMessageOverTheLimitIsRefusedAsOverHttp() throws Exception {
        int before = server.unaddressed().size();
        server.send("{\"jsonrpc\":\"2.0\",\"id\":\"huge\",\"method\":\"ping\",\"params\":{\"pad\":\""
                + "\u65e5".repeat(dev.bearings.app.words.Limits.MESSAGE_BYTES / 3) + "\"}}");
        assertThat(server.request("after-huge", "ping", null).has("result")).as("still serving").isTrue();
        List<JsonNode> errors = server.unaddressed().subList(before, server.unaddressed().size());
        assertThat(errors).extracting(e -> e.path("error").path("message").asText())
                .contains("Invalid Request: a message may be at most 1048576 bytes");
    }

    @Test
    void readNoteReadsOnlyIndexedNotesOfTheSourcesWhateverTheId() throws Exception {
        Files.writeString(root.resolve("secret.md"), "# Secret\nnot in any source\n");
        for (String id : List.of("../secret.md", "../../etc/passwd", "/etc/passwd", root.resolve("secret.md").toString(),
                "notes/../../secret.md", "vpn-setup.md/../../secret.md", "%2e%2e/secret.md", "")) {
            JsonNode answer = server.call("r-" + id.hashCode(), "read_note", JSON.createObjectNode().put("id", id).toString());
            assertThat(answer.path("result").path("isError").asBoolean()).as(id).isTrue();
            assertThat(text(answer)).as(id).contains("no note with id").doesNotContain("not in any source");
            assertNoLeak(text(answer).replace(id, ""));
        }
        JsonNode vpn = server.call("r-ok", "read_note", "{\"id\":\"vpn-setup.md\"}");
        assertThat(JSON.readTree(text(vpn)).path("markdown").asText()).isEqualTo(Files.readString(example.notes().resolve("vpn-setup.md")));
    }

    @Test
    void aSearchFirstIndexesTheNotesChangedSinceTheLastSync() throws Exception {
        Files.writeString(example.notes().resolve("boat.md"), "# Boat\n\nThe sailboat's mooring is at pier 7, berth 42, "
                + "paid every March with the harbour master.\n");
        JsonNode hits = JSON.readTree(text(server.call("fresh", "search_notes", "{\"query\":\"where is the sailboat moored\",\"limit\":3}")));
        assertThat(hits.get(0).path("noteId").asText()).isEqualTo("boat.md");
        assertThat(hits.get(0).path("text").asText()).contains("pier 7");
        Files.delete(example.notes().resolve("boat.md"));
        JsonNode gone = JSON.readTree(text(server.call("gone", "search_notes", "{\"query\":\"where is the sailboat moored\",\"limit\":3}")));
        gone.forEach(hit -> assertThat(hit.path("noteId").asText()).isNotEqualTo("boat.md"));
    }

    @Test
    void aFuzzRunOfRandomRequestsLeavesTheServerServing() throws Exception {
        Random random = new Random(20261202);
        String[] methods = {"tools/call", "tools/list", "ping", "resources/list", "prompts/get", "initialize", "x/y", ""};
        String[] tools = {"search_notes", "read_note", "list_notes", "list_tags", "index_status", "no_such_tool", ""};
        String[] keys = {"query", "id", "heading", "tag", "tags", "limit", "mode", "since", "before", "title_contains", "x"};
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 2_000; i++) {
            String id = "f" + i;
            StringBuilder line = new StringBuilder();
            switch (random.nextInt(6)) {
                case 0 -> line.append(garbage(random));
                case 1 -> line.append("{\"jsonrpc\":\"2.0\",\"id\":\"").append(id).append("\",\"method\":\"")
                        .append(methods[random.nextInt(methods.length)]).append("\",\"params\":").append(value(random, 2)).append('}');
                default -> {
                    line.append("{\"jsonrpc\":\"2.0\",\"id\":\"").append(id).append("\",\"method\":\"tools/call\",\"params\":")
                            .append("{\"name\":\"").append(tools[random.nextInt(tools.length)]).append("\",\"arguments\":{");
                    int n = random.nextInt(3);
                    for (int k = 0; k < n; k++) {
                        line.append(k == 0 ? "" : ",").append('"').append(keys[random.nextInt(keys.length)]).append("\":")
                                .append(value(random, 1));
                    }
                    line.append("}}}");
                }
            }
            server.send(line.toString());
            if (line.indexOf("\"id\":\"" + id + "\"") > 0) {
                ids.add(id);
            }
        }
        assertThat(server.request("alive", "ping", null).has("result")).isTrue();
        for (String id : ids) {
            JsonNode answer = server.answer(id, StdioClient.ANSWER);
            if (!answer.path("result").has("protocolVersion")) {
                assertNoLeak(answer.toString());
            }
        }
        assertThat(server.notJson()).isEmpty();
        assertThat(server.call("still", "search_notes", "{\"query\":\"restic backup password\"}")
                .path("result").path("isError").asBoolean()).isFalse();
    }

    private static String garbage(Random random) {
        String alphabet = "{}[]\":,\\ ajsonrpc2.0idmethod\u00e9\u4e2d";
        StringBuilder text = new StringBuilder();
        for (int i = random.nextInt(80); i > 0; i--) {
            text.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return text.toString();
    }

    private static String value(Random random, int depth) {
        return switch (random.nextInt(depth > 0 ? 8 : 6)) {
            case 0 -> "null";
            case 1 -> Integer.toString(random.nextInt(2_000_000) - 1_000_000);
            case 2 -> random.nextBoolean() ? "true" : "1e308";
            case 3 -> JSON.createObjectNode().put("s", garbage(random)).get("s").toString();
            case 4 -> "\"" + List.of("hybrid", "vpn", "2026-01-01", "../../etc/passwd", "# VPN > ## Router", "work").get(random.nextInt(6)) + "\"";
            case 5 -> "\"\"";
            case 6 -> "[" + value(random, depth - 1) + "," + value(random, depth - 1) + "]";
            default -> "{\"a\":" + value(random, depth - 1) + "}";
        };
    }

    /** Lines that once stopped the SDK's reader for good: after each, the server answers, and it ends soon after its input. */
    @Test
    void answersWithBadMembersHugeIdsAndCarriageReturnsLeaveTheServerServing() throws Exception {
        try (StdioClient hit = StdioClient.serving(example.index()).initialized()) {
            List<String> killers = List.of("{\"jsonrpc\":\"2.0\",\"id\":77,\"error\":\"boom\"}",
                    "{\"jsonrpc\":\"2.0\",\"id\":123456789012345678901234567890,\"method\":\"ping\"}",
                    "{\"jsonrpc\":\"2.0\",\"id\":78,\"error\":{\"code\":\"bad\",\"message\":\"m\"}}",
                    "{\"jsonrpc\":\"2.0\",\"id\":\"cr\",\r\"method\":\"ping\"}",
                    "{\"jsonrpc\":\"2.0\",\"id\":\"unknown\",\"result\":{}}");
            for (int i = 0; i < killers.size(); i++) {
                hit.send(killers.get(i));
                assertThat(hit.request("after" + i, "ping", null).has("result")).as(killers.get(i)).isTrue();
            }
            assertThat(hit.answer("cr", Duration.ofSeconds(5)).has("result")).as("a \\r is whitespace").isTrue();
            JsonNode tooLong = hit.unaddressed().stream().filter(m -> m.has("error")).findFirst().orElseThrow();
            assertThat(tooLong.path("id").isNull()).as("an id no long holds is not echoed").isTrue();
            assertThat(hit.notJson()).isEmpty();
            assertThat(hit.closeInput(Duration.ofSeconds(20))).isTrue();
        }
    }

    /**
     * Nothing reaches a client before its initialize is answered (the protocol's lifecycle), a request
     * before it says it is initialized is refused rather than left waiting, and a sync that adds several
     * notes tells it once that the resource list changed, not once per note; nothing when nothing changed.
     */
    @Test
    void theLifecycleIsKeptAndOneNoticePerSync(@TempDir Path own) throws Exception {
        try (ExampleIndex index = ExampleIndex.synced(own); StdioClient fresh = StdioClient.serving(index.index())) {
            fresh.send("{\"jsonrpc\":\"2.0\",\"id\":\"early\",\"method\":\"tools/list\"}");
            JsonNode early = fresh.answer("early", StdioClient.ANSWER);
            assertThat(early.path("error").path("message").asText()).as(early.toString()).contains("initialize first");
            // Written back to back, as a client may: the answer to initialize still comes before any notice.
            fresh.send("{\"jsonrpc\":\"2.0\",\"id\":\"init\",\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2024-11-05\","
                    + "\"capabilities\":{},\"clientInfo\":{\"name\":\"raw\",\"version\":\"1\"}}}");
            fresh.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
            fresh.send("{\"jsonrpc\":\"2.0\",\"id\":\"right-after\",\"method\":\"tools/list\"}");
            assertThat(fresh.answer("init", StdioClient.ANSWER).has("result")).isTrue();
            assertThat(fresh.answer("right-after", StdioClient.ANSWER).path("result").path("tools")).hasSize(7);
            assertThat(fresh.call("nothing", "sync_index", "{}").path("result").path("isError").asBoolean()).isFalse();
            assertThat(fresh.request("ping", "ping", null).has("result")).isTrue();
            assertThat(fresh.unaddressed()).as("nothing changed since the server started").isEmpty();
            for (int i = 0; i < 3; i++) {
                Files.writeString(index.notes().resolve("new-" + i + ".md"), "# New " + i + "\n\nA note about kayak number " + i + ".\n");
            }
            assertThat(fresh.call("sync", "sync_index", "{}").path("result").path("isError").asBoolean()).isFalse();
            assertThat(fresh.request("ping2", "ping", null).has("result")).isTrue();
            assertThat(fresh.unaddressed()).extracting(n -> n.path("method").asText())
                    .containsExactly("notifications/resources/list_changed");
            JsonNode listed = fresh.request("list", "resources/list", null);
            assertThat(listed.path("result").path("resources")).extracting(r -> r.path("uri").asText())
                    .anyMatch(uri -> uri.endsWith("new-2.md"));
        }
    }

    @Test
    void aClientLeavingEndsTheServerAfterItsLastAnswer() throws Exception {
        try (StdioClient leaving = StdioClient.serving(example.index()).initialized()) {
            leaving.send("{\"jsonrpc\":\"2.0\",\"id\":\"last\",\"method\":\"tools/call\",\"params\":{\"name\":\"search_notes\","
                    + "\"arguments\":{\"query\":\"sourdough starter\"}}}");
            assertThat(leaving.closeInput(Duration.ofSeconds(60))).isTrue();
            assertThat(leaving.answer("last", Duration.ofSeconds(1)).path("result").path("isError").asBoolean()).isFalse();
        }
    }

    /**
     * Answers sent from several threads at once, on a machine whose cores are all busy, are each written
     * whole and none is lost: the SDK's own transport gave up on an answer that could not be queued within
     * 100 ms (another thread, descheduled, held the queue) and then answered nothing more.
     */
    @Test
    void answersToManyRequestsAtOnceOnABusyMachineAreAllWritten() throws Exception {
        try (StdioClient busy = StdioClient.serving(example.index()).initialized()) {
            AtomicBoolean done = new AtomicBoolean();
            List<Thread> hogs = new ArrayList<>();
            for (int i = 0; i < 64; i++) {
                Thread hog = new Thread(() -> {
                    long spin = 0;
                    while (!done.get()) {
                        spin++;
                    }
                    if (spin == 42) {
                        System.out.print("");
                    }
                }, "hog-" + i);
                hog.setDaemon(true);
                hogs.add(hog);
            }
            hogs.forEach(Thread::start);
            try {
                for (int i = 0; i < 200; i++) {
                    busy.send("{\"jsonrpc\":\"2.0\",\"id\":\"c" + i + "\",\"method\":\"tools/call\",\"params\":{\"name\":\"list_tags\",\"arguments\":{}}}");
                    busy.send("{\"jsonrpc\":\"2.0\",\"id\":\"p" + i + "\",\"method\":\"ping\"}");
                }
                for (int i = 0; i < 200; i++) {
                    assertThat(busy.answer("c" + i, StdioClient.ANSWER).path("result").path("isError").asBoolean()).isFalse();
                    assertThat(busy.answer("p" + i, StdioClient.ANSWER).has("result")).isTrue();
                }
            } finally {
                done.set(true);
                for (Thread hog : hogs) {
                    hog.join(10_000);
                }
            }
            assertThat(busy.notJson()).isEmpty();
        }
    }
}
