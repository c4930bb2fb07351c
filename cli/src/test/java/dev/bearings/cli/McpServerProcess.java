package dev.bearings.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bearings.testprocess.ProjectData;
import dev.bearings.testprocess.ServedMcp;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A real {@code bearings mcp} process over an indexed copy of the example notes, spoken to in raw
 * JSON-RPC lines, as a client would. Everything it writes to stdout is kept, to check that it is
 * all protocol.
 */
final class McpServerProcess implements AutoCloseable {
    static final ObjectMapper JSON = new ObjectMapper();

    private final Process process;
    private final OutputStream stdin;
    private final Map<String, JsonNode> answers = new ConcurrentHashMap<>();
    private final List<JsonNode> unaddressed = Collections.synchronizedList(new ArrayList<>());
    private final List<String> notJson = Collections.synchronizedList(new ArrayList<>());
    private final StringBuilder stderr = new StringBuilder();

    private McpServerProcess(Process process) {
        this.process = process;
        this.stdin = process.getOutputStream();
        Thread out = new Thread(() -> {
            try (BufferedReader lines = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = lines.readLine()) != null) {
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
                // The process ended.
            }
        });
        out.setDaemon(true);
        out.start();
        Thread err = new Thread(() -> {
            try (BufferedReader lines = new BufferedReader(new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = lines.readLine()) != null) {
                    synchronized (stderr) {
                        stderr.append(line).append('\n');
                    }
                }
            } catch (IOException closed) {
                // The process ended.
            }
        });
        err.setDaemon(true);
        err.start();
    }

    /** The command that starts {@code bearings mcp} on this index, from the test class path. */
    static List<String> command(Path index, String... more) {
        List<String> command = CliRun.command("mcp", "--index", index.toString());
        command.addAll(List.of(more));
        return command;
    }

    /**
     * {@code bearings mcp --http --port 0} on this index, its data folder in {@code root}, once it
     * serves (at most a minute).
     */
    static ServedMcp served(Path root, Path index, String... more) throws Exception {
        List<String> command = command(index, "--http", "--port", "0");
        command.addAll(List.of(more));
        return ServedMcp.start(command, root, Map.of(), Duration.ofMinutes(1));
    }

    /**
     * When each example note was last modified in the copies the tests index, most recent first: a
     * clone gives every file the same time, and listing tools order notes by it.
     */
    static final Map<String, Instant> EXAMPLES_MODIFIED = exampleTimes();

    private static Map<String, Instant> exampleTimes() {
        Map<String, Instant> times = new LinkedHashMap<>();
        times.put("vpn-setup.md", Instant.parse("2026-03-10T09:00:00Z"));
        times.put("sourdough.md", Instant.parse("2026-02-01T18:30:00Z"));
        times.put("backups.md", Instant.parse("2026-01-05T12:00:00Z"));
        times.put("git-tricks.md", Instant.parse("2025-11-20T08:15:00Z"));
        times.put("kyoto-trip.md", Instant.parse("2025-10-15T21:00:00Z"));
        return Collections.unmodifiableMap(times);
    }

    /** Copies the example notes to {@code root/notes}, dated as {@link #EXAMPLES_MODIFIED} says. */
    static Path exampleNotes(Path root) throws IOException {
        Path notes = Files.createDirectories(root.resolve("notes"));
        try (Stream<Path> files = Files.list(ProjectData.EXAMPLE_NOTES)) {
            for (Path file : files.toList()) {
                Path copy = notes.resolve(file.getFileName());
                Files.copy(file, copy);
                Instant modified = EXAMPLES_MODIFIED.get(file.getFileName().toString());
                if (modified == null) {
                    throw new IllegalStateException("no date for the example note " + file.getFileName());
                }
                Files.setLastModifiedTime(copy, FileTime.from(modified));
            }
        }
        return notes;
    }

    /** Copies the example notes to {@code root/notes} and indexes them into {@code root/index}. */
    static Path indexedExamples(Path root, String store) throws IOException {
        Path notes = exampleNotes(root);
        Path index = root.resolve("index");
        CliRun run = CliRun.of("index", "--folder", notes.toString(), "--index", index.toString(), "--store", store);
        if (run.exitCode() != 0) {
            throw new IllegalStateException(run.err());
        }
        return index;
    }

    static McpServerProcess start(List<String> command) throws IOException {
        return new McpServerProcess(new ProcessBuilder(command).start());
    }

    /** Initializes the session, as every client does first. */
    McpServerProcess initialized() throws Exception {
        JsonNode init = request("init", "initialize", JSON.readTree("{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
                + "\"clientInfo\":{\"name\":\"raw\",\"version\":\"1\"}}"));
        if (!init.has("result")) {
            throw new IllegalStateException("initialize failed: " + init);
        }
        send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
        return this;
    }

    void send(String line) throws IOException {
        stdin.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        stdin.flush();
    }

    JsonNode request(String id, String method, JsonNode params) throws Exception {
        ObjectNode message = JSON.createObjectNode().put("jsonrpc", "2.0").put("id", id).put("method", method);
        if (params != null) {
            message.set("params", params);
        }
        send(JSON.writeValueAsString(message));
        return answer(id, Duration.ofSeconds(120));
    }

    /** Calls a tool and returns the result, or the protocol error. */
    JsonNode call(String id, String tool, String argumentsJson) throws Exception {
        ObjectNode params = JSON.createObjectNode().put("name", tool);
        params.set("arguments", JSON.readTree(argumentsJson));
        return request(id, "tools/call", params);
    }

    JsonNode answer(String id, Duration most) throws InterruptedException {
        long end = System.nanoTime() + most.toNanos();
        while (System.nanoTime() < end) {
            JsonNode answer = answers.get(id);
            if (answer != null) {
                return answer;
            }
            if (!process.isAlive()) {
                throw new IllegalStateException("the server died; stderr:\n" + stderr());
            }
            Thread.sleep(5);
        }
        throw new IllegalStateException("no answer to " + id + " in " + most + "; stderr:\n" + stderr());
    }

    /** Answers without an id: errors to lines that could not be read as requests. */
    List<JsonNode> unaddressed() {
        synchronized (unaddressed) {
            return List.copyOf(unaddressed);
        }
    }

    List<String> notJson() {
        synchronized (notJson) {
            return List.copyOf(notJson);
        }
    }

    boolean isAlive() {
        return process.isAlive();
    }

    String stderr() {
        synchronized (stderr) {
            return stderr.toString();
        }
    }

    /** Closes stdin, as a client does when it leaves, and waits for the exit code. */
    int closeInput(Duration most) throws Exception {
        stdin.close();
        if (!process.waitFor(most.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new IllegalStateException("the server did not stop after its input closed");
        }
        return process.exitValue();
    }

    @Override
    public void close() throws InterruptedException {
        process.destroyForcibly();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            throw new IllegalStateException("the killed server did not end within 30 s");
        }
    }
}
