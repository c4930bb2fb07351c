package dev.bearings.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.bearings.app.folder.DataFolder;
import dev.bearings.mcp.http.ServerEntry;
import dev.bearings.mcp.http.ServerLock;
import dev.bearings.testkit.Prerequisite;
import dev.bearings.testprocess.ChildProcess;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The search server that starts itself, with real processes: the first search answers by itself and starts
 * one server for its index; the next is answered by it, printing the same; two searches at once start one;
 * it stops when idle, on {@code server stop} and when its index is rebuilt; a killed one misleads nobody;
 * {@code --no-server} starts none. Every wait is bounded.
 */
class ServerStartsItselfTest {
    private static final String QUERY = "how did I set up the VPN?";
    private static final Duration WAIT = Duration.ofSeconds(60);

    @TempDir
    Path root;
    private Path index;
    private Path data;
    private Map<String, String> environment;

    @BeforeEach
    void index() throws Exception {
        index = McpServerProcess.indexedExamples(root, "sqlite");
        data = root.resolve("xdg").resolve("bearings");
        environment = new HashMap<>();
        environment.put("XDG_DATA_HOME", root.resolve("xdg").toString());
        // The suite turns the server off for every search; these searches are a person's.
        environment.put("BEARINGS_NO_SERVER", null);
    }

    @AfterEach
    void stopWhatRuns() throws Exception {
        for (ServerEntry entry : entries()) {
            ProcessHandle server = ProcessHandle.of(entry.pid()).orElseThrow();
            server.destroyForcibly();
            server.onExit().get(30, TimeUnit.SECONDS);
        }
        // And any that a failed test left before it named itself.
        for (long pid : startedServers()) {
            Optional<ProcessHandle> server = ProcessHandle.of(pid);
            if (server.isPresent()) {
                server.get().destroyForcibly();
                server.get().onExit().get(30, TimeUnit.SECONDS);
            }
        }
    }

    /** The processes of the servers that serve this test's index. */
    private List<ProcessHandle> servers() {
        return entries().stream().map(e -> ProcessHandle.of(e.pid())).flatMap(Optional::stream).toList();
    }

    /**
     * Every process that runs, or starts, a background server of this test's index, registered or not. On Linux read
     * from {@code /proc}: there the JDK gives no arguments for a command line longer than a page, as a server's is.
     */
    private List<Long> startedServers() {
        boolean proc = Files.exists(Path.of("/proc/self/cmdline"));
        return ProcessHandle.allProcesses().filter(p -> {
            List<String> arguments = proc ? procArguments(p) : p.info().arguments().map(List::of).orElse(List.of());
            return arguments.contains("--background") && arguments.contains(index.toString());
        }).map(ProcessHandle::pid).toList();
    }

    private static List<String> procArguments(ProcessHandle process) {
        try {
            return List.of(Files.readString(Path.of("/proc", Long.toString(process.pid()), "cmdline")).split("\0"));
        } catch (IOException ended) {
            return List.of();
        }
    }

    /** The lines the background servers of this test wrote to their log, where a server says it serves or gives way. */
    private List<String> log() throws Exception {
        Path logs = data.resolve(DataFolder.LOGS);
        if (!Files.isDirectory(logs)) {
            return List.of();
        }
        List<String> lines = new ArrayList<>();
        try (var files = Files.list(logs)) {
            for (Path file : files.toList()) {
                lines.addAll(Files.readAllLines(file));
            }
        }
        return lines;
    }

    /** What a search printed, and whether its own process loaded the command line (it did not when a server answered). */
    private record Searched(CliRun run, boolean answeredItself) {
    }

    private Searched search(String... args) throws Exception {
        Path classes = Files.createTempFile(root, "classes", ".log");
        List<String> command = new ArrayList<>(List.of("search", "--index", index.toString()));
        command.addAll(List.of(args));
        ChildProcess child = ChildProcess.start(CliRun.command(List.of("-Xlog:class+load:file=" + classes), command.toArray(String[]::new)),
                root.resolve("logs"), environment);
        int exit = child.exitCode(Duration.ofMinutes(2));
        return new Searched(new CliRun(exit, child.out(), child.err()), Files.readString(classes).contains(" picocli."));
    }

    private CliRun bearings(String... args) throws Exception {
        ChildProcess child = ChildProcess.run(CliRun.command(args), root.resolve("logs"), environment, Duration.ofMinutes(2));
        return new CliRun(child.exitCode(Duration.ofSeconds(1)), child.out(), child.err());
    }

