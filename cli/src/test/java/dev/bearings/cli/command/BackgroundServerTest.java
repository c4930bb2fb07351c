package dev.bearings.cli.command;

import dev.bearings.cli.Bearings;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The background server's settings as people write them, and the command it runs. */
class BackgroundServerTest {

    @Test
    void idleTimesAsPeopleWriteThem() {
        assertThat(BackgroundServer.duration("90s", "--idle")).isEqualTo(Duration.ofSeconds(90));
        assertThat(BackgroundServer.duration(" 15m ", "--idle")).isEqualTo(Duration.ofMinutes(15));
        assertThat(BackgroundServer.duration("2h", "--idle")).isEqualTo(Duration.ofHours(2));
        assertThat(BackgroundServer.duration("30", "--idle")).as("a bare number is minutes").isEqualTo(Duration.ofMinutes(30));
        assertThat(BackgroundServer.duration("PT5M", "--idle")).isEqualTo(Duration.ofMinutes(5));
        assertThatThrownBy(() -> BackgroundServer.duration("soon", "$BEARINGS_SERVER_IDLE")).hasMessage(
                "$BEARINGS_SERVER_IDLE takes a time like 90s, 15m or 1h (or a number of minutes), not 'soon'");
        assertThatThrownBy(() -> BackgroundServer.duration("0s", "--idle")).hasMessageContaining("longer than 0");
        assertThat(BackgroundServer.idle(Map.of())).isEqualTo(BackgroundServer.DEFAULT_IDLE);
        assertThat(BackgroundServer.idle(Map.of(BackgroundServer.IDLE_VARIABLE, "1h"))).isEqualTo(Duration.ofHours(1));
    }

    @Test
    void theVariableTurnsTheServerOffUnlessItSaysNo() {
        assertThat(BackgroundServer.off(Map.of())).isFalse();
        assertThat(BackgroundServer.off(Map.of(BackgroundServer.OFF_VARIABLE, "1"))).isTrue();
        assertThat(BackgroundServer.off(Map.of(BackgroundServer.OFF_VARIABLE, "yes"))).isTrue();
        assertThat(BackgroundServer.off(Map.of(BackgroundServer.OFF_VARIABLE, "0"))).isFalse();
        assertThat(BackgroundServer.off(Map.of(BackgroundServer.OFF_VARIABLE, "false"))).isFalse();
        assertThat(BackgroundServer.off(Map.of(BackgroundServer.OFF_VARIABLE, ""))).isFalse();
    }

    @Test
    void theServerRunsTheBearingsCommandWithTheLaunchersServerOptions() throws Exception {
        assertThat(BackgroundServer.MAIN).isEqualTo(Bearings.class.getName());
        String launcher = java.nio.file.Files.readString(dev.bearings.testprocess.ProjectData.ROOT.resolve("bearings"));
        assertThat(launcher).as("the launcher gives bearings mcp the same JVM options")
                .contains("    mcp)\n        jvm_opts=\"" + String.join(" ", BackgroundServer.JVM_OPTIONS) + "\"\n")
                .contains("[ \"$system\" = Linux ] && jvm_opts=\"$jvm_opts " + String.join(" ", BackgroundServer.LINUX_JVM_OPTIONS) + "\"");
        assertThat(BackgroundServer.jvmOptions("Linux")).endsWith(BackgroundServer.LINUX_JVM_OPTIONS.toArray(String[]::new));
        assertThat(BackgroundServer.jvmOptions("Mac OS X")).isEqualTo(BackgroundServer.JVM_OPTIONS);
    }
}
