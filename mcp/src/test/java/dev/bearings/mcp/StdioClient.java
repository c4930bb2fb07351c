package dev.bearings.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bearings.app.index.LiveIndex;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.Pipe;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The MCP server on stdio, in this JVM, spoken to in raw JSON-RPC lines as a client would: through a
 * pipe each way. Everything the server writes is kept, to check that it is all protocol.
 */
final class StdioClient implements AutoCloseable {
    static final ObjectMapper JSON = new ObjectMapper();
    static final Duration ANSWER = Duration.ofSeconds(60);

    private final OutputStream toServer;
    private final BearingsMcpServer.Stdio server;
    private final Map<String, JsonNode> answers = new ConcurrentHashMap<>();
    private final List<JsonNode> unaddressed = Collections.synchronizedList(new ArrayList<>());
    private final List<String> notJson = Collections.synchronizedList(new ArrayList<>());
    private final Thread reader;

    private StdioClient(OutputStream toServer, InputStream fromServer, BearingsMcpServer.Stdio server) {
        this.toServer = toServer;
        this.server = server;
        this.reader = new Thread(() -> read(fromServer), "test-client");
        reader.setDaemon(true);
        reader.start();
    }

    /** A server of {@code index} on a pipe of its own, its search syncing for at most 5 s first. */
    static StdioClient serving(LiveIndex index) throws IOException {
        return serving(index, out -> out);
    }

    /**
     * The same, the server writing through {@code wrap}: a test can slow its writes down.
     */
    static StdioClient serving(LiveIndex index, java.util.function.Function<OutputStream, OutputStream> wrap) throws IOException {
        Pipe in = Pipe.open();
        Pipe out = Pipe.open();
        BearingsMcpServer.Stdio server = BearingsMcpServer.stdio(index, new BearingsMcpServer.Settings("test", "sqlite",
                Optional.of(Duration.ofSeconds(5))), Channels.newInputStream(in.source()), wrap.apply(Channels.newOutputStream(out.sink())));
        return new StdioClient(Channels.newOutputStream(in.sink()), Channels.newInputStream(out.source()), server);
    }

    private void read(InputStream fromServer) {
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(fromServer, StandardCharsets.UTF_8))) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                try {
                    JsonNode message = JSON.readTree(line);
                    if (message.hasNonNull("id")) {
                        answers.put(message.get("id").asText(), message);
                    } else {
                        unaddressed.add(message);
                    }
                } catch (IOException e) {
                    notJson.add(line);
                }
            }
        } catch (IOException closed) {
            // The server closed its end.
        }
    }

    /** Initializes, as a client does before anything else. */
    StdioClient initialized() throws Exception {
        JsonNode init = request("init", "initialize", JSON.readTree("{\"protocolVersion\":\"2024-11-05\",\"capabilities\":{},"
                + "\"clientInfo\":{\"name\":\"test\",\"version\":\"1\"}}"));
        if (!init.has("result")) {
            throw new AssertionError("initialize failed: " + init);
        }
        send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
        return this;
    }

    void send(String line) throws IOException {
        synchronized (toServer) {
            toServer.write((line + "\n").getBytes(StandardCharsets.UTF_8));
            toServer.flush();
        }
    }

    JsonNode request(String id, String method, JsonNode params) throws Exception {
        ObjectNode request = JSON.createObjectNode().put("jsonrpc", "2.0").put("id", id).put("method", method);
        if (params != null) {
            request.set("params", params);
        }
        send(JSON.writeValueAsString(request));
        return answer(id, ANSWER);
    }

    /** A tools/call with {@code arguments} as written (which may be no object at all). */
    JsonNode call(String id, String tool, String arguments) throws Exception {
        send("{\"jsonrpc\":\"2.0\",\"id\":\"" + id + "\",\"method\":\"tools/call\",\"params\":{\"name\":\"" + tool
                + "\",\"arguments\":" + arguments + "}}");
        return answer(id, ANSWER);
    }

    /** The answer to {@code id}, waited for at most {@code most}. */
    JsonNode answer(String id, Duration most) throws InterruptedException {
        Instant end = Instant.now().plus(most);
        while (Instant.now().isBefore(end)) {
            JsonNode answer = answers.get(id);
            if (answer != null) {
                return answer;
            }
            Thread.sleep(5);
        }
        throw new AssertionError("no answer to " + id + " within " + most);
    }

    Optional<JsonNode> answered(String id) {
        return Optional.ofNullable(answers.get(id));
    }

    /** Messages with no id: notifications, and errors to what could not be read. */
    List<JsonNode> unaddressed() {
        synchronized (unaddressed) {
            return List.copyOf(unaddressed);
        }
    }

    List<String> notJson() {
        return List.copyOf(notJson);
    }

    /** Ends the client's side, as a client that quits does; true when the server answered all it was asked, within {@code most}. */
    boolean closeInput(Duration most) throws Exception {
        endInput();
        return serverDone(most);
    }

    /** Ends the client's side, as a client that quits does. */
    void endInput() throws IOException {
        toServer.close();
    }

    /** Waits for the client's side to end, then at most {@code most} for the server to answer all it was asked; true when it did. */
    boolean serverDone(Duration most) throws InterruptedException {
        return server.awaitClientGone(most);
    }

    @Override
    public void close() throws Exception {
        try {
            toServer.close();
        } catch (IOException alreadyClosed) {
            // Closed by the test.
        }
        server.close();
        reader.join(ANSWER.toMillis());
    }
}