    private List<ServerEntry> entries() {
        return ServerEntry.all(data).stream().filter(e -> e.serves(index) && ProcessHandle.of(e.pid()).map(ProcessHandle::isAlive)
                .orElse(false)).toList();
    }

    private static void await(Callable<Boolean> condition, String what) throws Exception {
        long end = System.nanoTime() + WAIT.toNanos();
        while (!condition.call()) {
            if (System.nanoTime() > end) {
                throw new AssertionError("waited " + WAIT + " for " + what);
            }
            Thread.sleep(100);
        }
    }

    @Test
    void theFirstSearchStartsAServerTheNextIsAnsweredByItAndServerStopEndsIt() throws Exception {
        CliRun alone = CliRun.of("search", "--index", index.toString(), QUERY);
        Searched first = search(QUERY);
        assertThat(first.answeredItself()).isTrue();
        assertThat(first.run().out()).isEqualTo(alone.out()).contains("vpn-setup.md");
        await(() -> entries().size() == 1, "the server the first search started");
        ServerEntry started = entries().get(0);
        assertThat(started.kind()).isEqualTo(ServerEntry.BACKGROUND);

        Searched second = search(QUERY);
        assertThat(second.answeredItself()).as("answered by the server").isFalse();
        assertThat(second.run().out()).isEqualTo(alone.out());
        assertThat(second.run().err()).isEqualTo(alone.err());
        assertThat(second.run().exitCode()).isEqualTo(alone.exitCode());

        CliRun status = bearings("server", "status", "--json");
        assertThat(status.exitCode()).as(status.err()).isZero();
        JsonNode servers = new ObjectMapper().readTree(status.out());
        assertThat(servers).hasSize(1);
        assertThat(servers.get(0).path("pid").asLong()).isEqualTo(started.pid());
        assertThat(servers.get(0).path("index").asText()).isEqualTo(index.toString());
        assertThat(servers.get(0).path("idleStopSeconds").asLong()).isEqualTo(15 * 60);
        assertThat(bearings("server", "status").out()).contains("background, stops after 15 min without a search");

        CliRun stop = bearings("server", "stop");
        assertThat(stop.exitCode()).as(stop.err()).isZero();
        assertThat(ProcessHandle.of(started.pid()).map(ProcessHandle::isAlive).orElse(false)).as("the process ended").isFalse();
        assertThat(entries()).isEmpty();
        assertThat(bearings("server", "status").exitCode()).as("none runs").isEqualTo(1);
        assertThat(Files.readString(root.resolve("xdg/bearings/logs").resolve(Files.list(root.resolve("xdg/bearings/logs"))
                .findFirst().orElseThrow().getFileName()))).contains("the server stops: bearings server stop");
    }

    /**
     * {@code server stop} at once after the first search stops the server that search started, though it has not named
     * itself yet: frozen (SIGSTOP) as soon as it is seen, before its JVM could take its lock, until the stop is looking
     * for servers, then let go to take its lock and load the model. The stop waits through both and stops it, where it
     * used to say that no server runs and leave it running.
     */
    @Test
    void aStopBeforeTheStartedServerTakesItsLockStillStopsIt() throws Exception {
        // Where a search's server starts in the process it started (setsid); a shell with job control ends at once.
        Prerequisite.require(Stream.of("/usr/bin", "/bin", "/usr/sbin").anyMatch(folder -> Files.isExecutable(Path.of(folder, "setsid"))),
                () -> "setsid, which starts a background server in the process a search starts");
        try (ChildProcess search = ChildProcess.start(CliRun.command("search", "--index", index.toString(), QUERY), root.resolve("logs"),
                environment)) {
            // Looked for every few ms: its JVM needs a good part of a second to reach its lock.
            long end = System.nanoTime() + WAIT.toNanos();
            List<Long> started;
            while ((started = startedServers()).isEmpty() && search.isAlive() && System.nanoTime() < end) {
                Thread.sleep(5);
            }
            if (started.isEmpty()) {
                started = startedServers();
            }
            assertThat(started).as("the server the search started").hasSize(1);
            long server = started.get(0);
            signal("STOP", server);
            try {
                assertThat(search.exitCode(Duration.ofMinutes(2))).as(search.err()).isZero();
                Path classes = Files.createTempFile(root, "classes", ".log");
                try (ChildProcess stop = ChildProcess.start(CliRun.command(List.of("-Xlog:class+load:file=" + classes), "server", "stop"),
                        root.resolve("logs"), environment)) {
                    // ServerLock is loaded as the stop first looks for a server on its way; the server it finds still
                    // needs its JVM's start before it can take its lock.
                    await(() -> Files.readString(classes).contains(" " + ServerLock.class.getName() + " ") || !stop.isAlive(),
                            "the stop to look for servers");
                    signal("CONT", server);
                    assertThat(stop.exitCode(Duration.ofMinutes(2))).as(stop.err()).isZero();
                    assertThat(stop.err()).contains("stopped the server of " + index);
                }
                await(() -> startedServers().isEmpty(), "the server to end");
                assertThat(entries()).isEmpty();
            } finally {
                signal("CONT", server);
            }
        }
    }

