package dev.bearings.mcp;

import dev.bearings.app.words.Limits;
import com.fasterxml.jackson.databind.JsonNode;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpServerSession;
import io.modelcontextprotocol.spec.McpServerTransport;
import io.modelcontextprotocol.spec.McpServerTransportProvider;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * MCP over stdio for one client, in place of the SDK's stdio transport, which stops reading for good at
 * the first line it cannot turn into a message and loses answers when two are sent at once under load
 * (its queue refuses a second writer). Here every line is read once and checked ({@link JsonRpcChecks}):
 * one that is refused gets its JSON-RPC error and the session goes on. Every message out is written
 * whole, one at a time, by whichever thread sends it. The protocol's order is kept whatever the threads
 * do: nothing but the answer goes out before {@code initialize} is answered (notifications wait for it),
 * and a request other than {@code ping} sent before the client said {@code notifications/initialized}
 * is refused rather than left unanswered.
 */
public final class StdioTransport implements McpServerTransportProvider {
    private static final Logger LOG = LoggerFactory.getLogger(StdioTransport.class);

    private final McpJsonMapper json;
    private final Reader in;
    private final OutputStream out;
    private final Runnable initialized;
    private final java.util.function.Function<JsonNode, java.util.Optional<String>> direct;
    private final CountDownLatch clientGone = new CountDownLatch(1);
    /** Guarded by itself: the ids of requests handed to the session and not yet answered. */
    private final Set<String> unanswered = new HashSet<>();
    /** Guarded by {@link #out}: notifications sent before {@code initialize} was answered. */
    private final List<McpSchema.JSONRPCMessage> held = new ArrayList<>();
    private boolean initializeAnswered;
    private volatile boolean clientInitialized;
    private volatile McpServerSession session;

    /**
     * @param initialized runs when the client says it has initialized, before the session hears it
     * @param direct      the answer to a request this server answers itself, not the SDK ({@code resources/list}), if it is one
     */
    public StdioTransport(InputStream in, OutputStream out, McpJsonMapper json, Runnable initialized,
                          java.util.function.Function<JsonNode, java.util.Optional<String>> direct) {
        this.in = new InputStreamReader(in, StandardCharsets.UTF_8);
        this.out = out;
        this.json = json;
        this.initialized = initialized;
        this.direct = direct;
    }

    @Override
    public void setSessionFactory(McpServerSession.Factory factory) {
        session = factory.create(new Session());
    }

    /**
     * Starts reading the client's messages: after the server is whole (its note resources listed), so that
     * nothing the client asks is answered from half of it.
     */
    public void start() {
        Thread reader = new Thread(this::read, "bearings-mcp-stdin");
        reader.setDaemon(true);
        reader.start();
    }

    /** Waits until the client has gone (stdin ended) and every request it made before is answered, or {@code most} passed. */
    public boolean awaitClientGone(Duration most) throws InterruptedException {
        long end = System.nanoTime() + most.toNanos();
        if (!clientGone.await(most.toNanos(), TimeUnit.NANOSECONDS)) {
            return false;
        }
        synchronized (unanswered) {
            while (!unanswered.isEmpty() && System.nanoTime() < end) {
                unanswered.wait(Math.max(1, (end - System.nanoTime()) / 1_000_000));
            }
            return unanswered.isEmpty();
        }
    }

    /** Blocks until stdin ends. */
    public void awaitClientGone() throws InterruptedException {
        clientGone.await();
    }

    /** As the SDK's stdio transport: the version its clients know; the HTTP transport offers the newer ones. */
    @Override
    public List<String> protocolVersions() {
        return List.of(io.modelcontextprotocol.spec.ProtocolVersions.MCP_2024_11_05);
    }

    @Override
    public Mono<Void> notifyClients(String method, Object params) {
        McpServerSession current = session;
        return current == null ? Mono.empty() : current.sendNotification(method, params);
    }

    @Override
    public Mono<Void> closeGracefully() {
        return Mono.fromRunnable(this::close);
    }

    /** Ends the session and the output: the client hears nothing more. */
    @Override
    public void close() {
        McpServerSession current = session;
        session = null;
        if (current != null) {
            current.close();
        }
        synchronized (out) {
            try {
                out.close();
            } catch (IOException alreadyClosed) {
                // The client closed its end first.
            }
        }
    }

