package dev.bearings.cli.output;

import dev.bearings.core.usecase.SyncIndex;
import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;

import static org.assertj.core.api.Assertions.assertThat;

/** What a stop says at each point of a run: before any source (the model loading), while listing, half-way, and after. */
class StoppedSyncNoticeTest {
    @Test
    void aStopSaysSomethingWhereverItLands() {
        try (StoppedSyncNotice notice = new StoppedSyncNotice(new PrintWriter(new StringWriter()), "bearings index --index /i")) {
            assertThat(notice.said()).contains("bearings: stopped before any note was indexed; bearings index --index /i starts again");
            SyncIndex.Progress progress = notice.counting("folder:/notes", SyncIndex.Progress.NONE);
            assertThat(notice.said()).contains("bearings: stopped while reading folder:/notes; what was indexed is kept, and "
                    + "bearings index --index /i finishes the rest");
            progress.planned(3);
            progress.noteDone("a.md", 2);
            assertThat(notice.said()).contains("bearings: stopped after 1 of 3 notes to index in folder:/notes; what was indexed "
                    + "is kept, and bearings index --index /i finishes the rest");
            progress.noteDone("b.md", 1);
            progress.noteDone("c.md", 1);
            assertThat(notice.said()).as("all done: nothing to finish").isEmpty();
            notice.close();
            assertThat(notice.said()).isEmpty();
        }
    }
}
