package dev.bearings.mcp.http;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelcontextprotocol.json.McpJsonMapper;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.apache.catalina.Context;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.LifecycleState;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.startup.Tomcat;
import org.apache.tomcat.util.descriptor.web.FilterDef;
import org.apache.tomcat.util.descriptor.web.FilterMap;

import java.io.IOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Stream;

/**
 * The shared MCP server's HTTP side: an embedded Tomcat on a loopback address serving the SDK's
 * Streamable HTTP transport at {@value #ENDPOINT} (and the served search's endpoint), behind a guard that follows the protocol's
 * security advice. A request gets through only when its {@code Host} and {@code Origin} (if any) name
 * this machine's loopback address (a web page the user visits cannot reach the server by DNS
 * rebinding) and it carries the bearer token. A message over {@value dev.bearings.app.words.Limits#MESSAGE_BYTES} bytes is refused
 * before the transport reads it ({@link CheckedMessages}).
 */
public final class McpHttpServer implements AutoCloseable {
    public static final String ENDPOINT = "/mcp";
    /** The longest pause within a request before its connection is closed. */
    public static final int READ_PAUSE_MILLIS = 5_000;
    /** Connections at once; more wait to be accepted. */
    public static final int MAX_CONNECTIONS = 512;
    public static final String WORK_PREFIX = "bearings-http-";
    private static final Set<String> LOOPBACK_NAMES = Set.of("127.0.0.1", "localhost", "[::1]");
    /** Tomcat logs through java.util.logging; held here, since the JDK keeps loggers weakly. */
    private static final Logger TOMCAT_LOG = Logger.getLogger("org.apache");

    private final Tomcat tomcat;
    private final Path workFolder;
    private final int port;

    private McpHttpServer(Tomcat tomcat, Path workFolder, int port) {
        this.tomcat = tomcat;
        this.workFolder = workFolder;
        this.port = port;
    }

    /**
     * @param address  a loopback address: the server has no TLS and must not be reachable from the network
     * @param port     0 picks a free port
     * @param key      what the server proves itself with to a client that asks before it sends the token
     * @param servlets by endpoint: the MCP transport at {@value #ENDPOINT}, and any other behind the same guard
     * @param sdkJson  the mapper the MCP SDK reads messages with: a message it could not read is answered before it
     */
    public static McpHttpServer start(InetAddress address, int port, McpToken token, ServerKey key, Map<String, HttpServlet> servlets,
                                      McpJsonMapper sdkJson) throws IOException {
        return start(address, port, token, key, servlets, sdkJson, new Activity(), new PageLogin(), message -> Optional.empty());
    }

    /**
     * @param activity hears of every request that carries the token or the page's cookie
     * @param page     the search page's logins: its cookie admits a browser to the page and its API
     * @param direct   the answer to a request this server answers itself, not the SDK ({@code resources/list}), if it is one
     */
    public static McpHttpServer start(InetAddress address, int port, McpToken token, ServerKey key, Map<String, HttpServlet> servlets,
                                      McpJsonMapper sdkJson, Activity activity, PageLogin page,
                                      Function<JsonNode, Optional<String>> direct) throws IOException {
        requireLoopback(address);
        requireFree(address, port);
        TOMCAT_LOG.setLevel(Level.WARNING);
        Path work = workFolder();
        Tomcat tomcat = new Tomcat();
        tomcat.setBaseDir(work.toString());
        Connector connector = new Connector("HTTP/1.1");
        connector.setPort(port);
        connector.setProperty("address", address.getHostAddress());
        connector.setMaxPostSize(dev.bearings.app.words.Limits.MESSAGE_BYTES);
        // Tomcat closes a kept-alive connection after 100 requests; a client sending its next request as it
        // closes sees "no bytes" (1 in 4,000 searches under McpHttpLoad). On loopback there is no reason to.
        connector.setProperty("maxKeepAliveRequests", "-1");
        // Half-sent requests hold a connection and its buffers: another user's thousands of them once filled
        // Tomcat's 8,192 connections and grew the server to 630 MB. A client on loopback sends a request at
        // once, so a pause of READ_PAUSE_MILLIS within one closes it; between requests a client may idle longer;
        // and the connections are bounded. (Tomcat has no deadline for a whole header: a sender of one byte
        // every few seconds still holds its connection, one of MAX_CONNECTIONS.)
        connector.setProperty("connectionTimeout", Integer.toString(READ_PAUSE_MILLIS));
        connector.setProperty("keepAliveTimeout", "30000");
        connector.setProperty("maxConnections", Integer.toString(MAX_CONNECTIONS));
        tomcat.setConnector(connector);
        // Errors (401, 403, 404, the transport's 4xx) in our words, as JSON: never Tomcat's page, name or version.
        ((org.apache.catalina.core.StandardHost) tomcat.getHost()).setErrorReportValveClass(JsonErrors.class.getName());
        Context context = tomcat.addContext("", work.toString());
        // By path; a servlet given at several paths (the page's files) is added once, named by its first.
        Map<HttpServlet, String> names = new java.util.IdentityHashMap<>();
        servlets.forEach((endpoint, servlet) -> {
            String name = names.computeIfAbsent(servlet, added -> {
                String named = endpoint.isEmpty() ? "/" : endpoint;
                Tomcat.addServlet(context, named, added).setAsyncSupported(true);
                return named;
            });
            context.addServletMappingDecoded(endpoint, name);
        });
        FilterDef guard = new FilterDef();
        guard.setFilterName("guard");
        guard.setFilter(new Guard(token, key, activity, page));
        guard.setAsyncSupported("true");
        context.addFilterDef(guard);
        FilterMap everything = new FilterMap();
        everything.setFilterName("guard");
        everything.addURLPattern("/*");
        context.addFilterMap(everything);
        FilterDef checked = new FilterDef();
        checked.setFilterName("messages");
        checked.setFilter(new CheckedMessages(sdkJson, direct));
        checked.setAsyncSupported("true");
        context.addFilterDef(checked);
        FilterMap endpoint = new FilterMap();
        endpoint.setFilterName("messages");
        endpoint.addURLPattern(ENDPOINT);
        context.addFilterMap(endpoint);
        try {
            tomcat.start();
        } catch (LifecycleException e) {
            stop(tomcat, work);
            throw new IOException("cannot serve on " + address.getHostAddress() + ":" + port + ": " + e.getMessage(), e);
        }
        if (connector.getState() != LifecycleState.STARTED || connector.getLocalPort() <= 0) {
            stop(tomcat, work);
            throw new IOException("cannot serve on " + address.getHostAddress() + ":" + port
                    + ": the port is in use or not allowed; choose another with --port");
        }
        return new McpHttpServer(tomcat, work, connector.getLocalPort());
    }

