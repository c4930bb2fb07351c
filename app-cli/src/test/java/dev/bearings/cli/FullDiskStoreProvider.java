package dev.bearings.cli;

import dev.bearings.core.index.ChunkIndex;
import dev.bearings.core.index.ChunkIndexReader;
import dev.bearings.core.index.ChunkIndexStore;
import dev.bearings.core.index.IndexManifest;
import dev.bearings.core.index.IndexRecipe;
import dev.bearings.core.index.IndexStats;
import dev.bearings.core.index.IndexedChunk;
import dev.bearings.core.index.IndexedNote;
import dev.bearings.core.plugin.ChunkIndexProvider;
import dev.bearings.core.plugin.Settings;
import dev.bearings.core.search.RankedChunk;
import dev.bearings.core.search.SearchFilter;
import dev.bearings.store.sqlite.SqliteIndexProvider;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * A test plugin, {@code full-disk}: the SQLite store on a disk that fills up after two notes, failing
 * every later write as a full disk does. Found through {@code META-INF/services} like any plugin.
 */
public final class FullDiskStoreProvider implements ChunkIndexProvider {
    static final int NOTES_THAT_FIT = 2;

    @Override
    public String name() {
        return "full-disk";
    }

    @Override
    public String description() {
        return "SQLite on a disk that is full after two notes (tests only)";
    }

    @Override
    public ChunkIndexStore create(Settings settings) {
        ChunkIndexStore sqlite = new SqliteIndexProvider().create(settings);
        return new ChunkIndexStore() {
            @Override
            public int formatVersion() {
                return sqlite.formatVersion();
            }

            @Override
            public ChunkIndexReader openExisting(Path folder) throws IndexUnreadableException {
                return sqlite.openExisting(folder);
            }

            @Override
            public ChunkIndex open(Path folder, IndexRecipe recipe, boolean rebuild)
                    throws dev.bearings.core.index.IndexMismatchException, IndexUnreadableException {
                return new Full(sqlite.open(folder, recipe, rebuild));
            }
        };
    }

    /** Delegates everything; writes fail once two notes are in. */
    private static final class Full implements ChunkIndex {
        private final ChunkIndex index;
        private int written;

        Full(ChunkIndex index) {
            this.index = index;
        }

        @Override
        public void replaceNote(IndexedNote note, Collection<IndexedChunk> chunks) {
            if (++written > NOTES_THAT_FIT) {
                throw new UncheckedIOException(new IOException("No space left on device"));
            }
            index.replaceNote(note, chunks);
        }

        @Override
        public void deleteNote(String source, String noteId) {
            index.deleteNote(source, noteId);
        }

        @Override
        public void markSynced(Instant at) {
            index.markSynced(at);
        }

        @Override
        public IndexManifest manifest() {
            return index.manifest();
        }

        @Override
        public Map<String, String> versions(String source) {
            return index.versions(source);
        }

        @Override
        public List<IndexedNote> notes() {
            return index.notes();
        }

        @Override
        public Map<String, float[]> vectorsByHash(Collection<String> contentHashes) {
            return index.vectorsByHash(contentHashes);
        }

        @Override
        public IndexStats stats() {
            return index.stats();
        }

        @Override
        public List<RankedChunk> nearest(float[] query, int limit, SearchFilter filter) {
            return index.nearest(query, limit, filter);
        }

        @Override
        public void close() {
            index.close();
        }
    }
}
