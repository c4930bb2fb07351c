package dev.bearings.cli;

import dev.bearings.app.folder.DataFolder;
import dev.bearings.cli.command.ServedSearch;
import dev.bearings.cli.command.VersionNumber;
import dev.bearings.mcp.http.McpToken;
import dev.bearings.mcp.http.ServerEntry;
import dev.bearings.mcp.http.ServerKey;
import dev.bearings.testprocess.ChildProcess;
import dev.bearings.testprocess.ServedMcp;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code bearings search} as a process of its own beside a running {@code bearings mcp --http}: on the
 * server's index it prints exactly what it prints alone (results, errors, exit codes), without loading
 * the model or the command line; on another index, or asked for a model, it searches itself. Which of
 * the two happened is read from the JVM's class-loading log of the search process.
 */
class ServedSearchTest {
    private static final String QUERY = "how did I set up the VPN?";

    @TempDir
    static Path root;
    private static Path index;
    private static Path other;
    private static ServedMcp server;

    @BeforeAll
    static void start() throws Exception {
        index = McpServerProcess.indexedExamples(root, "sqlite");
        other = McpServerProcess.indexedExamples(Files.createDirectories(root.resolve("other")), "sqlite");
        server = McpServerProcess.served(root, index, "--watch");
    }

    @AfterAll
    static void stop() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    /** A search in a process of its own, from {@code directory}, and whether it loaded the model to answer. */
    record Searched(CliRun run, boolean loadedTheModel, boolean loadedTheCommandLine) {
    }

    private static Searched search(Path directory, String... args) throws Exception {
        return search(server.dataFolder(), directory, args);
    }

    /** The same, asking the servers that name themselves in {@code dataFolder}. */
    private static Searched search(Path dataFolder, Path directory, String... args) throws Exception {
        Path classes = Files.createTempFile(root, "classes", ".log");
        List<String> command = new ArrayList<>(List.of("search"));
        command.addAll(List.of(args));
        ChildProcess child = ChildProcess.start(CliRun.command(List.of("-Xlog:class+load:file=" + classes), command.toArray(String[]::new)),
                root.resolve("logs"), Map.of("XDG_DATA_HOME", dataFolder.getParent().toString()), directory);
        int exit = child.exitCode(Duration.ofMinutes(2));
        String loaded = Files.readString(classes);
        return new Searched(new CliRun(exit, child.out(), child.err()), loaded.contains(" ai.onnxruntime.OrtSession "),
                loaded.contains(" picocli."));
    }

    private static void assertSame(CliRun served, CliRun alone) {
        assertThat(served.out()).as("stdout").isEqualTo(alone.out());
        assertThat(served.err()).as("stderr").isEqualTo(alone.err());
        assertThat(served.exitCode()).as("exit code").isEqualTo(alone.exitCode());
    }

    @Test
    void theServerAnswersASearchOfItsIndexAsTheCommandWouldAlone() throws Exception {
        // A server that has gone without removing its entry is passed over.
        int gone;
        try (ServerSocket socket = new ServerSocket(0)) {
            gone = socket.getLocalPort();
        }
        Files.writeString(server.dataFolder().resolve(DataFolder.SERVERS).resolve(Integer.toString(gone)), "/gone\n");
        CliRun alone = CliRun.of("search", "--index", index.toString(), QUERY);
        assertThat(alone.out()).contains("vpn-setup.md");

        Searched served = search(root, "--index", index.toString(), QUERY);
        assertSame(served.run(), alone);
        assertThat(served.loadedTheModel()).as("the model loaded by the search process").isFalse();
        assertThat(served.loadedTheCommandLine()).as("picocli loaded by the search process").isFalse();

        Searched relative = search(index.getParent(), "--index", index.getFileName().toString(), QUERY, "--limit", "2", "--json");
        assertSame(relative.run(), CliRun.of("search", "--index", index.toString(), QUERY, "--limit", "2", "--json"));
        assertThat(relative.loadedTheModel()).as("an --index relative to the search's own folder is the server's").isFalse();
    }