    /** The server has no TLS and no users of its own: it must never be reachable from the network. */
    public static void requireLoopback(InetAddress address) {
        if (!address.isLoopbackAddress()) {
            throw new IllegalArgumentException(address.getHostAddress() + " is not a loopback address: the server has no TLS "
                    + "and would open your notes to the network; it listens on 127.0.0.1 or ::1 only");
        }
    }

    public int port() {
        return port;
    }

    @Override
    public void close() {
        stop(tomcat, workFolder);
    }

    private static void stop(Tomcat tomcat, Path work) {
        try {
            tomcat.stop();
            tomcat.destroy();
        } catch (LifecycleException e) {
            TOMCAT_LOG.log(Level.WARNING, "the HTTP server did not stop cleanly", e);
        }
        delete(work);
    }

    private static void delete(Path folder) {
        try (Stream<Path> files = Files.walk(folder)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | java.io.UncheckedIOException e) {
            // Another process may be removing the same dead server's folder at the same time.
            TOMCAT_LOG.log(Level.FINE, "left " + folder, e);
        }
    }

    /**
     * Tomcat's own folder, named by this process ({@value #WORK_PREFIX}PID-random in the temporary folder), and
     * the folders of servers that died without removing theirs (killed, a crash) removed first.
     */
    private static Path workFolder() throws IOException {
        Path temporary = Path.of(System.getProperty("java.io.tmpdir"));
        try (Stream<Path> entries = Files.list(temporary)) {
            for (Path left : entries.filter(p -> p.getFileName().toString().startsWith(WORK_PREFIX)).toList()) {
                try {
                    String name = left.getFileName().toString().substring(WORK_PREFIX.length());
                    long pid = Long.parseLong(name.substring(0, name.indexOf('-') < 0 ? name.length() : name.indexOf('-')));
                    if (ProcessHandle.of(pid).filter(ProcessHandle::isAlive).isEmpty() && Files.isWritable(left)
                            && !Files.isSymbolicLink(left)) {
                        delete(left);
                    }
                } catch (NumberFormatException notOurs) {
                    // Another program's folder, or one of an older version: left alone.
                }
            }
        }
        // A name no other user can take first (a random part), made owner-only by the JDK as it is made.
        return Files.createTempDirectory(temporary, WORK_PREFIX + ProcessHandle.current().pid() + "-");
    }

    /**
     * Says in one line that the port is taken, before Tomcat tries it and logs a page of stack trace
     * saying the same.
     */
    private static void requireFree(InetAddress address, int port) throws IOException {
        if (port == 0) {
            return;
        }
        try (ServerSocket probe = new ServerSocket()) {
            probe.setReuseAddress(true);
            probe.bind(new InetSocketAddress(address, port));
        } catch (BindException taken) {
            throw new IOException("cannot serve on " + address.getHostAddress() + ":" + port + ": the port is in use (by another "
                    + "bearings mcp --http?); choose another with --port");
        }
    }

