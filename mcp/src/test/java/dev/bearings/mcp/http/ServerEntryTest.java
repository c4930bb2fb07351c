package dev.bearings.mcp.http;

import dev.bearings.app.folder.DataFolder;
import dev.bearings.testkit.Prerequisite;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import jakarta.servlet.http.HttpServlet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A server's entry, and what a client asks the server it names: how it is, an address of its page, to stop. The
 * entry of a server that died is removed when read. The proof: a process that listens on 127.0.0.1 at the port of a
 * server on ::1 and relays to it gets the real server's answer to a challenge, but that answer is for the address it
 * was sent to (::1), and a client that dialled 127.0.0.1 does not take it; the client dials the entry's own address,
 * and reaches the real server.
 */
class ServerEntryTest {

    @Test
    void aProofRelayedFromAnotherAddressDoesNotPass(@TempDir Path data) throws Exception {
        InetAddress ipv6 = InetAddress.getByName("::1");
        boolean listens;
        try (ServerSocket probe = new ServerSocket()) {
            probe.bind(new InetSocketAddress(ipv6, 0));
            listens = true;
        } catch (IOException none) {
            listens = false;
        }
        Prerequisite.require(listens, () -> "an IPv6 loopback address (::1) to listen on");
        ServerKey key = ServerKey.random();
        try (McpHttpServer server = McpHttpServer.start(ipv6, 0, McpToken.loadOrCreate(data), key,
                Map.of(McpHttpServer.ENDPOINT, new HttpServlet() { }), new JacksonMcpJsonMapper(new com.fasterxml.jackson.databind.ObjectMapper()));
             Relay relay = new Relay(InetAddress.getByName("127.0.0.1"), server.port(), ipv6)) {
            Path file = Files.createDirectories(data.resolve(DataFolder.SERVERS)).resolve(Integer.toString(server.port()));
            ServerEntry real = new ServerEntry(file, "::1", server.port(), "/index", ProcessHandle.current().pid(), key, ServerEntry.MCP);
            assertThat(real.provesItself()).as("dialled at its own address").isTrue();
            ServerEntry relayed = new ServerEntry(file, "127.0.0.1", server.port(), "/index", ProcessHandle.current().pid(), key, ServerEntry.MCP);
            assertThat(relayed.provesItself()).as("the real server's proof, relayed from 127.0.0.1").isFalse();
            assertThat(relay.connections).as("the relay was asked, and passed the challenge on").isPositive();
        }
    }

    @Test
    void anEntryNamesTheAddressItListensOnAndOnlyALoopbackOneIsRead(@TempDir Path data) throws Exception {
        try (ServerEntry.Announcement announced = ServerEntry.announce(data, InetAddress.getByName("::1"), 7341, Path.of("/idx"),
                ServerKey.random(), ServerEntry.BACKGROUND)) {
            assertThat(Files.readString(announced.file())).startsWith("address 0:0:0:0:0:0:0:1\nindex /idx\n");
            assertThat(ServerEntry.all(data)).extracting(ServerEntry::address, ServerEntry::kind)
                    .containsExactly(org.assertj.core.groups.Tuple.tuple("0:0:0:0:0:0:0:1", ServerEntry.BACKGROUND));
            Files.writeString(data.resolve(DataFolder.SERVERS).resolve("7342"), "address 192.0.2.1\nindex /idx\npid 1\nkey "
                    + ServerKey.random().encoded() + "\n");
            assertThat(ServerEntry.all(data)).extracting(ServerEntry::port).as("a remote address is no entry").containsExactly(7341);
        }
    }

