package dev.bearings.cli.command;

import dev.bearings.app.folder.DataFolder;
import dev.bearings.cli.output.Highlights;
import dev.bearings.cli.output.TerminalWidth;
import dev.bearings.mcp.http.McpToken;
import dev.bearings.mcp.http.ServerEntry;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.HttpURLConnection;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/**
 * {@code bearings search} answered by a running {@code bearings mcp --http} that serves the same index,
 * with its index open and its model loaded: a whole search then costs a small JVM's start and one
 * request on this machine, not the second it takes to load the model. Each such server names itself
 * in the data folder ({@link ServerEntry}); the client asks each that runs as this
 * user and proves it wrote its entry ({@link dev.bearings.mcp.http.ServerKey}), with the server's token, and the one serving
 * the index the command names answers with what the command
 * would have printed. When none does (none runs, another index, a model flag, another version, a
 * server busy with a long sync), the command runs here as always. This class is the client and must
 * stay light: it runs before picocli, Jackson or the model are loaded, and loads none of them.
 */
public final class ServedSearch {
    public static final String ENDPOINT = "/search";
    /** The response's headers: the command's exit code, and where its stdout ends and its stderr begins. */
    public static final String EXIT_HEADER = "Bearings-Exit";
    public static final String OUT_CHARS_HEADER = "Bearings-Out-Chars";
    /** Sent with a refusal by a server of another build: the build it is. */
    public static final String VERSION_HEADER = "Bearings-Version";
    /**
     * A file the launcher names for the one search whose classes it archives: made when a server answered, so that the
     * archive is filed as a served search's, which loads a fraction of the classes of one answered here.
     */
    public static final String ANSWERED_MARK_PROPERTY = "bearings.served.mark";
    private static final int CONNECT_MILLIS = 1_000;
    private static final int ANSWER_MILLIS = 60_000;

    private ServedSearch() {
    }

    /**
     * Asks the running servers to run {@code search ARGS}, printing the answer of the one that does.
     *
     * @return its exit code, or empty when no server answered and the command should run here
     */
    public static OptionalInt ask(List<String> args, PrintStream out, PrintStream err) {
        if (args.contains("--no-server")) {
            return OptionalInt.empty();
        }
        Path data = DataFolder.path();
        List<ServerEntry> entries = ServerEntry.all(data);
        if (entries.isEmpty()) {
            return OptionalInt.empty();
        }
        String token = null;
        byte[] body = null;
        for (ServerEntry entry : entries) {
            try {
                // Nothing secret leaves this process before the server has proved it wrote its entry.
                if (!entry.isOurs() || !entry.provesItself()) {
                    continue;
                }
                if (token == null) {
                    token = Files.readString(data.resolve(McpToken.FILE), StandardCharsets.UTF_8).strip();
                    StringBuilder form = new StringBuilder("version=").append(encode(VersionNumber.BUILD))
                            .append("&cwd=").append(encode(Path.of("").toAbsolutePath().toString()));
                    forTheServer(args).forEach(arg -> form.append("&arg=").append(encode(arg)));
                    body = form.toString().getBytes(StandardCharsets.UTF_8);
                }
                OptionalInt answered = ask(entry, token, body, out, err);
                if (answered.isPresent()) {
                    markAnswered();
                    return answered;
                }
            } catch (IOException goneOrBusy) {
                // A server that could not answer, or no token to read: the next, or here.
            }
        }
        return OptionalInt.empty();
    }

    private static OptionalInt ask(ServerEntry entry, String token, byte[] body, PrintStream out, PrintStream err) throws IOException {
        HttpURLConnection connection = (HttpURLConnection) entry.url(ENDPOINT).openConnection();
        try {
            connection.setConnectTimeout(CONNECT_MILLIS);
            connection.setReadTimeout(ANSWER_MILLIS);
            connection.setRequestMethod("POST");
            connection.setDoOutput(true);
            connection.setRequestProperty("Authorization", "Bearer " + token);
            connection.setRequestProperty("Content-Type", "application/x-www-form-urlencoded; charset=UTF-8");
            connection.setFixedLengthStreamingMode(body.length);
            try (OutputStream request = connection.getOutputStream()) {
                request.write(body);
            }
            if (connection.getResponseCode() != HttpURLConnection.HTTP_OK) {
                String build = connection.getHeaderField(VERSION_HEADER);
                if (build != null && !build.equals(VersionNumber.BUILD) && entry.kind().equals(ServerEntry.BACKGROUND)) {
                    // A server a search of another build started: this search's own takes its place.
                    entry.stop(token, "a search of bearings " + VersionNumber.BUILD + " asked");
                }
                return OptionalInt.empty();
            }
            String exit = connection.getHeaderField(EXIT_HEADER);
            String outChars = connection.getHeaderField(OUT_CHARS_HEADER);
            if (exit == null || outChars == null) {
                return OptionalInt.empty();
            }
            String printed;
            try (InputStream answer = connection.getInputStream()) {
                printed = new String(answer.readAllBytes(), StandardCharsets.UTF_8);
            }
            int split = Integer.parseInt(outChars);
            out.print(printed.substring(0, split));
            out.flush();
            err.print(printed.substring(split));
            err.flush();
            return OptionalInt.of(Integer.parseInt(exit));
        } catch (NumberFormatException | IndexOutOfBoundsException notOurs) {
            return OptionalInt.empty();
        } finally {
            connection.disconnect();
        }
    }

    private static void markAnswered() {
        String mark = System.getProperty(ANSWERED_MARK_PROPERTY);
        if (mark != null) {
            try {
                Files.createFile(Path.of(mark));
            } catch (IOException | RuntimeException e) {
                // The archive is then filed as a search answered here: served searches start a little slower.
            }
        }
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    /**
     * The arguments as the server must run them to print for this terminal: whether to colour and how
     * wide the lines may be are this terminal's questions, not the server's, so {@code auto}, given or
     * not, is answered here.
     */
    static List<String> forTheServer(List<String> args) {
        List<String> out = new ArrayList<>();
        String color = Highlights.AUTO;
        String width = TerminalWidth.AUTO;
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            if ((arg.equals("--color") || arg.equals("--width")) && i + 1 < args.size()) {
                arg = arg + "=" + args.get(++i);
            }
            if (arg.startsWith("--color=")) {
                color = arg.substring("--color=".length());
            } else if (arg.startsWith("--width=")) {
                width = arg.substring("--width=".length());
            } else {
                out.add(arg);
            }
        }
        out.add("--color=" + Highlights.resolved(color));
        out.add("--width=" + TerminalWidth.resolved(width));
        return out;
    }

}
