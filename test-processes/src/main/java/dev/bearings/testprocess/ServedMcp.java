package dev.bearings.testprocess;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A running {@code bearings mcp --http --port 0}, started from any command that runs it, with a data
 * folder of its own: where it serves and its token, read as a user reads them, from the line it
 * prints when it serves.
 */
public final class ServedMcp implements AutoCloseable {
    private static final Pattern SERVING = Pattern.compile(
            "serving (http://127\\.0\\.0\\.1:(\\d+)/mcp) .*the token in (.+)>'");

    private final ChildProcess child;
    private final Path dataFolder;
    private final String url;
    private final int port;
    private final String token;

    private ServedMcp(ChildProcess child, Path dataFolder, String url, int port, String token) {
        this.child = child;
        this.dataFolder = dataFolder;
        this.url = url;
        this.port = port;
        this.token = token;
    }

    /**
     * Starts {@code command} with {@code WORK/xdg} as its data home and its output in {@code WORK/logs},
     * and waits, at most {@code most}, until it says where it serves.
     */
    public static ServedMcp start(List<String> command, Path work, Map<String, String> environment, Duration most)
            throws Exception {
        Path xdg = work.resolve("xdg");
        Map<String, String> variables = new HashMap<>(environment);
        variables.put("XDG_DATA_HOME", xdg.toString());
        ChildProcess child = ChildProcess.start(command, work.resolve("logs"), variables);
        try {
            Instant deadline = Instant.now().plus(most);
            while (Instant.now().isBefore(deadline)) {
                Matcher serving = SERVING.matcher(child.err());
                if (serving.find()) {
                    Path tokenFile = Path.of(serving.group(3));
                    return new ServedMcp(child, tokenFile.getParent(), serving.group(1), Integer.parseInt(serving.group(2)),
                            Files.readString(tokenFile).strip());
                }
                if (!child.isAlive()) {
                    throw new AssertionError("bearings mcp --http ended: " + child.err());
                }
                Thread.sleep(100);
            }
            throw new AssertionError("bearings mcp --http did not start serving within " + most + ": " + child.err());
        } catch (Exception | AssertionError failed) {
            // A server that cannot be handed over is stopped here: nobody else holds it to close it.
            child.close();
            throw failed;
        }
    }

    /** The folder it keeps its token and work in. */
    public Path dataFolder() {
        return dataFolder;
    }

    public String url() {
        return url;
    }

    public int port() {
        return port;
    }

    public String token() {
        return token;
    }

    public long pid() {
        return child.pid();
    }

    public boolean isAlive() {
        return child.isAlive();
    }

    public String err() throws Exception {
        return child.err();
    }

    /** Stops it as a service manager would (SIGTERM) and gives its exit code, within 30 s. */
    public int stop() throws Exception {
        return child.stop(Duration.ofSeconds(30));
    }

    public List<String> commandLine() {
        return List.of(child.process().info().commandLine().orElse("?"));
    }

    @Override
    public void close() throws Exception {
        child.close();
    }
}
