package dev.bearings.app.words;

import dev.bearings.core.usecase.SyncIndex;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** A sync in one line: its skipped notes and deferred changes said only when there are any, each count agreeing with its noun. */
class SyncSummaryTest {

    @Test
    void aSyncIsOneLine() {
        Map<String, Integer> skipped = new LinkedHashMap<>();
        skipped.put("is not valid UTF-8", 2);
        skipped.put("is empty", 1);
        SyncIndex.Report busy = new SyncIndex.Report("folder:/notes", 1, 2, 3, 4, 1, 6, skipped, 1, List.of(),
                Duration.ofMillis(1_250), Map.of());
        assertThat(SyncSummary.line(busy)).isEqualTo("folder:/notes: 1 note added, 2 changed, 3 removed, 4 unchanged; 1 chunk embedded, "
                + "6 reused; skipped 2 (is not valid UTF-8), 1 (is empty); 1 changed note left for the next sync; 1.3 s");
        SyncIndex.Report quiet = new SyncIndex.Report("bear", 0, 0, 0, 7, 0, 0, Map.of(), 0, List.of(), Duration.ofMillis(40), Map.of());
        assertThat(SyncSummary.line(quiet)).isEqualTo("bear: 0 notes added, 0 changed, 0 removed, 7 unchanged; 0 chunks embedded, 0 reused; 0.0 s");
    }

    @Test
    void itsNumbersAreWrittenAsEveryOtherLineOfBearingsWritesThemWhateverTheLocale() {
        Locale before = Locale.getDefault();
        Locale.setDefault(Locale.GERMANY);
        try {
            SyncIndex.Report report = new SyncIndex.Report("bear", 0, 0, 0, 1_000, 0, 0, Map.of(), 0, List.of(), Duration.ofMillis(1_250),
                    Map.of());
            assertThat(SyncSummary.line(report)).endsWith("1000 unchanged; 0 chunks embedded, 0 reused; 1.3 s");
        } finally {
            Locale.setDefault(before);
        }
    }
}