    @Test
    void aClientAsksTheServerOfAnEntryHowItIsForAnAddressOfItsPageAndToStop(@TempDir Path data) throws Exception {
        ServerKey key = ServerKey.random();
        PageLogin page = new PageLogin();
        List<String> reasons = new CopyOnWriteArrayList<>();
        ServerControl control = new ServerControl(() -> new ServerControl.Status(ProcessHandle.current().pid(), ServerEntry.MCP, "9.9",
                "/idx", 0, "then", 0, null, null, 1), reasons::add);
        Map<String, HttpServlet> servlets = Map.of(McpHttpServer.ENDPOINT, new HttpServlet() { }, ServerControl.ENDPOINT, control,
                PageLogin.ENDPOINT, page, PageLogin.ADDRESS_ENDPOINT, page);
        try (StandInServer server = StandInServer.start(data, servlets, page, key, message -> java.util.Optional.empty());
             ServerEntry.Announcement announced = ServerEntry.announce(data, InetAddress.getLoopbackAddress(), server.port(), Path.of("/idx"),
                     key, ServerEntry.MCP)) {
            assertThat(ServerEntry.all(data)).hasSize(1);
            ServerEntry entry = ServerEntry.all(data).get(0);
            assertThat(entry.isOurs()).as("this process, as this user").isTrue();
            assertThat(entry.serves(Path.of("/idx/../idx"))).isTrue();
            assertThat(entry.serves(Path.of("/other"))).isFalse();
            assertThat(entry.provesItself()).isTrue();

            assertThat(new com.fasterxml.jackson.databind.ObjectMapper().readTree(entry.status(server.token())).path("version").asText())
                    .isEqualTo("9.9");
            String address = entry.pageAddress(server.token());
            assertThat(address).startsWith("http://127.0.0.1:" + server.port() + PageLogin.ENDPOINT + "?code=");
            assertThat(StandInServer.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(address))
                    .timeout(java.time.Duration.ofSeconds(60))).statusCode()).as("the address opens the page").isEqualTo(303);
            assertThatThrownBy(() -> entry.status("wrong")).isInstanceOf(IOException.class).hasMessageContaining("answered 401");
            assertThatThrownBy(() -> entry.pageAddress("wrong")).isInstanceOf(IOException.class).hasMessageContaining("answered 401");
            assertThatThrownBy(() -> entry.stop("wrong", "x")).isInstanceOf(IOException.class);
            assertThat(reasons).as("asked without the token").isEmpty();
            entry.stop(server.token(), "a new version");
            assertThat(reasons).containsExactly("a new version");
        }
        assertThat(ServerEntry.all(data)).as("the entry, removed as the server stops").isEmpty();
    }

    @Test
    void theEntryOfAServerThatDiedIsRemovedWhenRead(@TempDir Path data) throws Exception {
        Process ended = new ProcessBuilder("true").start();
        assertThat(ended.waitFor(30, TimeUnit.SECONDS)).isTrue();
        Path file = Files.createDirectories(data.resolve(DataFolder.SERVERS)).resolve("7343");
        Files.writeString(file, "address 127.0.0.1\nindex /idx\npid " + ended.pid() + "\nkey " + ServerKey.random().encoded() + "\n");
        assertThat(ServerEntry.all(data)).hasSize(1);
        assertThat(ServerEntry.all(data).get(0).isOurs()).isFalse();
        assertThat(file).as("its port may be anyone's now").doesNotExist();
    }

    /** Passes every connection on {@code address}:{@code port} to the same port on {@code to}, both ways. */
    private static final class Relay implements AutoCloseable {
        private final ServerSocket listening;
        private volatile int connections;

        Relay(InetAddress address, int port, InetAddress to) throws IOException {
            listening = new ServerSocket(port, 50, address);
            Thread accepting = new Thread(() -> {
                try {
                    while (true) {
                        Socket in = listening.accept();
                        connections++;
                        Socket out = new Socket(to, port);
                        pump(in.getInputStream(), out.getOutputStream());
                        pump(out.getInputStream(), in.getOutputStream());
                    }
                } catch (IOException closed) {
                    // The relay was closed.
                }
            }, "relay");
            accepting.setDaemon(true);
            accepting.start();
        }

        private static void pump(InputStream from, OutputStream to) {
            Thread thread = new Thread(() -> {
                try (from; to) {
                    from.transferTo(to);
                } catch (IOException closed) {
                    // One side ended.
                }
            }, "relay-pump");
            thread.setDaemon(true);
            thread.start();
        }

        @Override
        public void close() throws IOException {
            listening.close();
        }
    }
}
