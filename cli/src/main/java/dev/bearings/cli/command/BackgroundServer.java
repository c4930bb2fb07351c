package dev.bearings.cli.command;

import dev.bearings.app.folder.DataFolder;
import dev.bearings.app.folder.OwnerOnly;
import dev.bearings.mcp.http.ServerEntry;
import dev.bearings.mcp.http.ServerLock;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The search server that starts itself, as Gradle's daemon does: a search that no server answered starts
 * one for its index, after it has printed its own answer, detached from the terminal (a session or process
 * group of its own, its output in a log file in the data folder); later searches of that index are
 * answered by it in a fraction of the time. It stops by itself when idle ({@value #IDLE_VARIABLE}, 15
 * minutes by default), when its index is rebuilt or its recipe changes, and on {@code bearings server stop}.
 * {@value #OFF_VARIABLE} turns it off for good (a server someone started is still asked); {@code --no-server}
 * makes one search answer by itself, neither asking a server nor starting one.
 */
public final class BackgroundServer {
    /** Set (to anything but {@code 0} or {@code false}), no search starts a server; one that runs is still asked. */
    public static final String OFF_VARIABLE = "BEARINGS_NO_SERVER";
    /** How long a background server waits unasked before it stops: {@code 15m}, {@code 90s}, {@code 1h}, or minutes. */
    public static final String IDLE_VARIABLE = "BEARINGS_SERVER_IDLE";
    public static final Duration DEFAULT_IDLE = Duration.ofMinutes(15);
    /** How long a command that needs the server waits for one it started. */
    static final Duration START_PATIENCE = Duration.ofSeconds(60);
    /**
     * The server's JVM stays running: a heap that gives back what it does not use, a small young generation and
     * only the JIT's first tier keep it small (the launcher gives {@code bearings mcp} the same). The JVM's own
     * warnings go to stderr, the server's log (on stdout an MCP client over stdio would read them as the protocol).
     */
    public static final List<String> JVM_OPTIONS = List.of("-XX:+UseSerialGC", "-Xms20m", "-Xmn16m", "-XX:MinHeapFreeRatio=10",
            "-XX:MaxHeapFreeRatio=30", "-XX:TieredStopAtLevel=1", "-Xlog:disable", "-Xlog:all=warning:stderr");
    /**
     * On Linux, the C heap trimmed every 10 s: what the model's runtime and the tokenizer freed goes back to the
     * system (an idle server of the example index 208 MB resident without it, 185 MB with it; docs/benchmarks.md).
     * glibc's alone can be trimmed; the switch is experimental in JDK 17.0.9 and 17.0.10, a product one in later
     * updates, and unknown before, when the JVM ignores it.
     */
    public static final List<String> LINUX_JVM_OPTIONS = List.of("-XX:+UnlockExperimentalVMOptions", "-XX:+IgnoreUnrecognizedVMOptions",
            "-XX:TrimNativeHeapInterval=10000");
    /** The class the server runs: the {@code bearings} command's own (named, not referenced: it is the layer above). */
    static final String MAIN = "dev.bearings.cli.Bearings";

    private BackgroundServer() {
    }

    /** The server's JVM options on the system {@code os.name} names. */
    static List<String> jvmOptions(String osName) {
        List<String> options = new ArrayList<>(JVM_OPTIONS);
        if (osName.equals("Linux")) {
            options.addAll(LINUX_JVM_OPTIONS);
        }
        return options;
    }

    /** Whether searches are to start no server, by the environment. */
    public static boolean off(Map<String, String> environment) {
        String value = environment.get(OFF_VARIABLE);
        return value != null && !value.isBlank() && !value.strip().equals("0") && !value.strip().equalsIgnoreCase("false");
    }

    /** The idle time the environment asks for, or the default. */
    static Duration idle(Map<String, String> environment) {
        String value = environment.get(IDLE_VARIABLE);
        return value == null || value.isBlank() ? DEFAULT_IDLE : duration(value, "$" + IDLE_VARIABLE);
    }

    /**
     * A time as people write it: {@code 90s}, {@code 15m}, {@code 2h}, or a number of minutes.
     *
     * @throws IllegalArgumentException naming {@code what} and what it takes
     */
    static Duration duration(String value, String what) {
        String text = value.strip().toLowerCase(Locale.ROOT);
        try {
            Duration duration;
            if (text.matches("\\d+")) {
                duration = Duration.ofMinutes(Long.parseLong(text));
            } else if (text.matches("\\d+[smh]")) {
                long n = Long.parseLong(text.substring(0, text.length() - 1));
                duration = switch (text.charAt(text.length() - 1)) {
                    case 's' -> Duration.ofSeconds(n);
                    case 'm' -> Duration.ofMinutes(n);
                    default -> Duration.ofHours(n);
                };
            } else {
                duration = Duration.parse(text.toUpperCase(Locale.ROOT));
            }
            if (duration.isNegative() || duration.isZero()) {
                throw new IllegalArgumentException(what + " must be longer than 0, not '" + value + "'");
            }
            return duration;
        } catch (NumberFormatException | DateTimeParseException e) {
            throw new IllegalArgumentException(what + " takes a time like 90s, 15m or 1h (or a number of minutes), not '" + value + "'");
        }
    }

    /** A running server of this user's for {@code index}, from the data folder's entries (no network: it runs, as us). */
    static Optional<ServerEntry> running(Path dataFolder, Path index) {
        return ServerEntry.all(dataFolder).stream().filter(entry -> entry.serves(index) && entry.isOurs()).findFirst();
    }

    /**
     * Starts a server for {@code index} in the background, unless one runs for it; returns at once.
     *
     * @param store the {@code --store} the search was given, or null
     * @return the process started, or empty when one runs already
     */
    static Optional<Process> startIfNone(Path dataFolder, Path index, String store, Duration idle) throws IOException {
        if (running(dataFolder, index).isPresent()) {
            return Optional.empty();
        }
        Path log = log(dataFolder, index);
        List<String> detached = detached();
        List<String> command = new ArrayList<>(detached);
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions(System.getProperty("os.name")));
        // The search's own settings (a data or cache folder given with -D) hold for its server too; what the launcher
        // asked of the search alone does not.
        ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                .filter(arg -> arg.startsWith("-D") && !arg.startsWith("-D" + ServedSearch.ANSWERED_MARK_PROPERTY + "="))
                .forEach(command::add);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), MAIN, "mcp", "--http", "--port", "0",
                "--background", "--idle", idle.toSeconds() + "s", "--index", index.toString()));
        if (store != null) {
            command.addAll(List.of("--store", store));
        }
        ProcessBuilder builder = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.from(nullDevice()))
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).redirectErrorStream(true);
        Process started = builder.start();
        // Before the search that started it ends, so that a server stop right after it waits for this server. Only where
        // the process started is the server's (setsid runs it in its own place; a shell with job control ends at once).
        if (detached.isEmpty() || detached.get(0).endsWith("setsid")) {
            try {
                ServerLock.starting(dataFolder, index, started.pid());
            } catch (IOException e) {
                // Only a stop in the next half second would miss it: the server still starts.
            }
        }
        return Optional.of(started);
    }

    /**
     * The running server of {@code index}, started in the background first when none runs and waited for at most
     * {@code patience}, for {@code bearings server start} and {@code bearings open}.
     *
     * @param store the {@code --store} given, or null
     * @return empty when none runs after {@code patience}: its log says why
     */
    static Optional<ServerEntry> runningOrStarted(Path dataFolder, Path index, String store, Duration idle, Duration patience)
            throws IOException, InterruptedException {
        Optional<ServerEntry> running = running(dataFolder, index);
        if (running.isEmpty()) {
            startIfNone(dataFolder, index, store, idle);
            long end = System.nanoTime() + patience.toNanos();
            while ((running = running(dataFolder, index)).isEmpty() && System.nanoTime() < end) {
                Thread.sleep(100);
            }
        }
        return running;
    }

    /**
     * Waits, within {@code patience}, until no server of {@code index} (of any index, when empty) is on its way
     * without an entry: a server a search started a moment ago first starts its JVM, then holds its lock while it
     * loads the model, and writes its entry only then. {@code bearings server stop} waits so, and stops it too
     * rather than leave it running after "no server runs".
     */
    static void awaitStarting(Path dataFolder, Optional<Path> index, Duration patience) throws IOException, InterruptedException {
        long end = System.nanoTime() + patience.toNanos();
        while (System.nanoTime() < end) {
            List<Path> announced = ServerEntry.all(dataFolder).stream().filter(ServerEntry::isOurs).map(entry -> Path.of(entry.index()))
                    .toList();
            if (!ServerLock.heldWithoutEntry(dataFolder, index, announced)) {
                return;
            }
            Thread.sleep(100);
        }
    }

    /**
     * Asks every background server of {@code index} but the one on {@code port} to stop, for {@code reason}: one
     * that proves it wrote its entry. Returns how many were asked.
     */
    static int stopOthers(Path dataFolder, Path index, int port, String reason) {
        int asked = 0;
        for (ServerEntry entry : ServerEntry.all(dataFolder)) {
            if (entry.port() != port && entry.serves(index) && entry.kind().equals(ServerEntry.BACKGROUND) && stop(dataFolder, entry, reason)) {
                asked++;
            }
        }
        return asked;
    }

    /** Asks one server to stop, when it runs as us and proves it wrote its entry; false when it could not be asked. */
    static boolean stop(Path dataFolder, ServerEntry entry, String reason) {
        try {
            if (!entry.isOurs() || !entry.provesItself()) {
                return false;
            }
            entry.stop(Files.readString(dataFolder.resolve(dev.bearings.mcp.http.McpToken.FILE)).strip(), reason);
            return true;
        } catch (IOException goneOrBusy) {
            return false;
        }
    }

    /** The log of the background server of {@code index}, in the data folder, owner-only. */
    static Path log(Path dataFolder, Path index) throws IOException {
        Path logs = OwnerOnly.folder(dataFolder.resolve(DataFolder.LOGS));
        Path log = logs.resolve("server-" + Integer.toHexString(index.toAbsolutePath().normalize().toString().hashCode()) + ".log");
        if (!Files.exists(log)) {
            OwnerOnly.createFile(log);
        } else if (Files.size(log) > 1 << 20) {
            // A log of a server's starts and stops, not a history: kept small.
            Files.writeString(log, "");
        }
        return log;
    }

    /**
     * What puts a process in a session of its own, so that closing the terminal or Ctrl-C in it does not
     * reach it: {@code setsid} where there is one (Linux), else a shell with job control (a background job
     * gets a process group of its own; macOS has no setsid).
     */
    private static List<String> detached() {
        for (String folder : List.of("/usr/bin", "/bin", "/usr/sbin")) {
            if (Files.isExecutable(Path.of(folder, "setsid"))) {
                return List.of(Path.of(folder, "setsid").toString());
            }
        }
        if (Files.isExecutable(Path.of("/bin/sh"))) {
            return List.of("/bin/sh", "-c", "set -m; \"$0\" \"$@\" &");
        }
        return List.of();
    }

    private static java.io.File nullDevice() {
        return new java.io.File(System.getProperty("os.name").startsWith("Windows") ? "NUL" : "/dev/null");
    }
}