    @Test
    void errorsAndHelpAreTheCommandsOwn() throws Exception {
        List<List<String>> commandLines = List.of(
                List.of("--index", index.toString(), "--mode", "sideways", QUERY),
                List.of("--index", index.toString()),
                List.of("--index", index.toString(), "--since", "yesterday", QUERY),
                List.of("--index", index.toString(), "--tag", "no-such-tag", "--mode", "keyword", "wireguard"),
                List.of("--help"));
        for (List<String> args : commandLines) {
            Searched served = search(root, args.toArray(String[]::new));
            List<String> alone = new ArrayList<>(List.of("search"));
            alone.addAll(args);
            assertSame(served.run(), CliRun.of(alone.toArray(String[]::new)));
            assertThat(served.loadedTheModel()).as("served: %s", args).isFalse();
        }
    }

    @Test
    void anotherIndexOrAModelFlagIsSearchedByTheCommandItself() throws Exception {
        Searched otherIndex = search(root, "--index", other.toString(), QUERY);
        assertSame(otherIndex.run(), CliRun.of("search", "--index", other.toString(), QUERY));
        assertThat(otherIndex.loadedTheModel()).as("another index: searched by the process itself").isTrue();

        Searched withModelFlag = search(root, "--index", index.toString(), "--embedder", "onnx", QUERY);
        assertSame(withModelFlag.run(), CliRun.of("search", "--index", index.toString(), "--embedder", "onnx", QUERY));
        assertThat(withModelFlag.loadedTheModel()).as("a model flag: searched by the process itself").isTrue();

        Path argumentFile = root.resolve("search-args");
        Files.writeString(argumentFile, "--index\n" + index + "\n--limit\n1\n");
        Searched withArgumentFile = search(root, "@" + argumentFile, QUERY);
        assertSame(withArgumentFile.run(), CliRun.of("search", "@" + argumentFile, QUERY));
        assertThat(withArgumentFile.run().out()).contains("vpn-setup.md");
        assertThat(withArgumentFile.loadedTheModel()).as("an argument file: read by the process itself").isTrue();
    }

    /**
     * Another program listening on the port of a server that died (killed, so its entry stayed) answers the
     * search's first request as it likes: it learns neither the token, nor the query, nor the working
     * folder, and the search runs here. With the entry's process gone, the entry is removed unasked.
     */
    @Test
    void aProcessOnADeadServersPortIsToldNothingSecret() throws Exception {
        Path data = Files.createDirectories(root.resolve("impostor/bearings"));
        Files.writeString(data.resolve(McpToken.FILE), server.token() + "\n");
        try (ForeignListener impostor = ForeignListener.start(root.resolve("impostor"), List.of())) {
            Path entry = data.resolve(DataFolder.SERVERS).resolve(Integer.toString(impostor.port()));
            ServerEntry.announce(data, InetAddress.getLoopbackAddress(), impostor.port(), index, ServerKey.random(), ServerEntry.MCP);
            // The entry names this test's own process: alive, and this user's; only the key is not the impostor's.
            assertThat(Files.readString(entry)).contains("pid " + ProcessHandle.current().pid());
            Searched searched = search(data, root, "--index", index.toString(), "wireguard tunnel");
            assertThat(searched.run().out()).contains("vpn-setup.md");
            assertThat(searched.loadedTheModel()).as("searched here").isTrue();
            String heard = impostor.heard();
            assertThat(heard).as("it was asked to prove itself").contains(ServerKey.CHALLENGE_HEADER);
            assertThat(heard).doesNotContain(server.token()).doesNotContain("wireguard").doesNotContain(root.toString())
                    .doesNotContainIgnoringCase("Authorization");

            long dead = deadProcess();
            Files.writeString(entry, Files.readString(entry).replaceFirst("pid \\d+", "pid " + dead));
            int before = impostor.heard().length();
            assertThat(search(data, root, "--index", index.toString(), "wireguard tunnel").run().out()).contains("vpn-setup.md");
            assertThat(impostor.heard()).as("a dead server's port is not even asked").hasSize(before);
            assertThat(entry).as("a dead server's entry is removed").doesNotExist();
        }
    }

