package dev.bearings.mcp.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import jakarta.servlet.http.HttpServlet;

import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The HTTP server alone, on a free loopback port, with stand-in servlets behind its guard and its checks (no
 * index, no MCP server), and a client for it.
 */
final class StandInServer implements AutoCloseable {
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    private final McpHttpServer server;
    private final McpToken token;

    private StandInServer(McpHttpServer server, McpToken token) {
        this.server = server;
        this.token = token;
    }

    static StandInServer start(Path data, Map<String, HttpServlet> servlets) throws IOException {
        return start(data, servlets, new PageLogin(), ServerKey.random(), message -> Optional.empty());
    }

    /** @param direct what the server answers itself, as {@link McpHttpServer#start} takes it */
    static StandInServer start(Path data, Map<String, HttpServlet> servlets, PageLogin page, ServerKey key,
                               Function<JsonNode, Optional<String>> direct) throws IOException {
        McpToken token = McpToken.loadOrCreate(data);
        return new StandInServer(McpHttpServer.start(InetAddress.getLoopbackAddress(), 0, token, key, servlets,
                new JacksonMcpJsonMapper(new ObjectMapper()), new Activity(), page, direct), token);
    }

    int port() {
        return server.port();
    }

    String token() {
        return token.value();
    }

    /** A request for {@code path} on this server, holding the token. */
    HttpRequest.Builder request(String path) {
        return anonymous(path).header("Authorization", "Bearer " + token());
    }

    /** A request for {@code path} on this server, without the token. */
    HttpRequest.Builder anonymous(String path) {
        return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port() + path)).timeout(Duration.ofSeconds(60));
    }

    static HttpResponse<String> send(HttpRequest.Builder request) throws IOException, InterruptedException {
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Override
    public void close() {
        server.close();
    }
}
