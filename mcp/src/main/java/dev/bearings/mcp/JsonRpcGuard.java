package dev.bearings.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;

/**
 * Stands between stdin and the MCP SDK's stdio transport, which stops reading for good at the first
 * line it cannot turn into a JSON-RPC message. Lines that are not JSON, not JSON-RPC 2.0, too long, or
 * not readable by the SDK's own reader are answered here with the JSON-RPC error (or dropped, when they
 * are answers) and never reach the SDK, so one bad message costs one error, not the server.
 */
public final class JsonRpcGuard {
    /** Longest line passed on, in characters; the SDK's own limit is 16 MiB. */
    public static final int MAX_LINE = 8 * 1024 * 1024;

    private final McpJsonMapper sdkJson;
    private final Reader in;
    private final LineOutput out;
    private final Runnable atEnd;
    private final Runnable initialized;
    /** The pipe's writer must outlive the input: a pipe whose writing thread died fails its reader. */
    private final java.util.concurrent.CountDownLatch released = new java.util.concurrent.CountDownLatch(1);

    /**
     * @param sdkJson the mapper the SDK reads messages with
     * @param atEnd       runs when stdin ends: the client has gone
     * @param initialized runs when the client says it has initialized, before the SDK hears it
     */
    public JsonRpcGuard(InputStream in, LineOutput out, McpJsonMapper sdkJson, Runnable atEnd, Runnable initialized) {
        this.initialized = initialized;
        this.in = new InputStreamReader(in, StandardCharsets.UTF_8);
        this.sdkJson = sdkJson;
        this.out = out;
        this.atEnd = atEnd;
    }

    /** Starts passing good lines on; the SDK reads them from the stream returned. */
    public InputStream start() throws IOException {
        PipedOutputStream toSdk = new PipedOutputStream();
        PipedInputStream sdkInput = new PipedInputStream(toSdk, 1 << 16);
        Thread pump = new Thread(() -> pump(toSdk), "bearings-mcp-stdin");
        pump.setDaemon(true);
        pump.start();
        return sdkInput;
    }

    /**
     * Ends the SDK's input. Only after the last answer is written: the SDK stops writing as soon as
     * its input ends.
     */
    public void close() {
        released.countDown();
    }

    private void pump(OutputStream toSdk) {
        try {
            StringBuilder line = new StringBuilder();
            boolean tooLong = false;
            int c;
            while ((c = in.read()) >= 0) {
                if (c == '\n') {
                    pass(line, tooLong, toSdk);
                    line.setLength(0);
                    tooLong = false;
                } else if (line.length() < MAX_LINE) {
                    line.append((char) c);
                } else {
                    tooLong = true;
                }
            }
            pass(line, tooLong, toSdk);
        } catch (IOException e) {
            // stdin or the pipe closed: the session is over either way.
        } finally {
            atEnd.run();
        }
        try {
            released.await();
            toSdk.close();
        } catch (InterruptedException | IOException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void pass(CharSequence line, boolean tooLong, OutputStream toSdk) throws IOException {
        String text = line.toString().strip();
        if (text.isEmpty()) {
            return;
        }
        if (tooLong) {
            out.writeLine(error(null, -32600, "Invalid Request: a message may be at most " + MAX_LINE + " characters"));
            return;
        }
        // The SDK reads lines as BufferedReader does, ending one at a \r too. Parsed, a raw \r can only
        // be whitespace between tokens (inside a string it must be escaped), so a space is the same message.
        String passed = text.replace('\r', ' ');
        JsonRpcChecks.Checked checked = JsonRpcChecks.check(passed, sdkJson);
        if (checked.refusal().isPresent()) {
            if (checked.refusal().get().answer()) {
                out.writeLine(checked.refusal().get().json());
            }
            return;
        }
        JsonNode message = checked.message();
        JsonNode id = message.get("id");
        if (message.has("method") && id != null) {
            out.awaitAnswer(id.asText());
        }
        if (McpSchema.METHOD_NOTIFICATION_INITIALIZED.equals(message.path("method").asText(null))) {
            initialized.run();
        }
        toSdk.write((passed + "\n").getBytes(StandardCharsets.UTF_8));
        toSdk.flush();
    }

    private String error(JsonNode id, int code, String text) {
        return new JsonRpcChecks.Refusal(id, code, text, true).json();
    }

    /**
     * The protocol stream, written a whole line at a time, so that the guard's answers never land
     * inside a message the SDK is writing.
     */
    public static final class LineOutput extends OutputStream {
        private final OutputStream out;
        private final java.io.ByteArrayOutputStream pending = new java.io.ByteArrayOutputStream();
        private final java.util.Set<String> unanswered = new java.util.HashSet<>();
        private final ObjectMapper json = new ObjectMapper();

        public LineOutput(OutputStream out) {
            this.out = out;
        }

        public synchronized void awaitAnswer(String id) {
            unanswered.add(id);
        }

        /** Waits until every request passed on has its answer written, or the time is up. */
        public synchronized boolean drain(java.time.Duration most) throws InterruptedException {
            long end = System.nanoTime() + most.toNanos();
            while (!unanswered.isEmpty() && System.nanoTime() < end) {
                wait(Math.max(1, (end - System.nanoTime()) / 1_000_000));
            }
            return unanswered.isEmpty();
        }

        @Override
        public synchronized void write(int b) throws IOException {
            pending.write(b);
            if (b == '\n') {
                answered(pending.toByteArray());
                pending.writeTo(out);
                pending.reset();
                out.flush();
            }
        }

        private void answered(byte[] line) {
            if (unanswered.isEmpty()) {
                return;
            }
            try {
                JsonNode message = json.readTree(line);
                if (message.has("id") && (message.has("result") || message.has("error"))) {
                    unanswered.remove(message.get("id").asText());
                    notifyAll();
                }
            } catch (IOException notJson) {
                // Only the SDK writes here, and it writes JSON.
            }
        }

        @Override
        public synchronized void write(byte[] bytes, int offset, int length) throws IOException {
            for (int i = offset; i < offset + length; i++) {
                write(bytes[i]);
            }
        }

        public synchronized void writeLine(String line) throws IOException {
            out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
            out.flush();
        }

        @Override
        public synchronized void flush() throws IOException {
            out.flush();
        }

        @Override
        public synchronized void close() throws IOException {
            out.close();
        }
    }
}
