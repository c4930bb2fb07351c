package dev.bearings.cli;

import dev.bearings.testprocess.ChildProcess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Without {@code --index}, the index lives where the README says: {@code $XDG_DATA_HOME/bearings},
 * else {@code ~/.local/share/bearings} (on Linux). Each run is a real process with its own environment
 * and home folder, so nothing is written to the home of whoever runs the tests.
 */
class DefaultIndexFolderTest {
    private static final Duration MOST = Duration.ofMinutes(2);

    @TempDir
    Path root;

    private Path notes() throws Exception {
        Path notes = Files.createDirectories(root.resolve("notes"));
        Files.writeString(notes.resolve("tide.md"), "# Tides\n\nSpring tides follow the full and the new moon.\n");
        return notes;
    }

    /** Runs bearings in a child with this home folder and XDG_DATA_HOME (null: unset). */
    private ChildProcess bearings(Path home, String xdgDataHome, String... args) throws Exception {
        Map<String, String> environment = new HashMap<>();
        environment.put("XDG_DATA_HOME", xdgDataHome);
        environment.put("HOME", home.toString());
        ChildProcess run = ChildProcess.run(CliRun.command(List.of("-Duser.home=" + home), args), root.resolve("logs"), environment, MOST);
        assertThat(run.exitCode(MOST)).as(run.err()).isZero();
        return run;
    }

    @Test
    void theIndexGoesUnderXdgDataHomeWhenItIsSet() throws Exception {
        Path home = Files.createDirectories(root.resolve("home"));
        Path xdg = root.resolve("xdg");
        bearings(home, xdg.toString(), "index", "--folder", notes().toString());
        assertThat(xdg.resolve("bearings").resolve("bearings.sqlite")).isRegularFile();
        assertThat(home.resolve(".local")).doesNotExist();
        assertThat(bearings(home, xdg.toString(), "status").out()).startsWith("index      " + xdg.resolve("bearings") + " (sqlite")
                .contains("1 note");
    }

    @Test
    void theIndexGoesUnderTheHomesLocalShareOtherwise() throws Exception {
        Path home = Files.createDirectories(root.resolve("home"));
        bearings(home, null, "index", "--folder", notes().toString());
        Path expected = home.resolve(".local").resolve("share").resolve("bearings");
        assertThat(expected.resolve("bearings.sqlite")).isRegularFile();
        // A blank XDG_DATA_HOME counts as unset, as the XDG specification says.
        assertThat(bearings(home, "", "status").out()).startsWith("index      " + expected + " (sqlite").contains("1 note");
    }
}
