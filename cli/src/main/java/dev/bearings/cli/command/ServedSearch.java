package dev.bearings.cli.command;

import dev.bearings.app.DataFolder;
import dev.bearings.app.OwnerOnly;
import dev.bearings.cli.output.Highlights;
import dev.bearings.cli.output.TerminalWidth;
import dev.bearings.mcp.http.McpToken;
import dev.bearings.mcp.http.ServerKey;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.HttpURLConnection;
import java.net.URL;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * {@code bearings search} answered by a running {@code bearings mcp --http} that serves the same index,
 * with its index open and its model loaded: a whole search then costs a small JVM's start and one
 * request on this machine, not the second it takes to load the model. Each such server names itself
 * in the data folder ({@value #SERVERS}/PORT, see {@link Entry}); the client asks each that runs as this
 * user and proves it wrote its entry ({@link ServerKey}), with the server's token, and the one serving
 * the index the command names answers with what the command
 * would have printed. When none does (none runs, another index, a model flag, another version, a
 * server busy with a long sync), the command runs here as always. This class is the client and must
 * stay light: it runs before picocli, Jackson or the model are loaded, and loads none of them.
 */
public final class ServedSearch {
    public static final String ENDPOINT = "/search";
    public static final String SERVERS = "servers";
    /** The response's headers: the command's exit code, and where its stdout ends and its stderr begins. */
    public static final String EXIT_HEADER = "Bearings-Exit";
    public static final String OUT_CHARS_HEADER = "Bearings-Out-Chars";
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
        Path data = DataFolder.path();
        List<Entry> entries = Entry.all(data.resolve(SERVERS));
        if (entries.isEmpty()) {
            return OptionalInt.empty();
        }
        String token = null;
        byte[] body = null;
        for (Entry entry : entries) {
            try {
                // Nothing secret leaves this process before the server has proved it wrote its entry.
                if (!entry.isOurs() || !entry.provesItself()) {
                    continue;
                }
                if (token == null) {
                    token = Files.readString(data.resolve(McpToken.FILE), StandardCharsets.UTF_8).strip();
                    StringBuilder form = new StringBuilder("version=").append(encode(VersionNumber.NUMBER))
                            .append("&cwd=").append(encode(Path.of("").toAbsolutePath().toString()));
                    forTheServer(args).forEach(arg -> form.append("&arg=").append(encode(arg)));
                    body = form.toString().getBytes(StandardCharsets.UTF_8);
                }
                OptionalInt answered = ask(entry.port(), token, body, out, err);
                if (answered.isPresent()) {
                    return answered;
                }
            } catch (IOException goneOrBusy) {
                // A server that could not answer, or no token to read: the next, or here.
            }
        }
        return OptionalInt.empty();
    }

    private static OptionalInt ask(int port, String token, byte[] body, PrintStream out, PrintStream err) throws IOException {
        HttpURLConnection connection = (HttpURLConnection) new URL("http", "127.0.0.1", port, ENDPOINT).openConnection();
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

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    /**
     * A running server's entry in the data folder ({@value #SERVERS}/PORT): the index it serves, its
     * process and its {@link ServerKey}, one {@code name value} line each.
     */
    record Entry(Path file, int port, String index, long pid, ServerKey key) {
        private static final String INDEX = "index ";
        private static final String PID = "pid ";
        private static final String KEY = "key ";

        /** The entries in {@code servers}; a file that is not a whole entry (one being written, one of an older version) is none. */
        static List<Entry> all(Path servers) {
            List<Entry> entries = new ArrayList<>();
            try (DirectoryStream<Path> files = Files.newDirectoryStream(servers)) {
                for (Path file : files) {
                    try {
                        int port = Integer.parseInt(file.getFileName().toString());
                        String index = null;
                        Long pid = null;
                        ServerKey key = null;
                        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                            if (line.startsWith(INDEX)) {
                                index = line.substring(INDEX.length());
                            } else if (line.startsWith(PID)) {
                                pid = Long.parseLong(line.substring(PID.length()).strip());
                            } else if (line.startsWith(KEY)) {
                                key = ServerKey.parse(line.substring(KEY.length()));
                            }
                        }
                        if (index != null && pid != null && key != null) {
                            entries.add(new Entry(file, port, index, pid, key));
                        }
                    } catch (IOException | IllegalArgumentException notAnEntry) {
                        // Not a server's entry, or not readable: not asked.
                    }
                }
            } catch (IOException noServers) {
                // No folder: no server has ever run.
            }
            return entries;
        }

        /**
         * Whether the entry's process runs, as this user. The entry of a server that died (killed, a crash,
         * power lost) is removed here, since its port may now be anyone's.
         */
        boolean isOurs() {
            Optional<ProcessHandle> process = ProcessHandle.of(pid).filter(ProcessHandle::isAlive);
            if (process.isEmpty()) {
                try {
                    Files.deleteIfExists(file);
                } catch (IOException cannot) {
                    // Left for the next server on this port, which replaces it.
                }
                return false;
            }
            return process.get().info().user().map(user -> user.equals(System.getProperty("user.name"))).orElse(false);
        }

        /** Asks the port for the proof only the entry's server can give; within a second, so a paused server is not waited for. */
        boolean provesItself() throws IOException {
            String challenge = ServerKey.challenge();
            HttpURLConnection connection = (HttpURLConnection) new URL("http", "127.0.0.1", port, ENDPOINT).openConnection();
            try {
                connection.setConnectTimeout(CONNECT_MILLIS);
                connection.setReadTimeout(CONNECT_MILLIS);
                connection.setRequestProperty(ServerKey.CHALLENGE_HEADER, challenge);
                return connection.getResponseCode() == HttpURLConnection.HTTP_NO_CONTENT
                        && key.proves(port, challenge, connection.getHeaderField(ServerKey.PROOF_HEADER));
            } finally {
                connection.disconnect();
            }
        }
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

    /**
     * A server's entry in the data folder, there while it serves.
     *
     * @param file the file naming the server, removed on close
     */
    public record Announcement(Path file) implements AutoCloseable {
        /** Writes the entry of this process, serving {@code index} on {@code port} and proving itself with {@code key}, whole or not at all. */
        public static Announcement of(Path dataFolder, int port, Path index, ServerKey key) throws IOException {
            Path servers = OwnerOnly.folder(dataFolder.resolve(SERVERS));
            Path file = servers.resolve(Integer.toString(port));
            Path written = OwnerOnly.file(Files.createTempFile(servers, "." + port, ".tmp"));
            Files.writeString(written, Entry.INDEX + index + "\n" + Entry.PID + ProcessHandle.current().pid() + "\n"
                    + Entry.KEY + key.encoded() + "\n", StandardCharsets.UTF_8);
            Files.move(written, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            return new Announcement(file);
        }

        @Override
        public void close() throws IOException {
            try {
                Files.delete(file);
            } catch (NoSuchFileException alreadyGone) {
                // Removed by hand: nothing to do.
            }
        }
    }
}
