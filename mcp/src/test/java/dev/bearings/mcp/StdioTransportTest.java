package dev.bearings.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bearings.app.testing.ExampleIndex;
import dev.bearings.app.words.Limits;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpServerTransport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;

import static dev.bearings.mcp.StdioClient.JSON;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The stdio transport's own rules: a notice the session sends before the answer to {@code initialize} waits for
 * that answer, whatever else is answered first; a line of exactly the limit in UTF-8 bytes is taken and one byte more
 * refused, however its characters are encoded; the last line is read though no line break ends it; and a server
 * waits for its client to go, then for its last answers, for a bounded time.
 */
class StdioTransportTest {
    private static final McpSchema.InitializeResult INITIALIZED = new McpSchema.InitializeResult("2024-11-05",
            McpSchema.ServerCapabilities.builder().build(), new McpSchema.Implementation("bearings", "test"), null);

    private static List<JsonNode> lines(ByteArrayOutputStream written) throws IOException {
        List<JsonNode> lines = new java.util.ArrayList<>();
        for (String line : written.toString(StandardCharsets.UTF_8).split("\n")) {
            lines.add(JSON.readTree(line));
        }
        return lines;
    }

    @Test
    void aNoticeBeforeTheAnswerToInitializeWaitsForItAndNoOtherAnswer() throws Exception {
        ByteArrayOutputStream written = new ByteArrayOutputStream();
        StdioTransport transport = new StdioTransport(InputStream.nullInputStream(), written, BearingsMcpServer.jsonMapper(), () -> { },
                message -> Optional.empty());
        // No session of the SDK's: the test sends what one would, through the transport it is given.
        AtomicReference<McpServerTransport> session = new AtomicReference<>();
        transport.setSessionFactory(given -> {
            session.set(given);
            return null;
        });
        session.get().sendMessage(new McpSchema.JSONRPCNotification("2.0", "notifications/message", Map.of("data", "early"))).block();
        session.get().sendMessage(new McpSchema.JSONRPCResponse("2.0", "ping", Map.of(), null)).block();
        assertThat(lines(written)).extracting(line -> line.path("id").asText()).as("the answer to a ping, the notice held")
                .containsExactly("ping");
        session.get().sendMessage(new McpSchema.JSONRPCResponse("2.0", "init", INITIALIZED, null)).block();
        session.get().sendMessage(new McpSchema.JSONRPCNotification("2.0", "notifications/message", Map.of("data", "late"))).block();
        assertThat(lines(written)).extracting(line -> line.path("id").asText() + line.path("params").path("data").asText())
                .containsExactly("ping", "init", "early", "late");
        assertThat(transport.awaitClientGone(Duration.ofMillis(10))).as("not reading: its client has not gone").isFalse();
    }

    /** A ping of exactly {@code bytes} bytes of UTF-8, with characters of two, three and four bytes in it. */
    private static String ping(String id, int bytes) {
        String start = "{\"jsonrpc\":\"2.0\",\"id\":\"" + id + "\",\"method\":\"ping\",\"params\":{\"pad\":\"\u0080\u0800\uD83D\uDE00";
        String end = "\"}}";
        int used = (start + end).getBytes(StandardCharsets.UTF_8).length;
        String line = start + "x".repeat(bytes - used) + end;
        assertThat(line.getBytes(StandardCharsets.UTF_8)).hasSize(bytes);
        return line;
    }

    @Test
    void aLineUpToTheLimitInUtf8IsTakenOneByteMoreRefusedAndTheLastReadWithoutALineBreak() throws Exception {
        String lines = ping("edge", Limits.MESSAGE_BYTES) + "\n" + ping("over", Limits.MESSAGE_BYTES + 1) + "\n"
                + "{\"jsonrpc\":\"2.0\",\"id\":\"last\",\"method\":\"ping\"}";
        ByteArrayOutputStream written = new ByteArrayOutputStream();
        // Every message taken is answered here, as the server answers resources/list itself.
        StdioTransport transport = new StdioTransport(new ByteArrayInputStream(lines.getBytes(StandardCharsets.UTF_8)), written,
                BearingsMcpServer.jsonMapper(), () -> { },
                message -> Optional.of("{\"jsonrpc\":\"2.0\",\"id\":" + message.get("id") + ",\"result\":{}}"));
        transport.start();
        assertThat(transport.awaitClientGone(Duration.ofSeconds(60))).isTrue();
        assertThat(lines(written)).extracting(line -> line.hasNonNull("id") ? line.get("id").asText() : line.path("error").path("message").asText())
                .containsExactly("edge", "Invalid Request: a message may be at most " + Limits.MESSAGE_BYTES + " bytes", "last");
    }

    /** Writes nothing while held: the server's answers wait, as they do for a client that stopped reading. */
    private static final class Holding extends FilterOutputStream {
        private volatile CountDownLatch released = new CountDownLatch(0);

        Holding(OutputStream out) {
            super(out);
        }

        void hold() {
            released = new CountDownLatch(1);
        }

        void release() {
            released.countDown();
        }

        @Override
        public void write(byte[] bytes, int offset, int length) throws IOException {
            try {
                if (!released.await(60, TimeUnit.SECONDS)) {
                    throw new IOException("held for a minute");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException(e);
            }
            out.write(bytes, offset, length);
        }
    }

    @Test
    void aServerWaitsForItsClientToGoThenForItsLastAnswersForABoundedTime(@TempDir Path root) throws Exception {
        AtomicReference<Holding> holding = new AtomicReference<>();
        try (ExampleIndex example = ExampleIndex.synced(root);
             StdioClient client = StdioClient.serving(example.index(), out -> {
                 holding.set(new Holding(out));
                 return holding.get();
             }).initialized()) {
            try {
                CompletableFuture<Boolean> done = CompletableFuture.supplyAsync(() -> {
                    try {
                        return client.serverDone(Duration.ofMillis(200));
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return null;
                    }
                });
                assertThatThrownBy(() -> done.get(2, TimeUnit.SECONDS)).as("the client is still there").isInstanceOf(TimeoutException.class);
                holding.get().hold();
                // A tool's call, answered on a thread of its own: the reader goes on to the end of the input.
                client.send("{\"jsonrpc\":\"2.0\",\"id\":\"unwritten\",\"method\":\"tools/call\",\"params\":{\"name\":\"list_tags\","
                        + "\"arguments\":{}}}");
                client.endInput();
                assertThat(done.get(30, TimeUnit.SECONDS)).as("its last answer could not be written in time").isFalse();
            } finally {
                holding.get().release();
            }
            assertThat(client.answer("unwritten", StdioClient.ANSWER).has("result")).as("written once the client reads").isTrue();
        }
    }
}
