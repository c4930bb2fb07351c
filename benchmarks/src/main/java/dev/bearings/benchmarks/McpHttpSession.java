package dev.bearings.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One MCP session with a real {@code bearings mcp --http} process, spoken as a client speaks it:
 * initialize, then JSON-RPC tool calls over Streamable HTTP with the server's token.
 */
final class McpHttpSession {
    static final ObjectMapper JSON = new ObjectMapper();

    private final HttpClient http;
    private final String url;
    private final String token;
    private final String id;
    private final AtomicInteger calls = new AtomicInteger();

    private McpHttpSession(HttpClient http, String url, String token, String id) {
        this.http = http;
        this.url = url;
        this.token = token;
        this.id = id;
    }

    static McpHttpSession open(HttpClient http, String url, String token) throws IOException, InterruptedException {
        HttpResponse<String> init = http.send(post(url, token, "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":"
                + "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"bench\",\"version\":\"1\"}}}")
                .build(), HttpResponse.BodyHandlers.ofString());
        String session = init.headers().firstValue("Mcp-Session-Id").orElseThrow(() -> new IllegalStateException(init.body()));
        http.send(post(url, token, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}")
                .header("Mcp-Session-Id", session).build(), HttpResponse.BodyHandlers.discarding());
        return new McpHttpSession(http, url, token, session);
    }

    /** Calls a tool and gives the JSON-RPC {@code result}; an HTTP failure or a JSON-RPC error throws, naming it. */
    JsonNode call(String tool, ObjectNode arguments) throws IOException, InterruptedException {
        ObjectNode params = JSON.createObjectNode().put("name", tool);
        params.set("arguments", arguments);
        return request("tools/call", params);
    }

    /** MCP's ping: the round trip through the transport and the server's session, with no work behind it. */
    void ping() throws IOException, InterruptedException {
        request("ping", JSON.createObjectNode());
    }

    private JsonNode request(String method, ObjectNode params) throws IOException, InterruptedException {
        ObjectNode request = JSON.createObjectNode().put("jsonrpc", "2.0").put("id", calls.incrementAndGet()).put("method", method);
        request.set("params", params);
        HttpResponse<String> response = http.send(post(url, token, request.toString()).header("Mcp-Session-Id", id).build(),
                HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IOException("HTTP " + response.statusCode() + " from " + method + ": " + response.body());
        }
        String body = response.body().lines().filter(l -> l.startsWith("data:")).findFirst().map(l -> l.substring(5))
                .orElse(response.body());
        JsonNode answer = JSON.readTree(body);
        if (!answer.has("result")) {
            throw new IOException(method + " answered without a result: " + body);
        }
        return answer.get("result");
    }

    private static HttpRequest.Builder post(String url, String token, String body) {
        return HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofMinutes(2))
                .header("Content-Type", "application/json").header("Accept", "application/json, text/event-stream")
                .header("Authorization", "Bearer " + token).POST(HttpRequest.BodyPublishers.ofString(body));
    }
}