    private void read() {
        try {
            StringBuilder line = new StringBuilder();
            boolean tooLong = false;
            long bytes = 0;
            int c;
            while ((c = in.read()) >= 0) {
                if (c == '\n') {
                    take(line, tooLong);
                    line.setLength(0);
                    tooLong = false;
                    bytes = 0;
                    continue;
                }
                // Counted as UTF-8 bytes, as HTTP counts a body: a surrogate is half of a four-byte character.
                bytes += c < 0x80 ? 1 : c < 0x800 || Character.isSurrogate((char) c) ? 2 : 3;
                if (bytes <= Limits.MESSAGE_BYTES) {
                    line.append((char) c);
                } else {
                    tooLong = true;
                }
            }
            take(line, tooLong);
        } catch (IOException e) {
            // stdin closed: the session is over either way.
        } finally {
            clientGone.countDown();
        }
    }

    private void take(CharSequence line, boolean tooLong) throws IOException {
        String text = line.toString().strip();
        if (text.isEmpty()) {
            return;
        }
        if (tooLong) {
            writeLine(new JsonRpcChecks.Refusal(null, McpSchema.ErrorCodes.INVALID_REQUEST,
                    "Invalid Request: a message may be at most " + Limits.MESSAGE_BYTES + " bytes", true).json());
            return;
        }
        // The SDK's reader would end a line at a \r too. Parsed, a raw \r can only be whitespace between
        // tokens (inside a string it must be escaped), so a space is the same message.
        String message = text.replace('\r', ' ');
        JsonRpcChecks.Checked checked = JsonRpcChecks.check(message, json);
        if (checked.refusal().isPresent()) {
            if (checked.refusal().get().answer()) {
                writeLine(checked.refusal().get().json());
            }
            return;
        }
        JsonNode read = checked.message();
        String method = read.path("method").asText(null);
        JsonNode id = read.get("id");
        if (method != null && id != null && !clientInitialized && !McpSchema.METHOD_INITIALIZE.equals(method)
                && !McpSchema.METHOD_PING.equals(method)) {
            writeLine(new JsonRpcChecks.Refusal(id, McpSchema.ErrorCodes.INVALID_REQUEST, "Invalid Request: " + method
                    + " before the client said notifications/initialized; initialize first", true).json());
            return;
        }
        java.util.Optional<String> answered = direct.apply(read);
        if (answered.isPresent()) {
            writeLine(answered.get());
            return;
        }
        if (McpSchema.METHOD_NOTIFICATION_INITIALIZED.equals(method)) {
            clientInitialized = true;
            initialized.run();
        }
        McpServerSession current = session;
        if (current == null) {
            return;
        }
        if (method != null && id != null) {
            synchronized (unanswered) {
                unanswered.add(id.asText());
            }
        }
        McpSchema.JSONRPCMessage parsed = McpSchema.deserializeJsonRpcMessage(json, message);
        current.handle(parsed).subscribe(done -> { }, failed -> LOG.warn("a message was not handled: {}", failed.toString()));
    }

    /** Writes one message whole; notifications before the answer to {@code initialize} wait for it. */
    private void send(McpSchema.JSONRPCMessage message) throws IOException {
        String text = json.writeValueAsString(message);
        synchronized (out) {
            if (message instanceof McpSchema.JSONRPCNotification && !initializeAnswered) {
                held.add(message);
                return;
            }
            writeLine(text);
            if (message instanceof McpSchema.JSONRPCResponse response && !initializeAnswered
                    && response.result() instanceof McpSchema.InitializeResult) {
                initializeAnswered = true;
                for (McpSchema.JSONRPCMessage waiting : held) {
                    writeLine(json.writeValueAsString(waiting));
                }
                held.clear();
            }
        }
        if (message instanceof McpSchema.JSONRPCResponse response && response.id() != null) {
            synchronized (unanswered) {
                unanswered.remove(String.valueOf(response.id()));
                unanswered.notifyAll();
            }
        }
    }

    private void writeLine(String line) throws IOException {
        // Jackson writes no raw line break inside a message; one line is one message.
        byte[] bytes = (line + "\n").getBytes(StandardCharsets.UTF_8);
        synchronized (out) {
            out.write(bytes);
            out.flush();
        }
    }

    /** The one session of a stdio connection. */
    private final class Session implements McpServerTransport {
        @Override
        public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message) {
            return Mono.fromCallable(() -> {
                send(message);
                return message;
            }).then();
        }

        @Override
        public <T> T unmarshalFrom(Object data, TypeRef<T> type) {
            return json.convertValue(data, type);
        }

        @Override
        public Mono<Void> closeGracefully() {
            return Mono.empty();
        }
    }
}
