package dev.bearings.mcp.http;

import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * {@value #ENDPOINT}: a running server, for {@code bearings server status} and {@code server stop}. GET
 * says what it is (its status); POST asks it to stop. Behind the same guard as the rest: the token, and
 * a loopback host and origin.
 */
public final class ServerControl extends HttpServlet {
    public static final String ENDPOINT = "/server";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final transient Supplier<Status> status;
    private final transient Consumer<String> stop;

    /**
     * What a server says of itself.
     *
     * @param kind           {@code background} (started by a search, stops when idle) or {@code mcp} (started by a person)
     * @param idleStopSeconds when a background server stops if nobody asks; null for one that runs until stopped
     * @param residentBytes  the process's resident memory, where the system says (Linux); else null
     */
    public record Status(long pid, String kind, String version, String index, int port, String started, long idleSeconds,
                         Long idleStopSeconds, Long residentBytes, long heapBytes) {
    }

    /** @param stop stops the server, for the reason given */
    public ServerControl(Supplier<Status> status, Consumer<String> stop) {
        this.status = status;
        this.stop = stop;
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        byte[] body = JSON.writeValueAsBytes(status.get());
        response.setContentType("application/json");
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) {
        response.setStatus(HttpServletResponse.SC_ACCEPTED);
        stop.accept(Optional.ofNullable(request.getParameter("reason")).filter(r -> r.matches("[\\w ,.;:'()-]{1,200}"))
                .orElse("asked to stop"));
    }

    /** This process's resident memory, from {@code /proc/self/status} where there is one. */
    public static Optional<Long> residentBytes() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"), StandardCharsets.UTF_8)) {
                if (line.startsWith("VmRSS:")) {
                    return Optional.of(Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024);
                }
            }
        } catch (IOException | NumberFormatException | SecurityException none) {
            // Not Linux: unknown.
        }
        return Optional.empty();
    }

    /** When a process started, as the system says. */
    public static String started() {
        return ProcessHandle.current().info().startInstant().map(Instant::toString).orElse("unknown");
    }
}
