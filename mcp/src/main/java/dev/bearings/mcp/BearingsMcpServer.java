package dev.bearings.mcp;

import dev.bearings.app.words.Limits;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.bearings.app.index.LiveIndex;
import dev.bearings.mcp.http.Activity;
import dev.bearings.mcp.http.McpHttpServer;
import dev.bearings.mcp.http.ServerControl;
import dev.bearings.mcp.http.McpToken;
import dev.bearings.mcp.http.PageLogin;
import dev.bearings.mcp.http.SearchPage;
import dev.bearings.mcp.http.ServerEntry;
import dev.bearings.mcp.http.ServerKey;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.json.schema.jackson2.DefaultJsonSchemaValidator;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import jakarta.servlet.http.HttpServlet;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The MCP server of one live index, for any driver: its tools, note resources and prompt, over stdio
 * for one client or over loopback HTTP for any number. A driver opens the index, calls {@link #stdio}
 * or {@link #http}, and closes what it gets back when it is done.
 */
public final class BearingsMcpServer {
    static final String INSTRUCTIONS = "Bearings searches the user's own Markdown notes (Bear, Obsidian, folders) "
            + "offline. Use search_notes for questions about what the user wrote; cite the note title, heading path "
            + "and lines; use read_note to read a whole note or section.";

    /**
     * @param version    what the server calls itself to clients
     * @param storeName  the index's store, as {@code index_status} names it (no settings: they may hold a password)
     * @param syncBudget how long a search may first sync what changed; empty when a watcher keeps the index fresh
     */
    public record Settings(String version, String storeName, Optional<Duration> syncBudget) {
    }

    /**
     * Where and how the HTTP server listens.
     *
     * @param port         0 picks a free port
     * @param dataFolder   where the token and the server's entry are kept
     * @param sessionCheck how often idle sessions are pinged; one whose client has gone is closed
     * @param endpoints    more servlets behind the same guard, by path (the served search)
     * @param kind         {@link ServerEntry#MCP} for a server a person started, {@link ServerEntry#BACKGROUND} for one a
     *                     search started: it stops when idle for {@code idle}, and when its index's recipe changes
     * @param idle         how long a server may go unasked before it stops; empty to run until stopped
     */
    public record HttpSettings(InetAddress address, int port, Path dataFolder, Duration sessionCheck,
                               Map<String, HttpServlet> endpoints, String kind, Optional<Duration> idle) {
        /** A server a person started, which runs until stopped. */
        public HttpSettings(InetAddress address, int port, Path dataFolder, Duration sessionCheck, Map<String, HttpServlet> endpoints) {
            this(address, port, dataFolder, sessionCheck, endpoints, ServerEntry.MCP, Optional.empty());
        }
    }

    private BearingsMcpServer() {
    }

    /** The mapper the server and its guards read messages with: an MCP error is written as a JSON-RPC error, never a stack trace. */
    static McpJsonMapper jsonMapper() {
        return new JacksonMcpJsonMapper(McpErrorJson.into(new ObjectMapper()));
    }

    /** Serves one client on {@code in} and {@code out}, from now until the returned server is closed. */
    public static Stdio stdio(LiveIndex index, Settings settings, InputStream in, OutputStream out) {
        McpJsonMapper mapper = jsonMapper();
        ListChangedGate gate = new ListChangedGate();
        McpTools tools = new McpTools(index, settings.storeName(), settings.syncBudget(), mapper);
        NoteResources resources = new NoteResources(tools, index);
        StdioTransport transport = new StdioTransport(in, out, mapper, gate::open, resources::answer);
        McpSyncServer server = build(McpServer.sync(gate.around(transport)), settings, mapper, tools, resources);
        transport.start();
        return new Stdio(server, transport);
    }

    /** Serves any number of clients over HTTP, announced in the data folder, until the returned server is closed. */
    public static Http http(LiveIndex index, Settings settings, HttpSettings http) throws IOException {
        return http(index, settings, http, CodeFile.of(BearingsMcpServer.class));
    }

    /** The same, watching {@code code} as the jar it runs from: a background server stops when it changes. */
    static Http http(LiveIndex index, Settings settings, HttpSettings http, CodeFile code) throws IOException {
        McpJsonMapper mapper = jsonMapper();
        McpToken token = McpToken.loadOrCreate(http.dataFolder());
        HttpServletStreamableServerTransportProvider transport = HttpServletStreamableServerTransportProvider.builder()
                .jsonMapper(mapper).mcpEndpoint(McpHttpServer.ENDPOINT).maxRequestSize(Limits.MESSAGE_BYTES)
                .keepAliveInterval(http.sessionCheck()).sessionSweepInterval(http.sessionCheck()).build();
        McpTools tools = new McpTools(index, settings.storeName(), settings.syncBudget(), mapper);
        NoteResources resources = new NoteResources(tools, index);
        McpSyncServer server = build(McpServer.sync(transport), settings, mapper, tools, resources);
        Activity activity = new Activity();
        PageLogin page = new PageLogin();
        Stopping stopping = new Stopping();
        int[] port = {0};
        Map<String, HttpServlet> endpoints = new LinkedHashMap<>(http.endpoints());
        endpoints.put(McpHttpServer.ENDPOINT, transport);
        // The search page for people, behind the same guard: its files, its login and its API (the same tools).
        SearchPage files = new SearchPage();
        SearchPage.paths().forEach(path -> endpoints.put(path, files));
        endpoints.put(PageLogin.ENDPOINT, page);
        endpoints.put(PageLogin.ADDRESS_ENDPOINT, page);
        endpoints.put(PageApi.ENDPOINT, new PageApi(tools, index));
        endpoints.put(ServerControl.ENDPOINT, new ServerControl(() -> new ServerControl.Status(ProcessHandle.current().pid(),
                http.kind(), settings.version(), index.folder().toString(), port[0], ServerControl.started(), activity.idle().toSeconds(),
                http.idle().map(Duration::toSeconds).orElse(null), ServerControl.residentBytes().orElse(null),
                Runtime.getRuntime().totalMemory() - Runtime.getRuntime().freeMemory()), stopping::stop));
        ServerKey key = ServerKey.random();
        McpHttpServer listening;
        try {
            listening = McpHttpServer.start(http.address(), http.port(), token, key, endpoints, mapper, activity, page, resources::answer);
            port[0] = listening.port();
        } catch (IOException | RuntimeException e) {
            server.close();
            throw e;
        }
        try {
            ServerEntry.Announcement announced = ServerEntry.announce(http.dataFolder(), http.address(), listening.port(),
                    index.folder(), key, http.kind());
            Http running = new Http(server, listening, announced, token, stopping, page);
            if (http.kind().equals(ServerEntry.BACKGROUND)) {
                stopping.whenRecipeChanges(index);
                stopping.whenIdle(activity, http.idle(), index, code);
            }
            return running;
        } catch (IOException | RuntimeException e) {
            listening.close();
            server.close();
            throw e;
        }
    }

    private static McpSyncServer build(McpServer.SyncSpecification<?> specification, Settings settings, McpJsonMapper mapper,
                                       McpTools tools, NoteResources resources) {
        McpSyncServer server = specification
                .serverInfo("bearings", settings.version())
                .instructions(INSTRUCTIONS)
                .capabilities(McpSchema.ServerCapabilities.builder().tools(false).resources(false, true).prompts(false).build())
                .jsonMapper(mapper)
                .jsonSchemaValidator(new DefaultJsonSchemaValidator(new ObjectMapper()))
                .validateToolInputs(true)
                .requestTimeout(Duration.ofMinutes(30))
                .tools(tools.specifications())
                .resourceTemplates(resources.template())
                .prompts(AnswerPrompt.specification())
                .build();
        resources.follow(server);
        return server;
    }

    /** A server on stdio. */
    public static final class Stdio implements AutoCloseable {
        private final McpSyncServer server;
        private final StdioTransport transport;

        private Stdio(McpSyncServer server, StdioTransport transport) {
            this.server = server;
            this.transport = transport;
        }

        /**
         * Blocks until the client has gone (its input ended), then waits at most {@code most} for the answers
         * to what it asked before it went.
         *
         * @return whether every answer was written in time
         */
        public boolean awaitClientGone(Duration most) throws InterruptedException {
            transport.awaitClientGone();
            return transport.awaitClientGone(most);
        }

        @Override
        public void close() {
            server.closeGracefully();
        }
    }

    /** A server on HTTP, announced in the data folder while it serves. */
    public static final class Http implements AutoCloseable {
        private final McpSyncServer server;
        private final McpHttpServer listening;
        private final ServerEntry.Announcement announced;
        private final McpToken token;
        private final Stopping stopping;
        private final PageLogin page;

        private Http(McpSyncServer server, McpHttpServer listening, ServerEntry.Announcement announced, McpToken token,
                     Stopping stopping, PageLogin page) {
            this.server = server;
            this.listening = listening;
            this.announced = announced;
            this.token = token;
            this.stopping = stopping;
            this.page = page;
        }

        /** A one-time address of the search page on this server (path and query), as {@code bearings open} gets one. */
        public String pageAddress() {
            return PageLogin.ENDPOINT + "?code=" + page.newCode();
        }

        /** Blocks until the server is asked to stop (by {@link #stop}, a client, or, in the background, when idle); returns why. */
        public String awaitStop() throws InterruptedException {
            return stopping.await();
        }

        /** Asks the server to stop, for {@code reason}: {@link #awaitStop} returns it. */
        public void stop(String reason) {
            stopping.stop(reason);
        }

        public int port() {
            return listening.port();
        }

        /** The file that holds the token a client sends. */
        public Path tokenFile() {
            return token.file();
        }

        @Override
        public void close() throws IOException {
            stopping.stop("closed");
            try (listening; announced) {
                server.closeGracefully();
            }
        }
    }

    /** Why and when a server stops: the first reason given wins. */
    private static final class Stopping {
        private final java.util.concurrent.CountDownLatch stopped = new java.util.concurrent.CountDownLatch(1);
        private volatile String reason;

        synchronized void stop(String why) {
            if (reason == null) {
                reason = why;
                stopped.countDown();
            }
        }

        String await() throws InterruptedException {
            stopped.await();
            return reason;
        }

        /**
         * Stops after {@code idle} without a request, or when its jar changed, checked every second; looks at the
         * index on disk every few seconds meanwhile, so that a change of recipe is seen before the next search asks.
         */
        void whenIdle(Activity activity, Optional<Duration> idle, LiveIndex index, CodeFile code) {
            Thread checking = new Thread(() -> {
                try {
                    for (int second = 1; !stopped.await(1, java.util.concurrent.TimeUnit.SECONDS); second++) {
                        Optional<Path> jarChanged = code.changed();
                        if (idle.isPresent() && activity.idle().compareTo(idle.get()) >= 0) {
                            stop("idle for " + idle.get().toSeconds() + " s");
                        } else if (jarChanged.isPresent()) {
                            stop("its jar changed (" + jarChanged.get() + ")");
                        } else if (second % 5 == 0) {
                            index.exclusively(Duration.ZERO, index::reader);
                        }
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } catch (Exception unreadable) {
                    stop("the index cannot be read: " + unreadable.getMessage());
                }
            }, "bearings-idle");
            checking.setDaemon(true);
            checking.start();
        }

        /**
         * Stops when the index on disk is no longer the one the server loaded the model for: made with another
         * recipe, or no longer there. Its searches would mix vectors of two models.
         */
        void whenRecipeChanges(LiveIndex index) {
            index.onReopen(() -> {
                try {
                    if (!index.reader().manifest().recipe().differences(index.recipe()).isEmpty()) {
                        stop("the index's recipe changed");
                    }
                } catch (Exception unreadable) {
                    stop("the index cannot be read: " + unreadable.getMessage());
                }
            });
        }
    }
}
