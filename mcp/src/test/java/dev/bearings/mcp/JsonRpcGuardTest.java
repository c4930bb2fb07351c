package dev.bearings.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The stdio guard against lines drawn from the JSON-RPC grammar, well and badly formed: every line it
 * passes on, the SDK's own reader reads as one message (the SDK stops reading for good at the first it
 * cannot), and every request it does not pass on gets its error.
 */
class JsonRpcGuardTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final McpJsonMapper SDK = new JacksonMcpJsonMapper(McpErrorJson.into(new ObjectMapper()));

    /** What the guard passed on to the SDK, and what it answered itself. */
    private record Guarded(List<String> passed, List<JsonNode> answered) {
    }

    private static Guarded guard(List<String> lines) throws Exception {
        ByteArrayOutputStream written = new ByteArrayOutputStream();
        CountDownLatch ended = new CountDownLatch(1);
        JsonRpcGuard guard = new JsonRpcGuard(new ByteArrayInputStream((String.join("\n", lines) + "\n")
                .getBytes(StandardCharsets.UTF_8)), new JsonRpcGuard.LineOutput(written), SDK, ended::countDown, () -> { });
        InputStream toSdk = guard.start();
        CompletableFuture<List<String>> passed = CompletableFuture.supplyAsync(() -> {
            // Read as the SDK's stdio transport reads.
            List<String> read = new ArrayList<>();
            try (BufferedReader reader = new BufferedReader(new InputStreamReader(toSdk, StandardCharsets.UTF_8))) {
                for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                    read.add(line);
                }
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            return read;
        });
        assertThat(ended.await(60, TimeUnit.SECONDS)).as("the guard read all its input").isTrue();
        guard.close();
        List<JsonNode> answered = new ArrayList<>();
        for (String line : written.toString(StandardCharsets.UTF_8).split("\n")) {
            if (!line.isEmpty()) {
                answered.add(JSON.readTree(line));
            }
        }
        return new Guarded(passed.get(60, TimeUnit.SECONDS), answered);
    }

    @Test
    void linesThatStoppedTheServersReaderAreAnsweredOrDroppedAndNeverPassedOn() throws Exception {
        Guarded guarded = guard(List.of(
                "{\"jsonrpc\":\"2.0\",\"id\":77,\"error\":\"boom\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":123456789012345678901234567890,\"method\":\"ping\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":78,\"error\":{\"code\":\"bad\",\"message\":\"m\"}}",
                "{\"jsonrpc\":\"2.0\",\"id\":\"cr\",\r\"method\":\"ping\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":\"ok\",\"method\":\"ping\"}"));
        assertThat(guarded.passed()).containsExactly("{\"jsonrpc\":\"2.0\",\"id\":\"cr\", \"method\":\"ping\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":\"ok\",\"method\":\"ping\"}");
        assertThat(guarded.answered()).hasSize(1);
        assertThat(guarded.answered().get(0).path("error").path("code").asInt()).isEqualTo(-32600);
        assertThat(guarded.answered().get(0).path("id").isNull()).as("an id no long holds is not echoed").isTrue();
    }

    @Test
    void everyLineOfAFuzzRunIsReadableByTheSdkOrAnsweredHere() throws Exception {
        Random random = new Random(20261204);
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 5_000; i++) {
            lines.add(message(random, "g" + i));
        }
        Guarded guarded = guard(lines);
        for (String line : guarded.passed()) {
            assertThat(line).doesNotContain("\r");
            McpSchema.deserializeJsonRpcMessage(SDK, line);
        }
        // A request (a method and an id) is passed on or answered; no line is both.
        for (String line : lines) {
            JsonNode message;
            try {
                message = JSON.readTree(line);
            } catch (java.io.IOException notJson) {
                continue;
            }
            if (message != null && message.isObject() && message.path("id").isTextual() && message.has("method")) {
                String id = message.get("id").asText();
                boolean passed = guarded.passed().stream().anyMatch(p -> p.contains("\"" + id + "\""));
                boolean answered = guarded.answered().stream().anyMatch(a -> a.path("id").asText().equals(id));
                assertThat(passed ^ answered).as(line).isTrue();
            }
        }
        assertThat(guarded.passed()).as("the run holds good messages too").hasSizeGreaterThan(100);
        assertThat(guarded.answered()).hasSizeGreaterThan(100);
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
