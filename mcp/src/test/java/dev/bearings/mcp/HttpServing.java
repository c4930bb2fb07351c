package dev.bearings.mcp;

import dev.bearings.app.index.LiveIndex;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/** The MCP server over HTTP, in this JVM, on a free loopback port, with a data folder of its own. */
final class HttpServing implements AutoCloseable {
    private final BearingsMcpServer.Http server;
    private final Path dataFolder;

    private HttpServing(BearingsMcpServer.Http server, Path dataFolder) {
        this.server = server;
        this.dataFolder = dataFolder;
    }

    static HttpServing of(LiveIndex index, Path dataFolder) throws IOException {
        return of(index, dataFolder, Duration.ofSeconds(30), 0);
    }

    /** @param sessionCheck how often idle sessions are pinged */
    static HttpServing of(LiveIndex index, Path dataFolder, Duration sessionCheck, int port) throws IOException {
        BearingsMcpServer.Http server = BearingsMcpServer.http(index, new BearingsMcpServer.Settings("test", "sqlite",
                Optional.of(Duration.ofSeconds(5))), new BearingsMcpServer.HttpSettings(InetAddress.getLoopbackAddress(), port,
                dataFolder, sessionCheck, Map.of()));
        return new HttpServing(server, dataFolder);
    }

    /** A one-time address of the search page, whole. */
    String pageAddress() {
        return base() + server.pageAddress();
    }

    /** The server's own address, as its page's origin: {@code http://127.0.0.1:PORT}. */
    String base() {
        return "http://127.0.0.1:" + port();
    }

    String url() {
        return "http://127.0.0.1:" + port() + "/mcp";
    }

    int port() {
        return server.port();
    }

    Path dataFolder() {
        return dataFolder;
    }

    String token() throws IOException {
        return Files.readString(server.tokenFile(), StandardCharsets.UTF_8).strip();
    }

    @Override
    public void close() throws IOException {
        server.close();
    }
}
