package dev.bearings.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One MCP session with a real {@code bearings mcp --http} process, spoken as a client speaks it:
 * initialize, then JSON-RPC tool calls over Streamable HTTP with the server's token.
 */
final class McpHttpSession {
    static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern SERVING = Pattern.compile("serving (http://127\\.0\\.0\\.1:\\d+/mcp)");

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

    /**
     * A running {@code bearings mcp --http --port 0} with a data folder of its own ({@code WORK/data}),
     * where it serves and its token; closing it stops it as a service manager would (SIGTERM).
     */
    record Server(Process process, String url, String token, Path dataHome) implements AutoCloseable {
        /** Starts the command (stderr to {@code WORK/server.err}) and waits, at most 2 minutes, until it serves. */
        static Server start(List<String> command, Map<String, String> environment, Path work) throws IOException, InterruptedException {
            Path log = work.resolve("server.err");
            Path dataHome = work.resolve("data");
            ProcessBuilder serve = new ProcessBuilder(command).redirectError(log.toFile()).redirectOutput(ProcessBuilder.Redirect.DISCARD);
            serve.environment().putAll(environment);
            serve.environment().put("XDG_DATA_HOME", dataHome.toString());
            Process process = serve.start();
            try {
                String url = awaitServing(process, log);
                return new Server(process, url, Files.readString(dataHome.resolve("bearings/mcp-token")).strip(), dataHome);
            } catch (IOException | InterruptedException | RuntimeException e) {
                stop(process);
                throw e;
            }
        }

        @Override
        public void close() throws InterruptedException {
            stop(process);
        }

        private static void stop(Process process) throws InterruptedException {
            process.destroy();
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        }
    }

    /** The URL a server started with {@code --port 0} says it serves, from its stderr log; at most 2 minutes. */
    private static String awaitServing(Process server, Path log) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        while (System.nanoTime() < deadline) {
            Matcher serving = SERVING.matcher(Files.exists(log) ? Files.readString(log) : "");
            if (serving.find()) {
                return serving.group(1);
            }
            if (!server.isAlive()) {
                throw new IllegalStateException("the server ended: " + Files.readString(log));
            }
            Thread.sleep(100);
        }
        throw new IllegalStateException("the server did not start within 2 minutes");
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
