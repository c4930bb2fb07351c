package dev.bearings.cli;

import dev.bearings.core.chunk.ChunkingRules;
import dev.bearings.core.embed.Embedder;
import dev.bearings.core.index.ChunkIndex;
import dev.bearings.core.note.Note;
import dev.bearings.core.plugin.Settings;
import dev.bearings.core.source.MemorySource;
import dev.bearings.core.usecase.SyncIndex;
import dev.bearings.embedding.onnx.OnnxEmbedderProvider;
import dev.bearings.parser.commonmark.CommonmarkParser;
import dev.bearings.store.sqlite.SqliteIndexProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** A sync with a deadline stops between rounds, leaves the rest for the next sync, and loses nothing. */
class SyncDeadlineTest {

    /** A clock that moves one second each time it is read. */
    private static final class Ticking extends Clock {
        private Instant now = Instant.parse("2026-12-02T10:00:00Z");

        @Override
        public Instant instant() {
            now = now.plusSeconds(1);
            return now;
        }

        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }
    }

    @Test
    void notesPastTheDeadlineAreDeferredAndTheNextSyncCompletesThem(@TempDir Path folder) throws Exception {
        List<Note> notes = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            notes.add(new Note("n" + i + ".md", "Note " + i, "# Note " + i + "\n\nFact number " + i + " about tides.\n",
                    Set.of(), Instant.EPOCH, "file:///n" + i, List.of()));
        }
        MemorySource source = new MemorySource("memory", notes);
        var store = new SqliteIndexProvider().create(Settings.NONE);
        Ticking clock = new Ticking();
        try (Embedder embedder = new OnnxEmbedderProvider().create(Settings.NONE);
             ChunkIndex index = store.open(folder, IndexCommand.manifest(store, embedder, ChunkingRules.DEFAULT), false)) {
            SyncIndex sync = new SyncIndex(new CommonmarkParser(), IndexCommand.chunker(ChunkingRules.DEFAULT, embedder),
                    embedder, clock);
            SyncIndex.Report first = sync.sync(source, index, SyncIndex.Progress.NONE, clock.instant());
            assertThat(first.added()).isEqualTo(16);
            assertThat(first.deferred()).isEqualTo(24);
            assertThat(index.stats().lastSync()).as("an unfinished sync is not marked done").isEmpty();
            assertThat(SyncIndex.changes(source, index).pending()).hasSize(24);

            SyncIndex.Report second = sync.sync(source, index, SyncIndex.Progress.NONE);
            assertThat(second.added()).isEqualTo(24);
            assertThat(second.unchanged()).isEqualTo(16);
            assertThat(second.deferred()).isZero();
            assertThat(index.stats().lastSync()).isPresent();
            assertThat(SyncIndex.changes(source, index).isEmpty()).isTrue();
            assertThat(index.notes()).hasSize(40);
        }
    }
}
