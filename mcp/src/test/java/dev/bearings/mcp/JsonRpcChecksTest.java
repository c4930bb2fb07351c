package dev.bearings.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

/**
 * The checks in front of the SDK, against lines drawn from the JSON-RPC grammar, well and badly formed:
 * every line they take, the SDK's own reader reads as one message (a line it cannot read once stopped its
 * reader for good), and every request they refuse gets its error.
 */
class JsonRpcChecksTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final McpJsonMapper SDK = BearingsMcpServer.jsonMapper();

    @Test
    void linesThatStoppedTheSdksReaderAreRefused() {
        for (String line : List.of("{\"jsonrpc\":\"2.0\",\"id\":77,\"error\":\"boom\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":123456789012345678901234567890,\"method\":\"ping\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":78,\"error\":{\"code\":\"bad\",\"message\":\"m\"}}")) {
            assertThat(JsonRpcChecks.check(line, SDK).refusal()).as(line).isPresent();
        }
        JsonRpcChecks.Refusal hugeId = JsonRpcChecks.check("{\"jsonrpc\":\"2.0\",\"id\":123456789012345678901234567890,"
                + "\"method\":\"ping\"}", SDK).refusal().orElseThrow();
        assertThat(hugeId.answer()).isTrue();
        assertThat(hugeId.id()).as("an id no long holds is not echoed").isNull();
        assertThat(JsonRpcChecks.check("{\"jsonrpc\":\"2.0\",\"id\":\"ok\",\"method\":\"ping\"}", SDK).refusal()).isEmpty();
    }

    /** Each way a line falls short of JSON-RPC 2.0 is said, and answers (a result or a well-formed error, to an id) are taken. */
    @Test
    void whatALineLacksIsSaidInItsOwnWords() {
        Map<String, String> said = new LinkedHashMap<>();
        said.put("[1,2]", "a message must be a JSON object");
        said.put("{\"id\":1,\"method\":\"ping\"}", "jsonrpc must be \"2.0\"");
        said.put("{\"jsonrpc\":\"2.0\",\"id\":1.5,\"method\":\"ping\"}", "id must be a string or an integer of at most 64 bits");
        said.put("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":5}", "method must be a string");
        said.put("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":[]}", "params must be an object");
        said.put("{\"jsonrpc\":\"2.0\",\"result\":{}}", "a message needs a method, or an id with a result or an error");
        said.put("{\"jsonrpc\":\"2.0\",\"id\":1}", "a message needs a method, or an id with a result or an error");
        said.put("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{},\"error\":{\"code\":1,\"message\":\"m\"}}",
                "a message needs a method, or an id with a result or an error");
        String malformed = "error must be an object with an integer code and a message";
        said.put("{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":\"boom\"}", malformed);
        said.put("{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":\"1\",\"message\":\"m\"}}", malformed);
        said.put("{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":10000000000,\"message\":\"m\"}}", malformed);
        said.put("{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":1.5,\"message\":\"m\"}}", malformed);
        said.put("{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":1}}", malformed);
        said.put("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}", null);
        said.put("{\"jsonrpc\":\"2.0\",\"id\":\"a\",\"error\":{\"code\":-32601,\"message\":\"m\"}}", null);
        said.put("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}", null);
        said.forEach((line, problem) -> {
            try {
                assertThat(JsonRpcChecks.problem(JSON.readTree(line))).as(line).isEqualTo(problem);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        assertThat(JsonRpcChecks.check("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":5}", SDK).refusal()).hasValueSatisfying(refusal ->
                assertThat(refusal.json()).isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":7,\"error\":{\"code\":-32600,"
                        + "\"message\":\"Invalid Request: method must be a string\"}}"));
    }

    @Test
    void everyLineOfAFuzzRunIsReadableByTheSdkOrRefused() throws Exception {
        Random random = new Random(20261204);
        int taken = 0;
        int refused = 0;
        for (int i = 0; i < 5_000; i++) {
            String line = message(random, "g" + i).replace('\r', ' ');
            JsonRpcChecks.Checked checked = JsonRpcChecks.check(line, SDK);
            if (checked.refusal().isEmpty()) {
                taken++;
                assertThatCode(() -> McpSchema.deserializeJsonRpcMessage(SDK, line)).as(line).doesNotThrowAnyException();
            } else {
                refused++;
                JsonNode error = JSON.readTree(checked.refusal().get().json());
                assertThat(error.path("error").path("code").asInt()).as(line).isIn(-32700, -32600, -32602);
                assertThat(error.path("error").path("message").asText()).doesNotContain("Exception").doesNotContain("com.fasterxml");
            }
        }
        assertThat(taken).as("the run holds good messages too").isGreaterThan(100);
        assertThat(refused).isGreaterThan(100);
    }

    /** A line from the JSON-RPC grammar: each member present or not, of the right type or a wrong one, with odd whitespace. */
    private static String message(Random random, String id) {
        if (random.nextInt(20) == 0) {
            return pick(random, "", "   ", "{", "[]", "null", "\"text\"", "{\"jsonrpc\":\"2.0\"", "\u2028", "{}}");
        }
        List<String> members = new ArrayList<>();
        maybe(random, members, "jsonrpc", "\"2.0\"", "\"2.0\"", "\"2.0\"", "\"1.0\"", "2", "null");
        maybe(random, members, "id", "\"" + id + "\"", "\"" + id + "\"", "7", "9223372036854775807", "92233720368547758070",
                "-1", "1.5", "null", "true", "{}", "[]");
        maybe(random, members, "method", "\"ping\"", "\"tools/list\"", "\"notifications/initialized\"", "\"x/y\"", "5", "null",
                "\"\"");
        maybe(random, members, "params", "{}", "{\"name\":\"search_notes\",\"arguments\":{\"query\":\"vpn\"}}", "[]", "\"s\"", "1",
                "null", "{\"_meta\":{\"progressToken\":1e400}}");
        maybe(random, members, "result", "{}", "\"r\"", "null", "[1]");
        maybe(random, members, "error", "\"boom\"", "{\"code\":1,\"message\":\"m\"}", "{\"code\":\"x\",\"message\":\"m\"}",
                "{\"code\":10000000000,\"message\":\"m\"}", "{\"code\":1}", "{\"code\":-32600,\"message\":\"m\",\"data\":[]}",
                "[]", "null");
        StringBuilder line = new StringBuilder("{");
        for (int i = 0; i < members.size(); i++) {
            line.append(i == 0 ? "" : ",").append(space(random)).append(members.get(i)).append(space(random));
        }
        return line.append('}').toString();
    }

    private static void maybe(Random random, List<String> members, String name, String... values) {
        if (random.nextInt(4) > 0) {
            members.add("\"" + name + "\"" + space(random) + ":" + space(random) + pick(random, values));
        }
    }

    private static String space(Random random) {
        return pick(random, "", "", "", " ", "\t", "\r", " \r ");
    }

    private static String pick(Random random, String... values) {
        return values[random.nextInt(values.length)];
    }
}