    /** A server paused (Ctrl-Z, SIGSTOP) cannot prove itself within a second: the search runs here instead of waiting a minute. */
    @Test
    void aPausedServerIsNotWaitedFor() throws Exception {
        Process stop = new ProcessBuilder("kill", "-STOP", Long.toString(server.pid())).start();
        assertThat(stop.waitFor(30, TimeUnit.SECONDS)).isTrue();
        try {
            Path classes = Files.createTempFile(root, "classes", ".log");
            ChildProcess child = ChildProcess.start(CliRun.command(List.of("-Xlog:class+load:file=" + classes), "search", "--index", index.toString(),
                    QUERY), root.resolve("logs"), Map.of("XDG_DATA_HOME", server.dataFolder().getParent().toString()), root);
            // Before, the client waited 60 s for the paused server's answer; this bound is half that.
            assertThat(child.exitCode(Duration.ofSeconds(30))).as(child.err()).isZero();
            assertThat(child.out()).contains("vpn-setup.md");
            assertThat(Files.readString(classes)).as("searched here").contains(" ai.onnxruntime.OrtSession ");
        } finally {
            Process resume = new ProcessBuilder("kill", "-CONT", Long.toString(server.pid())).start();
            assertThat(resume.waitFor(30, TimeUnit.SECONDS)).isTrue();
        }
    }

    /** The id of a process that has ended. */
    private static long deadProcess() throws Exception {
        Process ended = new ProcessBuilder("true").start();
        assertThat(ended.waitFor(30, TimeUnit.SECONDS)).isTrue();
        return ended.pid();
    }

    @Test
    void theEndpointWantsTheToken() throws Exception {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + ServedSearch.ENDPOINT))
                .timeout(Duration.ofSeconds(60)).header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("version=" + java.net.URLEncoder.encode(VersionNumber.BUILD, java.nio.charset.StandardCharsets.UTF_8) + "&cwd=%2F&arg=--index&arg=" + index + "&arg=vpn"));
        HttpResponse<String> refused = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        assertThat(refused.statusCode()).isEqualTo(401);
        assertThat(refused.body()).doesNotContain("WireGuard");
        HttpResponse<String> answered = http.send(request.header("Authorization", "Bearer " + server.token()).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(answered.statusCode()).isEqualTo(200);
        assertThat(answered.body()).contains("WireGuard");
    }

    @Test
    void aServerNamesItselfWhileItServesAndNoLonger() throws Exception {
        Path alone = Files.createDirectories(root.resolve("second"));
        Path empty = alone.resolve("index");
        assertThat(CliRun.of("index", "--folder", Files.createDirectories(alone.resolve("no-notes")).toString(), "--index",
                empty.toString()).exitCode()).as("an index of a folder with no notes: nothing found").isEqualTo(1);
        try (ServedMcp second = McpServerProcess.served(alone, empty)) {
            Path entry = second.dataFolder().resolve(DataFolder.SERVERS).resolve(Integer.toString(second.port()));
            assertThat(Files.readString(entry)).startsWith("address 127.0.0.1\nindex " + empty + "\npid " + second.pid() + "\nkey ");
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(entry))).isEqualTo("rw-------");
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(entry.getParent()))).isEqualTo("rwx------");

            Searched relative = search(second.dataFolder(), alone, "--index", "index", QUERY);
            assertSame(relative.run(), CliRun.of("search", "--index", empty.toString(), QUERY));
            assertThat(relative.run().err()).as("the index named as the search names it").contains(empty.toString());
            assertThat(relative.loadedTheCommandLine()).as("served").isFalse();
            assertThat(second.stop()).as("stopped by SIGTERM").isIn(0, 143);
            assertThat(entry).doesNotExist();
        }
    }
}
