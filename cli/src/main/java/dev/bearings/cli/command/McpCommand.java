package dev.bearings.cli.command;

import dev.bearings.app.words.Advice;
import dev.bearings.app.folder.DataFolder;
import dev.bearings.app.index.GracefulStop;
import dev.bearings.app.index.IndexWatch;
import dev.bearings.app.index.LiveIndex;
import dev.bearings.app.index.OpenedRecipe;
import dev.bearings.app.plugin.Plugins;
import dev.bearings.cli.option.RecipeOptions;
import dev.bearings.cli.option.StoreOptions;
import dev.bearings.core.index.ChunkIndexStore;
import dev.bearings.core.index.IndexMismatchException;
import dev.bearings.core.index.IndexRecipe;
import dev.bearings.mcp.BearingsMcpServer;
import dev.bearings.mcp.http.McpHttpServer;
import dev.bearings.mcp.http.McpToken;
import dev.bearings.mcp.http.ServerEntry;
import dev.bearings.mcp.http.ServerLock;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine;

import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

/**
 * {@code bearings mcp}: the index as an MCP server for AI agents, over stdio for one client (only
 * protocol messages go to stdout; anything else that would print there goes to stderr with the logs)
 * or, with {@code --http}, over Streamable HTTP on a loopback address for any number of them.
 */
@Command(name = "mcp", mixinStandardHelpOptions = true,
        footerHeading = "%nExamples:%n",
        footer = {"  bearings mcp --watch",
                "  bearings mcp --http --watch"},
        description = {"Serve the index to AI agents (Claude Desktop, Claude Code, Cursor) as an MCP server over stdio, or "
                + "with --http to any number of them over HTTP on this machine.",
                "Searches first sync the notes changed since the last sync, for at most --sync-budget seconds."})
public final class McpCommand implements Callable<Integer> {
    private final Plugins plugins;
    private final CommandLine.IFactory commands;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Option(names = "--sync-budget", paramLabel = "SECONDS", defaultValue = "5",
            description = "Most seconds a search spends indexing changed notes first (default: 5).")
    private double syncBudget;

    @Option(names = "--watch", description = "Sync whenever notes change, in the background, instead of before a search.")
    private boolean watch;

    @Option(names = "--http", description = "Serve over HTTP (Streamable HTTP) at http://127.0.0.1:PORT/mcp, one server "
            + "for any number of clients, instead of over stdio for one.")
    private boolean http;

    @Option(names = "--port", paramLabel = "PORT", defaultValue = "7340",
            description = "With --http: the port (default: 7340; 0 picks a free one).")
    private int port;

    @Option(names = "--session-check", paramLabel = "SECONDS", defaultValue = "30", hidden = true,
            description = "With --http: how often idle sessions are pinged; one whose client has gone is closed.")
    private int sessionCheck;

    @Option(names = "--bind", paramLabel = "ADDRESS", defaultValue = "127.0.0.1", hidden = true,
            description = "With --http: the loopback address to listen on, 127.0.0.1 (default) or ::1.")
    private String bind;

    @Option(names = "--background", hidden = true,
            description = "With --http: a server a search started, for its index: one per index, stopping when idle.")
    private boolean background;

    @Option(names = "--idle", paramLabel = "TIME", hidden = true,
            description = "With --background: stop after this long without a request (90s, 15m, 1h; default 15m).")
    private String idle;

    @Option(names = "--new-token", description = "Replace the HTTP server's token with a new one and exit: clients holding "
            + "the old one, also of servers running now, are refused from then on.")
    private boolean newToken;

    @Mixin
    private StoreOptions storeOptions = new StoreOptions();

    @Mixin
    private RecipeOptions recipeOptions = new RecipeOptions();

    McpCommand(Plugins plugins, CommandLine.IFactory commands) {
        this.plugins = plugins;
        this.commands = commands;
    }