    /**
     * Turns away every request that is not from this machine's own programs holding the token, and
     * answers a {@link ServerKey} challenge, which needs no token: a client asks it before it sends one.
     */
    public static final class Guard implements Filter {
        private final McpToken token;
        private final ServerKey key;
        private final Activity activity;
        private final PageLogin page;

        public Guard(McpToken token, ServerKey key, Activity activity, PageLogin page) {
            this.token = token;
            this.key = key;
            this.activity = activity;
            this.page = page;
        }

        @Override
        public void doFilter(ServletRequest servletRequest, ServletResponse servletResponse, FilterChain chain)
                throws IOException, ServletException {
            HttpServletRequest request = (HttpServletRequest) servletRequest;
            HttpServletResponse response = (HttpServletResponse) servletResponse;
            SearchPage.secure(response);
            List<String> origins = Collections.list(request.getHeaders("Origin"));
            if (!loopback(request.getHeader("Host"), false) || origins.size() > 1
                    || (origins.size() == 1 && !sameServer(origins.get(0), request.getLocalPort()))) {
                response.sendError(HttpServletResponse.SC_FORBIDDEN, "only programs on this machine may connect");
                return;
            }
            String challenge = request.getHeader(ServerKey.CHALLENGE_HEADER);
            if (challenge != null && request.getHeader("Authorization") == null) {
                response.setHeader(ServerKey.PROOF_HEADER, key.proof(ServerEntry.canonical(request.getLocalAddr()),
                        request.getLocalPort(), challenge));
                response.setStatus(HttpServletResponse.SC_NO_CONTENT);
                return;
            }
            // The path as the request was mapped (decoded, dot segments gone), never the raw URI: "/api/../mcp" is the MCP endpoint.
            String uri = request.getServletPath() + (request.getPathInfo() == null ? "" : request.getPathInfo());
            if (!token.admits(request.getHeader("Authorization"))) {
                // Without the token: the page and its API with the page's cookie, and the login that gives it; nothing else.
                boolean login = PageLogin.ENDPOINT.equals(uri) && "GET".equals(request.getMethod());
                if (!login && !SearchPage.covers(uri)) {
                    response.setHeader("WWW-Authenticate", "Bearer realm=\"bearings\"");
                    response.sendError(HttpServletResponse.SC_UNAUTHORIZED, "a bearer token is required");
                    return;
                }
                if (!fromThisPage(request, uri)) {
                    response.sendError(HttpServletResponse.SC_FORBIDDEN, "only this server's own page may ask it");
                    return;
                }
                if (!login && !page.admits(request)) {
                    SearchPage.refuse(response, HttpServletResponse.SC_UNAUTHORIZED, "Open the page with bearings open",
                            "This page opens through a one-time address: run <code>bearings open</code> in a terminal.");
                    return;
                }
            }
            if (!ServerControl.ENDPOINT.equals(uri)) {
                // Asking a server how it is (server status) is no use of it: it must not keep an idle one running.
                activity.touch();
            }
            chain.doFilter(request, response);
        }

        /**
         * Whether a browser's request for the page comes from the page itself, or from the person (an address
         * opened, typed or bookmarked), as the browser's fetch metadata says; its API from the page alone. A
         * browser that sends none is held by the Origin check and the cookie's SameSite=Strict.
         */
        private static boolean fromThisPage(HttpServletRequest request, String uri) {
            String site = request.getHeader("Sec-Fetch-Site");
            return site == null || site.equals("same-origin") || (site.equals("none") && !uri.startsWith(SearchPage.API));
        }

        /**
         * An Origin that is this server's own (a loopback name and this port): a page served by another
         * program on this machine, on another port, is another origin.
         */
        public static boolean sameServer(String origin, int port) {
            if (!loopback(origin, true)) {
                return false;
            }
            URI uri = URI.create(origin);
            int given = uri.getPort() != -1 ? uri.getPort() : "https".equals(uri.getScheme()) ? 443 : 80;
            return given == port;
        }

        /** A Host header ({@code name:port}) or an Origin ({@code scheme://name:port}) naming a loopback name. */
        static boolean loopback(String header, boolean isOrigin) {
            if (header == null) {
                // A client that is not a browser sends no Origin; every HTTP/1.1 request has a Host.
                return isOrigin;
            }
            try {
                URI uri = new URI(isOrigin ? header : "http://" + header);
                String host = uri.getHost();
                if (host == null || (isOrigin && !Set.of("http", "https").contains(String.valueOf(uri.getScheme())))) {
                    return false;
                }
                String name = host.toLowerCase(Locale.ROOT);
                return LOOPBACK_NAMES.contains(name) || LOOPBACK_NAMES.contains("[" + name + "]");
            } catch (URISyntaxException e) {
                return false;
            }
        }
    }
}
