package dev.bearings.app.index;

import dev.bearings.core.index.ChunkIndex;
import dev.bearings.core.index.ChunkIndexReader;
import dev.bearings.core.index.ChunkIndexStore;
import dev.bearings.core.index.IndexedChunk;
import dev.bearings.core.note.IndexedNote;
import dev.bearings.core.plugin.Settings;
import dev.bearings.store.lucene.LuceneIndexProvider;
import dev.bearings.store.sqlite.SqliteIndexProvider;
import dev.bearings.testkit.ChunkIndexContract;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The stamp a long-running server compares before each call, on real index files: reading, and
 * opening and closing readers, leave it as it was (else every search would open the index again);
 * a write by another connection changes it, even one still only in SQLite's write-ahead log.
 */
class IndexStampTest {
    @TempDir
    Path folder;

    private static ChunkIndexStore store(String name) {
        return (name.equals("sqlite") ? new SqliteIndexProvider() : new LuceneIndexProvider()).create(Settings.NONE);
    }

    private static void write(ChunkIndex index, String id) {
        IndexedNote note = new IndexedNote("folder:/notes", id, "v1", id, Set.of(), Instant.parse("2026-03-01T10:00:00Z"),
                "file:///notes/" + id);
        index.replaceNote(note, List.of(new IndexedChunk(0, "# " + id, 1, 2, "WireGuard on " + id, id + "-hash",
                new float[]{1, 0, 0, 0}, "")));
    }

    @ParameterizedTest
    @ValueSource(strings = {"sqlite", "lucene"})
    void readersLeaveTheStampAsItIsAndAnotherWriterChangesIt(String name) throws Exception {
        ChunkIndexStore store = store(name);
        try (ChunkIndex index = store.open(folder, ChunkIndexContract.RECIPE, false)) {
            write(index, "a.md");
        }
        String built = IndexStamp.of(folder, store);
        for (int i = 0; i < 3; i++) {
            try (ChunkIndexReader reader = store.openExisting(folder)) {
                assertThat(reader.notes()).hasSize(1);
                reader.nearest(new float[]{1, 0, 0, 0}, 5, dev.bearings.core.search.SearchFilter.NONE);
                assertThat(IndexStamp.of(folder, store)).as("while reader %d is open", i).isEqualTo(built);
            }
            assertThat(IndexStamp.of(folder, store)).as("after reader %d closed", i).isEqualTo(built);
            Thread.sleep(20); // a file made again would have another modification time
        }
        try (ChunkIndexReader reader = store.openExisting(folder)) {
            String open = IndexStamp.of(folder, store);
            try (ChunkIndex writer = store.open(folder, ChunkIndexContract.RECIPE, false)) {
                write(writer, "b.md");
                assertThat(IndexStamp.of(folder, store)).as("a committed write, the writer still open").isNotEqualTo(open);
            }
            assertThat(IndexStamp.of(folder, store)).isNotEqualTo(open);
        }
    }
}
