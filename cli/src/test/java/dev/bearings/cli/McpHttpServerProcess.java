package dev.bearings.cli;

import dev.bearings.mcp.http.McpToken;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A real {@code bearings mcp --http --port 0} process, its data folder in the test's folder, and where it serves. */
final class McpHttpServerProcess implements AutoCloseable {
    private static final Pattern SERVING = Pattern.compile("serving (http://127\\.0\\.0\\.1:(\\d+)/mcp)");

    private final Child child;
    final Path dataFolder;
    final String url;
    final int port;
    final String token;

    private McpHttpServerProcess(Child child, Path dataFolder, String url, int port, String token) {
        this.child = child;
        this.dataFolder = dataFolder;
        this.url = url;
        this.port = port;
        this.token = token;
    }

    /** Starts the server on {@code index} and waits, at most a minute, until it says where it serves. */
    static McpHttpServerProcess start(Path root, Path index, String... more) throws Exception {
        Path xdg = root.resolve("xdg");
        List<String> command = McpServerProcess.command(index, "--http", "--port", "0");
        command.addAll(List.of(more));
        Child child = Child.start(command, root.resolve("logs"), Map.of("XDG_DATA_HOME", xdg.toString()));
        Instant deadline = Instant.now().plus(Duration.ofMinutes(1));
        while (Instant.now().isBefore(deadline)) {
            Matcher serving = SERVING.matcher(child.err());
            if (serving.find()) {
                Path dataFolder = xdg.resolve("bearings");
                String token = Files.readString(dataFolder.resolve(McpToken.FILE)).strip();
                return new McpHttpServerProcess(child, dataFolder, serving.group(1), Integer.parseInt(serving.group(2)), token);
            }
            if (!child.isAlive()) {
                throw new AssertionError("bearings mcp --http ended: " + child.err());
            }
            Thread.sleep(100);
        }
        String err = child.err();
        child.close();
        throw new AssertionError("bearings mcp --http did not start serving within a minute: " + err);
    }

    long pid() {
        return child.process().pid();
    }

    boolean isAlive() {
        return child.isAlive();
    }

    String err() throws Exception {
        return child.err();
    }

    /** Stops it as a service manager would (SIGTERM) and returns its exit code, within 30 s. */
    int stop() throws Exception {
        child.process().destroy();
        return child.exitCode(Duration.ofSeconds(30));
    }

    List<String> commandLine() {
        return List.of(child.process().info().commandLine().orElse("?"));
    }

    @Override
    public void close() throws Exception {
        child.close();
    }
}
