package dev.bearings.cli;

import dev.bearings.mcp.http.McpToken;
import dev.bearings.testprocess.ChildProcess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The token is the user's alone, and a new one, asked for, turns the old one away at once, also in a running server. */
class McpTokenTest {
    @TempDir
    Path root;

    @Test
    void aNewTokenTurnsTheOldOneAwayInARunningServer() throws Exception {
        Path data = root.resolve("xdg/bearings");
        McpToken running = McpToken.loadOrCreate(data);
        String old = running.value();
        assertThat(running.admits("Bearer " + old)).isTrue();
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(data))).isEqualTo("rwx------");

        ChildProcess child = ChildProcess.start(CliRun.command(java.util.List.of(), "mcp", "--new-token"), root.resolve("logs"),
                Map.of("XDG_DATA_HOME", root.resolve("xdg").toString()));
        assertThat(child.exitCode(Duration.ofMinutes(1))).as(child.err()).isZero();
        assertThat(child.err()).contains("a new token is in " + data.resolve(McpToken.FILE));

        String fresh = Files.readString(data.resolve(McpToken.FILE)).strip();
        assertThat(fresh).isNotEqualTo(old).hasSizeGreaterThanOrEqualTo(43);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(data.resolve(McpToken.FILE)))).isEqualTo("rw-------");
        assertThat(running.admits("Bearer " + old)).as("the old token, in the server that was running").isFalse();
        assertThat(running.admits("Bearer " + fresh)).isTrue();
    }

    @Test
    void aLooseDataFolderIsNarrowedToItsOwner() throws Exception {
        Path data = Files.createDirectories(root.resolve("loose"));
        Files.setPosixFilePermissions(data, PosixFilePermissions.fromString("rwxr-xr-x"));
        McpToken.loadOrCreate(data);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(data))).isEqualTo("rwx------");
    }
}
