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

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class SqliteChunkIndexTest extends KeywordSearchContract {

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
            assertThat(upgraded.manifest().formatVersion()).isEqualTo(3);
            assertThat(((KeywordSearch) upgraded).keywords("嵐山", 5, SearchFilter.NONE)).hasSize(1);
            assertThat(upgraded.versions("folder:/notes")).containsEntry("kyoto.md", "v7");
            assertThat(upgraded.vectorsByHash(List.of("h-kyoto")).get("h-kyoto")).containsExactly(0.6f, 0.8f, 0f, 0f);
        }
    }
}
