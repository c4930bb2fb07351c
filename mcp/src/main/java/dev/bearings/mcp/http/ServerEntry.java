package dev.bearings.mcp.http;

import dev.bearings.app.folder.DataFolder;
import dev.bearings.app.folder.OwnerOnly;

import java.io.IOException;
import java.net.HttpURLConnection;
import java.net.InetAddress;
import java.net.URL;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A running HTTP server's entry in the data folder ({@value DataFolder#SERVERS}/PORT), there while it serves: the
 * loopback address it listens on, the index it serves, its process and its {@link ServerKey}, one
 * {@code name value} line each. A client reads the entries to find a server for its index, and asks it
 * to prove it wrote its entry before it sends anything secret. Read before the command line's classes
 * are loaded, so this class stays light: the JDK and the key alone.
 *
 * @param address the loopback address the server listens on, as {@link InetAddress#getHostAddress} writes it
 * @param kind    {@value #BACKGROUND} for a server a search started, {@value #MCP} for {@code bearings mcp --http}
 */
public record ServerEntry(Path file, String address, int port, String index, long pid, ServerKey key, String kind) {
    /** The kind (its {@code kind} line) of a server a search started. */
    public static final String BACKGROUND = "background";
    /** The kind of {@code bearings mcp --http}. */
    public static final String MCP = "mcp";
    private static final String KIND = "kind ";
    private static final String ADDRESS = "address ";
    private static final String INDEX = "index ";
    private static final String PID = "pid ";
    private static final String KEY = "key ";
    private static final int CONNECT_MILLIS = 1_000;

    /** The entries in {@code dataFolder}; a file that is not a whole entry (one being written, one of an older version) is none. */
    public static List<ServerEntry> all(Path dataFolder) {
        List<ServerEntry> entries = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dataFolder.resolve(DataFolder.SERVERS))) {
            for (Path file : files) {
                read(file).ifPresent(entries::add);
            }
        } catch (IOException noServers) {
            // No folder: no server has ever run.
        }
        return entries;
    }

    private static Optional<ServerEntry> read(Path file) {
        try {
            int port = Integer.parseInt(file.getFileName().toString());
            String address = null;
            String index = null;
            Long pid = null;
            ServerKey key = null;
            String kind = MCP;
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                if (line.startsWith(ADDRESS)) {
                    address = line.substring(ADDRESS.length()).strip();
                } else if (line.startsWith(INDEX)) {
                    index = line.substring(INDEX.length());
                } else if (line.startsWith(PID)) {
                    pid = Long.parseLong(line.substring(PID.length()).strip());
                } else if (line.startsWith(KEY)) {
                    key = ServerKey.parse(line.substring(KEY.length()));
                } else if (line.startsWith(KIND)) {
                    kind = line.substring(KIND.length()).strip();
                }
            }
            if (address == null || index == null || pid == null || key == null || !InetAddress.getByName(address).isLoopbackAddress()) {
                return Optional.empty();
            }
            return Optional.of(new ServerEntry(file, address, port, index, pid, key, kind));
        } catch (IOException | IllegalArgumentException notAnEntry) {
            // Not a server's entry, or not readable: not asked.
            return Optional.empty();
        }
    }

    /**
     * Writes the entry of this process, serving {@code index} on {@code address}:{@code port} and proving
     * itself with {@code key}, whole or not at all; closing the announcement removes it.
     */
    public static Announcement announce(Path dataFolder, InetAddress address, int port, Path index, ServerKey key, String kind)
            throws IOException {
        Path servers = OwnerOnly.folder(dataFolder.resolve(DataFolder.SERVERS));
        Path file = servers.resolve(Integer.toString(port));
        Path written = OwnerOnly.file(Files.createTempFile(servers, "." + port, ".tmp"));
        Files.writeString(written, ADDRESS + address.getHostAddress() + "\n" + INDEX + index + "\n" + PID
                + ProcessHandle.current().pid() + "\n" + KEY + key.encoded() + "\n" + KIND + kind + "\n", StandardCharsets.UTF_8);
        Files.move(written, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        return new Announcement(file);
    }

    /** A server's entry, there while it serves. */
    public record Announcement(Path file) implements AutoCloseable {
        @Override
        public void close() throws IOException {
            try {
                Files.delete(file);
            } catch (NoSuchFileException alreadyGone) {
                // Removed by hand: nothing to do.
            }
        }
    }

    /**
     * Whether the entry's process runs, as this user. The entry of a server that died (killed, a crash,
     * power lost) is removed here, since its port may now be anyone's.
     */
    public boolean isOurs() {
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

    /** The address of {@code endpoint} on this server, the entry's own address dialled. */
    public URL url(String endpoint) throws IOException {
        return new URL("http", address.contains(":") ? "[" + address + "]" : address, port, endpoint);
    }

    /**
     * Asks the entry's address and port for the proof only the entry's server can give, for the address
     * dialled: a process relaying to the server from another address gets a proof for its own, which does
     * not pass. Within a second, so a paused server is not waited for.
     */
    public boolean provesItself() throws IOException {
        String challenge = ServerKey.challenge();
        HttpURLConnection connection = (HttpURLConnection) url(McpHttpServer.ENDPOINT).openConnection();
        try {
            connection.setConnectTimeout(CONNECT_MILLIS);
            connection.setReadTimeout(CONNECT_MILLIS);
            connection.setRequestProperty(ServerKey.CHALLENGE_HEADER, challenge);
            return connection.getResponseCode() == HttpURLConnection.HTTP_NO_CONTENT
                    && key.proves(canonical(address), port, challenge, connection.getHeaderField(ServerKey.PROOF_HEADER));
        } finally {
            connection.disconnect();
        }
    }

    /** Whether this entry's server serves the index in {@code folder}. */
    public boolean serves(Path folder) {
        return Path.of(index).toAbsolutePath().normalize().equals(folder.toAbsolutePath().normalize());
    }

    /** What the server says of itself ({@link ServerControl}), as JSON; asked only of a server that proved itself. */
    public String status(String token) throws IOException {
        HttpURLConnection connection = (HttpURLConnection) url(ServerControl.ENDPOINT).openConnection();
        try {
            connection.setConnectTimeout(CONNECT_MILLIS);
            connection.setReadTimeout(5 * CONNECT_MILLIS);
            connection.setRequestProperty("Authorization", "Bearer " + token);
            if (connection.getResponseCode() != HttpURLConnection.HTTP_OK) {
                throw new IOException("the server on port " + port + " answered " + connection.getResponseCode());
            }
            try (var in = connection.getInputStream()) {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
        } finally {
            connection.disconnect();
        }
    }

    /** Asks the server to stop, for {@code reason}; asked only of a server that proved itself. */
    public void stop(String token, String reason) throws IOException {
        HttpURLConnection connection = (HttpURLConnection) url(ServerControl.ENDPOINT).openConnection();
        try {
            connection.setConnectTimeout(CONNECT_MILLIS);
            connection.setReadTimeout(5 * CONNECT_MILLIS);
            connection.setRequestMethod("POST");
            connection.setDoOutput(true);
            connection.setRequestProperty("Authorization", "Bearer " + token);
            connection.setRequestProperty("Content-Type", "application/x-www-form-urlencoded");
            byte[] body = ("reason=" + java.net.URLEncoder.encode(reason, StandardCharsets.UTF_8)).getBytes(StandardCharsets.UTF_8);
            connection.setFixedLengthStreamingMode(body.length);
            try (var out = connection.getOutputStream()) {
                out.write(body);
            }
            if (connection.getResponseCode() != HttpURLConnection.HTTP_ACCEPTED) {
                throw new IOException("the server on port " + port + " answered " + connection.getResponseCode());
            }
        } finally {
            connection.disconnect();
        }
    }

    /**
     * A new one-time address of the server's search page ({@link PageLogin}), whole; asked only of a server that
     * proved itself. The address opens the page once, within a few minutes.
     */
    public String pageAddress(String token) throws IOException {
        HttpURLConnection connection = (HttpURLConnection) url(PageLogin.ADDRESS_ENDPOINT).openConnection();
        try {
            connection.setConnectTimeout(CONNECT_MILLIS);
            connection.setReadTimeout(5 * CONNECT_MILLIS);
            connection.setRequestMethod("POST");
            connection.setRequestProperty("Authorization", "Bearer " + token);
            if (connection.getResponseCode() != HttpURLConnection.HTTP_OK) {
                throw new IOException("the server on port " + port + " answered " + connection.getResponseCode());
            }
            try (var in = connection.getInputStream()) {
                String path = new String(in.readNBytes(1_000), StandardCharsets.UTF_8).strip();
                if (!path.startsWith(PageLogin.ENDPOINT + "?")) {
                    throw new IOException("the server on port " + port + " gave no address of its page");
                }
                return url(path).toString();
            }
        } finally {
            connection.disconnect();
        }
    }

    /** One spelling of an address, whichever was given ({@code ::1} and {@code 0:0:0:0:0:0:0:1} alike). */
    static String canonical(String address) throws UnknownHostException {
        return InetAddress.getByName(address).getHostAddress();
    }
}