    @Override
    public Integer call() throws Exception {
        if (newToken) {
            Path file = McpToken.rotate(DataFolder.path());
            System.err.println("bearings mcp: a new token is in " + file + "; give it to every client of the HTTP server");
            return 0;
        }
        if (!(syncBudget >= 0)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--sync-budget must be 0 or more seconds");
        }
        if (port < 0 || port > 65_535) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--port must be 0 to 65535 (0 picks a free one), not " + port);
        }
        if (sessionCheck < 1) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--session-check must be 1 second or more");
        }
        InetAddress address = null;
        if (http) {
            try {
                address = InetAddress.getByName(bind);
                McpHttpServer.requireLoopback(address);
            } catch (IllegalArgumentException | java.net.UnknownHostException e) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--bind " + bind + ": " + e.getMessage());
            }
        }
        if (!http) {
            for (String withHttp : List.of("--port", "--bind", "--session-check", "--background", "--idle")) {
                if (spec.commandLine().getParseResult().hasMatchedOption(withHttp)) {
                    throw new CommandLine.ParameterException(spec.commandLine(), withHttp + " goes with --http: over stdio "
                            + "there is no port to listen on");
                }
            }
        }
        Duration idleTime;
        try {
            idleTime = idle == null ? BackgroundServer.DEFAULT_IDLE : BackgroundServer.duration(idle, "--idle");
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        Path folder = storeOptions.folder();
        if (background) {
            Optional<ServerLock> lock = ServerLock.tryTake(DataFolder.path(), folder);
            if (lock.isEmpty() || BackgroundServer.running(DataFolder.path(), folder).isPresent()) {
                if (lock.isPresent()) {
                    lock.get().close();
                }
                System.err.println("bearings: a server for " + folder + " runs already");
                return 0;
            }
            try (ServerLock held = lock.get()) {
                return serve(folder, address, Optional.of(idleTime));
            }
        }
        return serve(folder, address, Optional.empty());
    }

    /** Serves the index in {@code folder}; in the background, stopping after {@code idle} unasked. */
    private int serve(Path folder, InetAddress address, Optional<Duration> idle) throws Exception {
        ChunkIndexStore store = storeOptions.store(plugins.stores());
        // The server searches and syncs with the index's own recipe; flags that would change it are refused.
        Optional<IndexRecipe> built = OpenedRecipe.built(store, folder);
        OpenedRecipe recipe = recipeOptions.open(spec.commandLine(), plugins.parsers(), plugins.embedders(), built);
        if (built.isPresent() && !built.get().differences(recipe.recipe()).isEmpty()) {
            recipe.close();
            throw new IndexMismatchException(folder, built.get().differences(recipe.recipe()));
        }
        // Opened first, closed last: on SIGTERM the JVM waits until the server, the watcher and the index are closed.
        CountDownLatch stopped = new CountDownLatch(1);
        try (GracefulStop stop = http ? new GracefulStop("bearings-mcp-stop", stopped::countDown, Duration.ofSeconds(20)) : null;
             LiveIndex index = new LiveIndex(folder, store, recipe, plugins.sources(), Clock.systemUTC())) {
            // A watched index is kept fresh by the watcher; a search then never waits for a sync.
            Optional<Duration> budget = watch ? Optional.empty() : Optional.of(Duration.ofMillis((long) (syncBudget * 1000)));
            BearingsMcpServer.Settings settings = new BearingsMcpServer.Settings(VersionNumber.NUMBER,
                    storeOptions.storeName(plugins.stores()), budget);
            try (IndexWatch watching = watch ? watchInBackground(index) : null) {
                if (http) {
                    serveHttp(address, index, settings, stopped, idle);
                } else {
                    serveStdio(index, settings);
                }
            }
        }
        return 0;
    }

    private IndexWatch watchInBackground(LiveIndex index) throws IOException {
        Optional<IndexWatch> watching = IndexWatch.start(index, line -> System.err.println("bearings: " + line));
        if (watching.isEmpty()) {
            // A desktop app starts the server before the user's first index: serve, and say why nothing is watched.
            System.err.println("bearings mcp: the index at " + storeOptions.folder() + " has no sources yet, so --watch watches "
                    + "nothing; run " + Advice.addSource(storeOptions.indexFlag()) + ", then start the server again");
        }
        return watching.orElse(null);
    }

    private void serveStdio(LiveIndex index, BearingsMcpServer.Settings settings) throws Exception {
        OutputStream protocol = new FileOutputStream(FileDescriptor.out);
        // Whatever prints to System.out from here on would corrupt the protocol stream.
        System.setOut(new PrintStream(new FileOutputStream(FileDescriptor.err), true));
        try (BearingsMcpServer.Stdio server = BearingsMcpServer.stdio(index, settings, new FileInputStream(FileDescriptor.in), protocol)) {
            // The client has gone; answer what it asked before it went, then stop.
            server.awaitClientGone(Duration.ofMinutes(1));
        }
    }

    /** Serves until {@code stopped} counts down (SIGTERM or Ctrl-C), or, in the background, until it stops itself. */
    private void serveHttp(InetAddress address, LiveIndex index, BearingsMcpServer.Settings settings, CountDownLatch stopped,
                           Optional<Duration> idle) throws Exception {
        Path dataFolder = DataFolder.path();
        SearchServlet search = new SearchServlet(spec.root().userObject().getClass(), commands, plugins, index, storeOptions.folder(),
                storeOptions.spec(plugins.stores()));
        BearingsMcpServer.HttpSettings where = idle.isPresent()
                ? new BearingsMcpServer.HttpSettings(address, port, dataFolder, Duration.ofSeconds(sessionCheck),
                Map.of(ServedSearch.ENDPOINT, search), ServerEntry.BACKGROUND, idle)
                : new BearingsMcpServer.HttpSettings(address, port, dataFolder, Duration.ofSeconds(sessionCheck),
                Map.of(ServedSearch.ENDPOINT, search));
        try (BearingsMcpServer.Http server = BearingsMcpServer.http(index, settings, where)) {
            String host = address.getHostAddress().contains(":") ? "[" + address.getHostAddress() + "]" : address.getHostAddress();
            System.err.printf("bearings mcp: serving http://%s:%d%s to any number of clients; each sends the header "
                    + "'Authorization: Bearer <the token in %s>'; bearings open%s opens its search page%n", host, server.port(),
                    McpHttpServer.ENDPOINT, server.tokenFile(), storeOptions.indexFlag());
            System.err.flush();
            if (idle.isEmpty()) {
                // A server started by a person serves the index for the searches too: a background one steps aside.
                BackgroundServer.stopOthers(dataFolder, storeOptions.folder(), server.port(), "bearings mcp --http serves the index");
            }
            Thread signal = new Thread(() -> {
                try {
                    stopped.await();
                    server.stop("stopped by a signal");
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, "bearings-signal");
            signal.setDaemon(true);
            signal.start();
            System.err.println("bearings: " + java.time.Instant.now().truncatedTo(java.time.temporal.ChronoUnit.SECONDS)
                    + " the server stops: " + server.awaitStop());
        }
    }
}
