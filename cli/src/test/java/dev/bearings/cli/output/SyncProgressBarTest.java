package dev.bearings.cli.output;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The bar as a terminal of each width sees it: whole fields only, never a line cut mid-word. */
class SyncProgressBarTest {
    private static List<String> drawn(int columns) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream err = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        try (SyncProgressBar progress = new SyncProgressBar("folder:/home/me/Documents/my notes", err)) {
            me.tongfei.progressbar.ProgressBar bar = progress.builder(1000, columns).build();
            bar.stepTo(370);
            bar.close();
        }
        return Arrays.stream(bytes.toString(StandardCharsets.UTF_8).split("[\r\n]")).map(String::strip)
                .filter(line -> !line.isEmpty()).toList();
    }

    @Test
    void aNarrowTerminalGetsTheFieldsThatFitWhole() {
        for (int columns : List.of(40, 60, 80, 120)) {
            List<String> lines = drawn(columns);
            assertThat(lines).as("%d columns", columns).isNotEmpty();
            for (String line : lines) {
                assertThat(line.length()).as("%d columns: %s", columns, line).isLessThan(columns);
                assertThat(line).as("%d columns", columns).containsPattern("\\[[=> ]+\\]")
                        .containsPattern("\\(\\d+:\\d{2}:\\d{2}( / (\\d+:\\d{2}:\\d{2}|\\?))?\\)");
            }
            // The library's refresh thread may draw 0% (time left "?") before the step; the last line, drawn on close, is the step's.
            assertThat(lines.get(lines.size() - 1)).as("%d columns", columns).contains("370/1000 notes");
        }
        assertThat(last(drawn(120))).as("room for everything").startsWith("folder my notes").contains("notes/s");
        assertThat(last(drawn(40))).as("the bar and the count first").startsWith("37%");
    }

    private static String last(List<String> lines) {
        return lines.get(lines.size() - 1);
    }
}
