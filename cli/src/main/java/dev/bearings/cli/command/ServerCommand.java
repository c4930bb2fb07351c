package dev.bearings.cli.command;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.bearings.app.folder.DataFolder;
import dev.bearings.cli.option.StoreOptions;
import dev.bearings.mcp.http.McpToken;
import dev.bearings.mcp.http.ServerEntry;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * {@code bearings server}: the servers that answer searches, started by a search ({@link BackgroundServer})
 * or by {@code bearings mcp --http}: what runs, how to stop them, and how to start one ahead of the first search.
 */
@Command(name = "server", mixinStandardHelpOptions = true,
        subcommands = {ServerCommand.Status.class, ServerCommand.Stop.class, ServerCommand.Start.class},
        footerHeading = "%nExamples:%n",
        footer = {"  bearings server status", "  bearings server stop"},
        description = {"The servers that answer searches: a search no server answers starts one for its index, in the "
                + "background; it stops after " + "15 minutes without a search ($" + BackgroundServer.IDLE_VARIABLE + "), when "
                + "its index is rebuilt, or on bearings server stop. --no-server or $" + BackgroundServer.OFF_VARIABLE
                + "=1 turn it off."})
public final class ServerCommand implements Callable<Integer> {
    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getOut());
        return 0;
    }

    /** The servers of this user that prove they are the ones that wrote their entries. */
    static List<ServerEntry> ours(Path dataFolder) {
        List<ServerEntry> ours = new ArrayList<>();
        for (ServerEntry entry : ServerEntry.all(dataFolder)) {
            try {
                if (entry.isOurs() && entry.provesItself()) {
                    ours.add(entry);
                }
            } catch (IOException notAnswering) {
                // Paused or going: not listed.
            }
        }
        return ours;
    }

    static String token(Path dataFolder) throws IOException {
        return Files.readString(dataFolder.resolve(McpToken.FILE)).strip();
    }

    /** {@code bearings server status}. */
    @Command(name = "status", mixinStandardHelpOptions = true, description = "List the servers that run: index, kind, process, "
            + "port, idle time, memory. Exits 1 when none runs.")
    static final class Status implements Callable<Integer> {
        @CommandLine.Spec
        private CommandLine.Model.CommandSpec spec;

        @Option(names = "--json", description = "Print a JSON array.")
        private boolean json;

        @Override
        public Integer call() throws Exception {
            Path data = DataFolder.path();
            ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
            ArrayNode all = mapper.createArrayNode();
            for (ServerEntry entry : ours(data)) {
                try {
                    all.add(mapper.readTree(entry.status(token(data))));
                } catch (IOException gone) {
                    // Stopped while we asked.
                }
            }
            PrintWriter out = spec.commandLine().getOut();
            if (json) {
                out.println(mapper.writeValueAsString(all));
            } else if (all.isEmpty()) {
                spec.commandLine().getErr().println("bearings: no server runs");
            } else {
                for (int i = 0; i < all.size(); i++) {
                    print(out, all.get(i));
                    if (i + 1 < all.size()) {
                        out.println();
                    }
                }
            }
            return all.isEmpty() ? 1 : 0;
        }

        private static void print(PrintWriter out, JsonNode server) {
            boolean background = server.path("kind").asText().equals(ServerEntry.BACKGROUND);
            out.println("index      " + server.path("index").asText());
            out.println("kind       " + (background ? "background, stops after " + minutes(server.path("idleStopSeconds").asLong())
                    + " without a search" : "bearings mcp --http, runs until stopped"));
            out.println("process    " + server.path("pid").asLong() + ", port " + server.path("port").asInt() + ", bearings "
                    + server.path("version").asText() + ", since " + server.path("started").asText());
            out.println("idle       " + clock(server.path("idleSeconds").asLong()));
            out.println("memory     " + (server.hasNonNull("residentBytes")
                    ? String.format(Locale.ROOT, "%.0f MB resident", server.path("residentBytes").asLong() / 1e6)
                    : String.format(Locale.ROOT, "%.0f MB of heap", server.path("heapBytes").asLong() / 1e6)));
        }

        private static String minutes(long seconds) {
            return seconds % 60 == 0 ? seconds / 60 + " min" : seconds + " s";
        }

        private static String clock(long seconds) {
            return String.format(Locale.ROOT, "%d:%02d:%02d", seconds / 3600, seconds / 60 % 60, seconds % 60);
        }
    }

    /** {@code bearings server stop}. */
    @Command(name = "stop", mixinStandardHelpOptions = true, description = "Stop the background servers (of one index with "
            + "--index); with --all, bearings mcp --http servers too. Exits 1 when none ran.")
    static final class Stop implements Callable<Integer> {
        @CommandLine.Spec
        private CommandLine.Model.CommandSpec spec;

        @Option(names = StoreOptions.INDEX_FLAG, paramLabel = "DIR", description = "Only the server of this index.")
        private Path index;

        @Option(names = "--all", description = "Also servers started with bearings mcp --http.")
        private boolean all;

        @Override
        public Integer call() throws Exception {
            Path data = DataFolder.path();
            Optional<Path> only = Optional.ofNullable(index).map(folder -> folder.toAbsolutePath().normalize());
            BackgroundServer.awaitStarting(data, only, BackgroundServer.START_PATIENCE);
            List<ServerEntry> stopped = new ArrayList<>();
            for (ServerEntry entry : ours(data)) {
                boolean wanted = (all || entry.kind().equals(ServerEntry.BACKGROUND))
                        && only.map(entry::serves).orElse(true);
                if (wanted && BackgroundServer.stop(data, entry, "bearings server stop")) {
                    stopped.add(entry);
                }
            }
            // Gone when it says so: its entry removed, its process ended.
            long end = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            for (ServerEntry entry : stopped) {
                Optional<ProcessHandle> process = ProcessHandle.of(entry.pid());
                while (process.isPresent() && process.get().isAlive() && System.nanoTime() < end) {
                    Thread.sleep(50);
                }
                spec.commandLine().getErr().println("bearings: stopped the server of " + entry.index() + " (process " + entry.pid() + ")");
            }
            if (stopped.isEmpty()) {
                spec.commandLine().getErr().println("bearings: no " + (all ? "" : "background ") + "server runs"
                        + only.map(folder -> " for " + folder).orElse(""));
            }
            return stopped.isEmpty() ? 1 : 0;
        }
    }

    /** {@code bearings server start}. */
    @Command(name = "start", mixinStandardHelpOptions = true, description = "Start the background server of an index now, "
            + "rather than at the first search; does nothing when one runs.")
    static final class Start implements Callable<Integer> {
        @CommandLine.Spec
        private CommandLine.Model.CommandSpec spec;

        @Mixin
        private StoreOptions storeOptions = new StoreOptions();

        @Option(names = "--idle", paramLabel = "TIME", description = "Stop after this long without a search: 90s, 15m, 1h "
                + "(default: $" + BackgroundServer.IDLE_VARIABLE + ", else 15m).")
        private String idle;

        @Override
        public Integer call() throws Exception {
            Duration idleTime;
            try {
                idleTime = idle == null ? BackgroundServer.idle(System.getenv()) : BackgroundServer.duration(idle, "--idle");
            } catch (IllegalArgumentException e) {
                throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
            }
            Path data = DataFolder.path();
            Path folder = storeOptions.folder();
            Optional<ServerEntry> running = BackgroundServer.runningOrStarted(data, folder, storeOptions.given(), idleTime,
                    BackgroundServer.START_PATIENCE);
            if (running.isEmpty()) {
                spec.commandLine().getErr().println("bearings: the server of " + folder + " did not start; its log says why: "
                        + BackgroundServer.log(data, folder));
                return CommandLines.ERROR;
            }
            spec.commandLine().getErr().println("bearings: a server of " + folder + " runs (process " + running.get().pid() + ", port "
                    + running.get().port() + ")");
            return 0;
        }
    }
}