    private static void signal(String name, long pid) throws Exception {
        Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(pid)).start();
        assertThat(kill.waitFor(30, TimeUnit.SECONDS)).as("kill -" + name).isTrue();
    }

    @Test
    void twoSearchesAtOnceStartOneServerAndNoServerStartsNone() throws Exception {
        Searched none = search("--no-server", QUERY);
        assertThat(none.run().exitCode()).isZero();
        assertThat(log()).as("--no-server starts no server").isEmpty();

        CompletableFuture<Searched> a = CompletableFuture.supplyAsync(() -> unchecked(() -> search(QUERY)));
        CompletableFuture<Searched> b = CompletableFuture.supplyAsync(() -> unchecked(() -> search(QUERY)));
        assertThat(a.get(2, TimeUnit.MINUTES).run().exitCode()).isZero();
        assertThat(b.get(2, TimeUnit.MINUTES).run().exitCode()).isZero();
        await(() -> entries().size() == 1 && log().stream().anyMatch(l -> l.contains("serving http")), "one server");
        // A second start, if there was one, finds the lock taken, says so and ends, never serving: when the one that
        // serves is the only server process of this index left, every start has had its say.
        await(() -> startedServers().size() == 1, "every other start of a server to end");
        assertThat(log()).filteredOn(l -> l.contains("serving http")).as(String.join("\n", log())).hasSize(1);
        assertThat(entries()).hasSize(1);
    }

    /** The lock, not a race: a server started while another process holds its index's lock gives way at once. */
    @Test
    void aServerWhoseLockIsHeldGivesWay() throws Exception {
        try (var held = ServerLock.tryTake(data, index).orElseThrow()) {
            ChildProcess child = ChildProcess.run(CliRun.command("mcp", "--http", "--port", "0", "--background", "--index",
                    index.toString()), root.resolve("logs"), environment, Duration.ofMinutes(2));
            assertThat(child.exitCode(Duration.ofSeconds(1))).isZero();
            assertThat(child.err()).contains("a server for " + index + " runs already").doesNotContain("serving");
        }
        assertThat(entries()).isEmpty();
    }

    @Test
    void anIdleServerStopsAndSoDoesOneWhoseIndexIsRebuilt() throws Exception {
        CliRun started = bearings("server", "start", "--index", index.toString(), "--idle", "3s");
        assertThat(started.exitCode()).as(started.err()).isZero();
        // By the process it named, which may have stopped already on a busy machine: then it is gone, as it should be.
        java.util.regex.Matcher named = java.util.regex.Pattern.compile("\\(process (\\d+), port").matcher(started.err());
        assertThat(named.find()).as(started.err()).isTrue();
        Optional<ProcessHandle> idle = ProcessHandle.of(Long.parseLong(named.group(1)));
        if (idle.isPresent()) {
            assertThat(idle.get().onExit().get(60, TimeUnit.SECONDS).isAlive()).as("gone after 3 s without a search").isFalse();
        }
        assertThat(entries()).isEmpty();

        assertThat(bearings("server", "start", "--index", index.toString()).exitCode()).isZero();
        ProcessHandle serving = servers().get(0);
        CliRun rebuilt = bearings("index", "--index", index.toString(), "--rebuild");
        assertThat(rebuilt.exitCode()).as(rebuilt.err()).isZero();
        assertThat(serving.onExit().get(60, TimeUnit.SECONDS).isAlive()).as("gone when its index was rebuilt").isFalse();
    }

    /** A search of another build (an upgrade) asks the running server, which steps aside; the search starts its own. */
    @Test
    void aSearchOfAnotherBuildReplacesTheServer() throws Exception {
        assertThat(bearings("server", "start", "--index", index.toString()).exitCode()).isZero();
        ServerEntry old = entries().get(0);
        // Another build: the same classes, found after a version.properties that says another build.
        Path other = root.resolve("other-build");
        Path properties = other.resolve("dev/bearings/cli/command/version.properties");
        Files.createDirectories(properties.getParent());
        Files.writeString(properties, "version=9.9.9\nbuild=tomorrow\n");
        List<String> command = new ArrayList<>(CliRun.command("search", "--index", index.toString(), QUERY));
        int classPath = command.indexOf("-cp") + 1;
        command.set(classPath, other + java.io.File.pathSeparator + command.get(classPath));
        ChildProcess search = ChildProcess.run(command, root.resolve("logs"), environment, Duration.ofMinutes(2));
        assertThat(search.exitCode(Duration.ofSeconds(1))).as(search.err()).isZero();
        assertThat(search.out()).contains("vpn-setup.md");
        ProcessHandle.of(old.pid()).ifPresent(p -> assertThat(p.onExit().orTimeout(60, TimeUnit.SECONDS).join().isAlive()).isFalse());
        await(() -> entries().size() == 1 && entries().get(0).pid() != old.pid(), "the new build's own server");
        assertThat(log()).anyMatch(line -> line.contains("the server stops: a search of bearings 9.9.9 built tomorrow asked"));
    }

    @Test
    void aKilledServerMisleadsNobody() throws Exception {
        assertThat(bearings("server", "start", "--index", index.toString()).exitCode()).isZero();
        ServerEntry killed = entries().get(0);
        ProcessHandle process = ProcessHandle.of(killed.pid()).orElseThrow();
        process.destroyForcibly();
        process.onExit().get(30, TimeUnit.SECONDS);
        Searched after = search(QUERY);
        assertThat(after.run().exitCode()).as(after.run().err()).isZero();
        assertThat(after.run().out()).contains("vpn-setup.md");
        assertThat(after.answeredItself()).isTrue();
        await(() -> entries().size() == 1 && entries().get(0).pid() != killed.pid(), "a new server in the killed one's place");
    }

    /**
     * {@code bearings open} starts the index's server and gets a one-time address of its page, which logs a browser in
     * once; where no browser can be opened (no display) it prints the address; with no index it says so and starts none.
     */
    @Test
    void openStartsTheServerAndGivesAnAddressThatWorksOnce() throws Exception {
        CliRun none = bearings("open", "--print", "--index", root.resolve("nothing").toString());
        assertThat(none.exitCode()).as("no index is an error, as for every command").isEqualTo(2);
        assertThat(none.err()).contains(root.resolve("nothing").toString());
        assertThat(log()).as("no server for no index").isEmpty();

        CliRun opened = bearings("open", "--print", "--index", index.toString());
        assertThat(opened.exitCode()).as(opened.err()).isZero();
        assertThat(entries()).hasSize(1);
        String address = opened.out().strip();
        assertThat(address).matches("http://127\\.0\\.0\\.1:" + entries().get(0).port() + "/login\\?code=[\\w-]{43}");
        java.net.http.HttpClient http = java.net.http.HttpClient.newHttpClient();
        java.net.http.HttpRequest login = java.net.http.HttpRequest.newBuilder(java.net.URI.create(address)).timeout(WAIT).build();
        var first = http.send(login, java.net.http.HttpResponse.BodyHandlers.ofString());
        assertThat(first.statusCode()).isEqualTo(303);
        assertThat(first.headers().firstValue("Set-Cookie")).hasValueSatisfying(c -> assertThat(c).startsWith("bearings-"));
        assertThat(http.send(login, java.net.http.HttpResponse.BodyHandlers.ofString()).statusCode()).as("used once").isEqualTo(403);

        environment.put("DISPLAY", null);
        environment.put("WAYLAND_DISPLAY", null);
        CliRun headless = bearings("open", "--index", index.toString());
        assertThat(headless.exitCode()).as(headless.err()).isZero();
        assertThat(headless.err()).contains("no browser could be opened");
        assertThat(headless.out().strip()).startsWith("http://127.0.0.1:" + entries().get(0).port() + "/login?code=")
                .isNotEqualTo(address);
        assertThat(entries()).as("the same server").hasSize(1);
    }

    private static <T> T unchecked(Callable<T> call) {
        try {
            return call.call();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
