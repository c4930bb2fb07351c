package dev.bearings.mcp.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.bearings.app.folder.DataFolder;
import dev.bearings.mcp.McpErrorJson;
import dev.bearings.testkit.Prerequisite;
import dev.bearings.testprocess.FileLocks;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The HTTP server's parts on their own: the token (made private, rotated whole, compared whatever the case of its
 * scheme), a server's key and its proof, one background server per index, and errors as JSON-RPC errors.
 */
class HttpPartsTest {

    @Test
    void theTokenIsMadePrivateKeptAndRotatedAndTheOldOneStopsWorking(@TempDir Path root) throws Exception {
        Path data = root.resolve("data");
        McpToken token = McpToken.loadOrCreate(data);
        assertThat(token.file()).isEqualTo(data.resolve(McpToken.FILE));
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(token.file()))).isEqualTo("rw-------");
        String value = token.value();
        assertThat(value).hasSize(43).isEqualTo(Files.readString(token.file()).strip());
        assertThat(McpToken.loadOrCreate(data).value()).as("kept").isEqualTo(value);
        assertThat(token.admits("Bearer " + value)).isTrue();
        assertThat(token.admits("bearer  " + value + " ")).as("the scheme in any case, the token stripped").isTrue();
        assertThat(token.admits("Bearer " + value.substring(1))).isFalse();
        assertThat(token.admits("Basic " + value)).isFalse();
        assertThat(token.admits(value)).isFalse();
        assertThat(token.admits(null)).isFalse();

        assertThat(McpToken.rotate(data)).isEqualTo(token.file());
        assertThat(token.admits("Bearer " + value)).as("the old token, at once").isFalse();
        assertThat(token.value()).isNotEqualTo(value).hasSize(43);
        assertThat(token.admits("Bearer " + token.value())).isTrue();
        try (var left = Files.list(data)) {
            assertThat(left).as("no temporary file left").containsExactly(token.file());
        }

        Files.delete(token.file());
        assertThat(token.admits("Bearer ")).as("while it cannot be read, no token is admitted").isFalse();
        Files.writeString(token.file(), "short\n");
        assertThatThrownBy(() -> McpToken.loadOrCreate(data)).hasMessage("the token in " + token.file()
                + " is too short to be safe; run bearings mcp --new-token");
    }

    @Test
    void aServersProofIsForItsKeyItsAddressItsPortAndTheChallenge() {
        ServerKey key = ServerKey.random();
        String challenge = ServerKey.challenge();
        assertThat(ServerKey.challenge()).isNotEqualTo(challenge);
        String proof = key.proof("127.0.0.1", 7341, challenge);
        assertThat(ServerKey.parse(key.encoded()).proves("127.0.0.1", 7341, challenge, proof + "\n")).isTrue();
        assertThat(key.proves("127.0.0.1", 7342, challenge, proof)).isFalse();
        assertThat(key.proves("::1", 7341, challenge, proof)).isFalse();
        assertThat(key.proves("127.0.0.1", 7341, ServerKey.challenge(), proof)).isFalse();
        assertThat(ServerKey.random().proves("127.0.0.1", 7341, challenge, proof)).isFalse();
        assertThat(key.proves("127.0.0.1", 7341, challenge, null)).isFalse();
        assertThatThrownBy(() -> ServerKey.parse("c2hvcnQ")).isInstanceOf(IllegalArgumentException.class).hasMessage("a server key of 5 bytes");
    }

    @Test
    void oneBackgroundServerPerIndex(@TempDir Path data) throws Exception {
        Optional<ServerLock> first = ServerLock.tryTake(data, Path.of("/idx/a"));
        assertThat(first).isPresent();
        assertThat(ServerLock.tryTake(data, Path.of("/idx/a/../a"))).as("the same index").isEmpty();
        try (ServerLock other = ServerLock.tryTake(data, Path.of("/idx/b")).orElseThrow()) {
            assertThat(other).isNotNull();
        }
        first.get().close();
        try (ServerLock again = ServerLock.tryTake(data, Path.of("/idx/a")).orElseThrow()) {
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(data.resolve(DataFolder.SERVERS)))).isEqualTo("rwx------");
        }
    }

    /**
     * A lock held by a server without an entry yet (loading its model) is seen, by its index or among all; one whose
     * server has its entry is not; looking keeps the lock this process holds (one of another process's: cli's
     * ServerStartsItselfTest).
     */
    @Test
    void aServerHoldingItsLockWithoutAnEntryIsSeen(@TempDir Path data) throws Exception {
        Path a = Path.of("/idx/a");
        assertThat(ServerLock.heldWithoutEntry(data, Optional.empty(), List.of())).as("no servers folder yet").isFalse();
        try (ServerLock starting = ServerLock.tryTake(data, a).orElseThrow()) {
            assertThat(ServerLock.heldWithoutEntry(data, Optional.empty(), List.of())).isTrue();
            assertThat(ServerLock.heldWithoutEntry(data, Optional.of(Path.of("/idx/a/../a")), List.of())).isTrue();
            assertThat(ServerLock.heldWithoutEntry(data, Optional.of(Path.of("/idx/b")), List.of())).as("another index's").isFalse();
            assertThat(ServerLock.heldWithoutEntry(data, Optional.empty(), List.of(a))).as("with its entry").isFalse();
            assertThat(ServerLock.tryTake(data, a)).as("still held after looking").isEmpty();
            assertThat(heldByThisProcess(data)).as("the kernel's lock kept: no channel to it was closed").isTrue();
        }
        assertThat(ServerLock.heldWithoutEntry(data, Optional.empty(), List.of())).as("released").isFalse();
        try (ServerLock after = ServerLock.tryTake(data, a).orElseThrow(() -> new AssertionError("looking kept the lock"))) {
            assertThat(after).isNotNull();
        }
    }

    @Test
    void aServerStartedButNotYetHoldingItsLockIsSeen(@TempDir Path data) throws Exception {
        Path a = Path.of("/idx/a");
        // This process stands for the server a search started: alive, and begun before it was named.
        ServerLock.starting(data, a, ProcessHandle.current().pid());
        assertThat(ServerLock.heldWithoutEntry(data, Optional.empty(), List.of())).as("no lock file yet").isTrue();
        assertThat(ServerLock.heldWithoutEntry(data, Optional.of(Path.of("/idx/a/../a")), List.of())).isTrue();
        assertThat(ServerLock.heldWithoutEntry(data, Optional.of(Path.of("/idx/b")), List.of())).as("another index's").isFalse();
        assertThat(ServerLock.heldWithoutEntry(data, Optional.empty(), List.of(a))).as("with its entry").isFalse();
        try (ServerLock taken = ServerLock.tryTake(data, a).orElseThrow()) {
            assertThat(taken).isNotNull();
        }
        assertThat(ServerLock.heldWithoutEntry(data, Optional.empty(), List.of())).as("the lock taken and let go").isFalse();
        // Two searches at once each start one: the second's stays named until it gives way and ends.
        ServerLock.starting(data, a, ProcessHandle.current().parent().orElseThrow().pid());
        try (ServerLock taken = ServerLock.tryTake(data, a).orElseThrow()) {
            assertThat(taken).isNotNull();
        }
        assertThat(ServerLock.heldWithoutEntry(data, Optional.empty(), List.of())).as("another process on its way").isTrue();

        ServerLock.starting(data, a, deadProcess());
        assertThat(ServerLock.heldWithoutEntry(data, Optional.empty(), List.of())).as("a server that ended starting").isFalse();
        ServerLock.starting(data, a, ProcessHandle.current().pid());
        Path named;
        try (var files = Files.list(data.resolve(DataFolder.SERVERS))) {
            named = files.filter(file -> file.toString().endsWith(".starting")).findFirst().orElseThrow();
        }
        Files.setLastModifiedTime(named, FileTime.from(
                ProcessHandle.current().info().startInstant().orElseThrow().minusSeconds(60)));
        assertThat(ServerLock.heldWithoutEntry(data, Optional.empty(), List.of())).as("its number since given to a later process")
                .isFalse();
    }

    private static long deadProcess() throws Exception {
        Process ended = new ProcessBuilder("true").start();
        assertThat(ended.waitFor(30, TimeUnit.SECONDS)).isTrue();
        return ended.pid();
    }

    /** Whether the kernel lists a lock of this process on a file of the servers folder. */
    private static boolean heldByThisProcess(Path data) throws Exception {
        Prerequisite.require(FileLocks.listed(), () -> "Linux's /proc/locks, to see which process holds a lock");
        return FileLocks.heldIn(data.resolve(DataFolder.SERVERS), List.of(ProcessHandle.current().pid()));
    }

    @Test
    void errorsAreJsonRpcErrorsWithTheProtocolsCodes() throws Exception {
        assertThat(JsonErrors.code(400)).isEqualTo(McpSchema.ErrorCodes.INVALID_REQUEST);
        assertThat(JsonErrors.code(413)).isEqualTo(McpSchema.ErrorCodes.INVALID_REQUEST);
        assertThat(JsonErrors.code(404)).isEqualTo(McpSchema.ErrorCodes.METHOD_NOT_FOUND);
        assertThat(JsonErrors.code(405)).isEqualTo(McpSchema.ErrorCodes.METHOD_NOT_FOUND);
        assertThat(JsonErrors.code(500)).isEqualTo(McpSchema.ErrorCodes.INTERNAL_ERROR);
        assertThat(JsonErrors.code(503)).isEqualTo(McpSchema.ErrorCodes.INTERNAL_ERROR);
        assertThat(JsonErrors.code(401)).isEqualTo(-32001);
        assertThat(JsonErrors.code(403)).isEqualTo(-32003);

        ObjectMapper mapper = McpErrorJson.into(new ObjectMapper());
        JsonNode refused = mapper.readTree(mapper.writeValueAsString(McpError.builder(McpSchema.ErrorCodes.INVALID_PARAMS)
                .message("uri must be a string").build()));
        assertThat(refused).isEqualTo(new ObjectMapper().readTree("{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32602,"
                + "\"message\":\"uri must be a string\"}}"));
        assertThat(refused.toString()).doesNotContain("stackTrace").doesNotContain("Exception");
    }

    /** What the guard takes for this server: a Host or an Origin naming a loopback name (and, for an Origin, this port). */
    @Test
    void aHostOrAnOriginIsThisServersOnlyByALoopbackNameAndItsPort() {
        assertThat(McpHttpServer.Guard.loopback(null, false)).as("no Host").isFalse();
        assertThat(McpHttpServer.Guard.loopback(null, true)).as("no Origin: a program, not a browser's page").isTrue();
        assertThat(McpHttpServer.Guard.loopback("LOCALHOST:7341", false)).isTrue();
        assertThat(McpHttpServer.Guard.loopback("[::1]:7341", false)).isTrue();
        assertThat(McpHttpServer.Guard.loopback("127.0.0.1.evil.example:7341", false)).isFalse();
        assertThat(McpHttpServer.Guard.loopback("a host:7341", false)).as("not a name at all").isFalse();
        assertThat(McpHttpServer.Guard.loopback("http://127.0.0.1:7341", true)).isTrue();
        assertThat(McpHttpServer.Guard.loopback("ftp://127.0.0.1:7341", true)).as("a scheme no page has").isFalse();
        assertThat(McpHttpServer.Guard.loopback("null", true)).as("an opaque origin").isFalse();

        assertThat(McpHttpServer.Guard.sameServer("http://127.0.0.1:7341", 7341)).isTrue();
        assertThat(McpHttpServer.Guard.sameServer("http://127.0.0.1:7342", 7341)).isFalse();
        assertThat(McpHttpServer.Guard.sameServer("http://localhost", 80)).as("http's own port").isTrue();
        assertThat(McpHttpServer.Guard.sameServer("https://localhost", 443)).as("https's own port").isTrue();
        assertThat(McpHttpServer.Guard.sameServer("http://localhost", 443)).isFalse();
        assertThat(McpHttpServer.Guard.sameServer("https://localhost", 80)).isFalse();
        assertThat(McpHttpServer.Guard.sameServer("http://evil.example:7341", 7341)).isFalse();
    }

    @Test
    void eachOneTimeCodeIsNew() {
        PageLogin page = new PageLogin();
        String code = page.newCode();
        assertThat(code).hasSize(43).isNotEqualTo(page.newCode());
    }

    @Test
    void aServerSaysItsMemoryAndWhenItStarted() {
        assertThat(ServerControl.residentBytes()).hasValueSatisfying(bytes -> assertThat(bytes).isPositive().isEqualTo(bytes / 1024 * 1024));
        assertThat(ServerControl.started()).isEqualTo(ProcessHandle.current().info().startInstant().orElseThrow().toString());
    }
}
