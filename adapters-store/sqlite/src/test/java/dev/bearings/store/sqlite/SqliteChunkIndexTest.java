package dev.bearings.store.sqlite;

import dev.bearings.core.index.ChunkIndexStore;
import dev.bearings.core.plugin.Settings;
import dev.bearings.core.index.ChunkIndex;
import dev.bearings.core.index.ChunkIndexReader;
import dev.bearings.core.index.IndexedChunk;
import dev.bearings.core.search.KeywordSearch;
import dev.bearings.core.search.SearchFilter;
import dev.bearings.testkit.KeywordSearchContract;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SqliteChunkIndexTest extends KeywordSearchContract {

    @Override
    protected boolean rebuildsBeside() {
        return true;
    }

    @Override
    protected ChunkIndexStore store() {
        return new SqliteIndexProvider().create(Settings.NONE);
    }

    /** An index of format 2 (keywords not cut into bigrams) is upgraded when opened for writing, its vectors kept. */
    @Test
    void anIndexOfTheFormerFormatIsUpgradedInPlaceWithoutEmbeddingAgain() throws Exception {
        IndexedChunk kyoto = new IndexedChunk(0, "# 京都", 1, 3, "嵐山へはJR嵯峨野線が便利で、バスより速い。", "h-kyoto",
                new float[]{0.6f, 0.8f, 0, 0}, "");
        try (ChunkIndex index = open()) {
            index.replaceNote(note("kyoto.md", "v7"), List.of(kyoto));
        }
        try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + folder.resolve("bearings.sqlite"));
             Statement s = db.createStatement()) {
            s.execute("UPDATE meta SET value = '2' WHERE key = 'format'");
            s.execute("DELETE FROM chunk_text");
            s.execute("INSERT INTO chunk_text (rowid, text, headings, title) SELECT c.id, c.text, c.heading_path, n.title "
                    + "FROM chunks c JOIN notes n ON n.source = c.source AND n.id = c.note_id");
        }
        try (ChunkIndexReader old = store().openExisting(folder)) {
            assertThat(old.manifest().formatVersion()).isEqualTo(2);
            assertThat(((KeywordSearch) old).keywords("嵐山", 5, SearchFilter.NONE)).as("format 2 cannot find it").isEmpty();
        }
        try (ChunkIndex upgraded = open()) {
            assertThat(upgraded.manifest().formatVersion()).isEqualTo(SqliteChunkIndex.FORMAT_VERSION);
            assertThat(((KeywordSearch) upgraded).keywords("嵐山", 5, SearchFilter.NONE)).hasSize(1);
            assertThat(upgraded.versions("folder:/notes")).containsEntry("kyoto.md", "v7");
            assertThat(upgraded.vectorsByHash(List.of("h-kyoto")).get("h-kyoto")).containsExactly(0.6f, 0.8f, 0f, 0f);
        }
    }

    /**
     * A disk that fills up (SQLite's own SQLITE_FULL, made by capping the database's pages) is said as a full
     * disk, not as the rollback SQLite has already done ("no transaction is active"), and the notes written
     * before it stay.
     */
    @Test
    void aFullDiskIsSaidAsOneAndWhatWasWrittenStays() throws Exception {
        try (ChunkIndex index = open()) {
            index.replaceNote(note("first.md", "v1"), List.of(new IndexedChunk(0, "# First", 1, 2, "kept", "h-first",
                    new float[]{1, 0, 0, 0}, "")));
            java.lang.reflect.Field writer = SqliteChunkIndex.class.getDeclaredField("db");
            writer.setAccessible(true);
            try (Statement s = ((Connection) writer.get(index)).createStatement()) {
                s.execute("PRAGMA max_page_count = " + pageCount(s));
            }
            String big = "word ".repeat(20_000);
            assertThatThrownBy(() -> index.replaceNote(note("second.md", "v1"), List.of(new IndexedChunk(0, "# Second", 1, 2,
                    big, "h-second", new float[]{0, 1, 0, 0}, ""))))
                    .hasMessageContaining("the disk is full").hasMessageContaining(folder.toString())
                    .hasMessageNotContaining("no transaction is active");
        }
        try (ChunkIndex index = open()) {
            assertThat(index.versions("folder:/notes")).containsOnlyKeys("first.md");
        }
    }

    private static long pageCount(Statement s) throws java.sql.SQLException {
        try (java.sql.ResultSet rows = s.executeQuery("PRAGMA page_count")) {
            return rows.getLong(1);
        }
    }

    private static List<String> nearest(ChunkIndexReader index, float... query) {
        return index.nearest(query, 5, SearchFilter.NONE).stream()
                .map(h -> h.chunk().note().id() + "#" + h.chunk().ordinal() + "=" + h.score()).toList();
    }

    /** What today's release (format 3) leaves: the same tables, no vector stamp, no vector file. */
    private void asFormat3() throws Exception {
        try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + folder.resolve("bearings.sqlite"));
             Statement s = db.createStatement()) {
            s.execute("UPDATE meta SET value = '3' WHERE key = 'format'");
            s.execute("DELETE FROM meta WHERE key = 'vectors-stamp'");
        }
        Files.deleteIfExists(folder.resolve(VectorFile.NAME));
    }

    /**
     * An index made by the release before the vector file opens and searches as it did (its vectors
     * read into memory, no file written beside it by a reader), and the next sync upgrades it: format 4,
     * the file written when the sync ends, and read from then on.
     */
    @Test
    void anIndexOfTheReleaseBeforeSearchesAsBeforeAndIsUpgradedByTheNextSync() throws Exception {
        List<String> expected;
        try (ChunkIndex index = open()) {
            searchFixture(index);
            expected = nearest(index, 1, 0, 0, 0);
        }
        asFormat3();
        try (ChunkIndexReader old = store().openExisting(folder)) {
            assertThat(old.manifest().formatVersion()).isEqualTo(3);
            assertThat(nearest(old, 1, 0, 0, 0)).isEqualTo(expected);
            assertThat(((KeywordSearch) old).keywords("51820", 5, SearchFilter.NONE)).hasSize(1);
            assertThat(((SqliteChunkIndex) old).vectorsHeld()).isEqualTo("memory");
        }
        assertThat(folder.resolve(VectorFile.NAME)).as("a reader does not write a file for a format-3 index").doesNotExist();
        try (ChunkIndex sync = open()) {
            assertThat(sync.manifest().formatVersion()).isEqualTo(4);
            sync.markSynced(Instant.parse("2026-12-04T10:00:00Z"));
        }
        assertThat(folder.resolve(VectorFile.NAME)).exists();
        try (ChunkIndexReader upgraded = store().openExisting(folder)) {
            assertThat(upgraded.manifest().formatVersion()).isEqualTo(4);
            assertThat(nearest(upgraded, 1, 0, 0, 0)).isEqualTo(expected);
            assertThat(((SqliteChunkIndex) upgraded).vectorsHeld()).isEqualTo("file");
        }
    }

    /** A reader of an index with a vector file searches it in place: no vector is read into the heap. */
    @Test
    void vectorsAreSearchedInTheFileNotCopiedIntoTheHeap() throws Exception {
        try (ChunkIndex index = open()) {
            searchFixture(index);
            index.markSynced(Instant.parse("2026-12-04T10:00:00Z"));
        }
        try (ChunkIndexReader reader = store().openExisting(folder)) {
            assertThat(nearest(reader, 0, 0, 1, 0)).first().asString().startsWith("bread.md#0=");
            assertThat(reader.nearest(new float[]{1, 0, 0, 0}, 5, filter(java.util.Set.of("work"), null, null, null)))
                    .extracting(h -> h.chunk().note().id()).containsExactly("work.md");
            assertThat(((SqliteChunkIndex) reader).vectorsHeld()).isEqualTo("file");
        }
    }

    /**
     * While a sync writes (another process's, note after note, each write a new stamp), a reader does not
     * read the file of the stamp before, nor write one for each write: it reads the vectors into memory,
     * as before the file; once the sync has ended, the file of its stamp is read.
     */
    @Test
    void duringASyncTheFileOfTheStampBeforeIsNotReadAndNoneIsWritten() throws Exception {
        try (ChunkIndex index = open()) {
            searchFixture(index);
            index.markSynced(Instant.parse("2026-12-04T10:00:00Z"));
        }
        try (ChunkIndexReader reader = store().openExisting(folder); ChunkIndex writer = open()) {
            assertThat(nearest(reader, 0, 0, 0, 1)).first().asString().startsWith("work.md#0=");
            long before = Files.getLastModifiedTime(folder.resolve(VectorFile.NAME)).toMillis();
            writer.replaceNote(note("new.md", "v1"), List.of(new dev.bearings.core.index.IndexedChunk(0, "# New", 1, 2,
                    "A note about nothing else", "h-new", new float[]{0, 0, 0, 1}, "")));
            assertThat(nearest(reader, 0, 0, 0, 1)).first().asString().isEqualTo("new.md#0=1.0");
            assertThat(((SqliteChunkIndex) reader).vectorsHeld()).isEqualTo("memory");
            assertThat(Files.getLastModifiedTime(folder.resolve(VectorFile.NAME)).toMillis()).isEqualTo(before);
            writer.markSynced(Instant.parse("2026-12-04T11:00:00Z"));
            assertThat(nearest(reader, 0, 0, 0, 1)).first().asString().isEqualTo("new.md#0=1.0");
            assertThat(((SqliteChunkIndex) reader).vectorsHeld()).isEqualTo("file");
        }
    }

    /** A sync that ended without a file for its stamp (deleted since, or not writable then): the next reader that may write makes it. */
    @Test
    void aReaderAfterASyncThatEndedMakesTheFileItDidNotFind() throws Exception {
        try (ChunkIndex index = open()) {
            searchFixture(index);
            index.markSynced(Instant.parse("2026-12-04T10:00:00Z"));
        }
        Files.delete(folder.resolve(VectorFile.NAME));
        try (ChunkIndexReader reader = store().openExisting(folder)) {
            assertThat(nearest(reader, 0, 0, 1, 0)).first().asString().startsWith("bread.md#0=");
            assertThat(((SqliteChunkIndex) reader).vectorsHeld()).isEqualTo("file");
        }
        assertThat(folder.resolve(VectorFile.NAME)).exists();
    }

    /** Files a reader writes are not writes of the index: a server does not open its reader again for them. */
    @Test
    void theVectorFileIsLeftByReaders() {
        assertThat(SqliteChunkIndex.leftByReaders(folder.resolve("bearings.sqlite-vectors"))).isTrue();
        assertThat(SqliteChunkIndex.leftByReaders(folder.resolve("bearings.sqlite-vectors-123.tmp"))).isTrue();
        assertThat(SqliteChunkIndex.leftByReaders(folder.resolve("bearings.sqlite"))).isFalse();
    }
}
