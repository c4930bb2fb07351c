package dev.bearings.cli;

import dev.bearings.core.index.ChunkIndex;
import dev.bearings.core.index.ChunkIndexStore;
import dev.bearings.core.index.IndexedChunk;
import dev.bearings.core.note.IndexedNote;
import dev.bearings.core.plugin.ChunkIndexProvider;
import dev.bearings.core.plugin.Settings;
import dev.bearings.store.sqlite.SqliteIndexProvider;
import dev.bearings.testkit.ForwardingChunkIndex;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Collection;

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
        return ChunkIndexStore.of(sqlite.formatVersion(), sqlite::openExisting,
                (folder, recipe, rebuild) -> new Full(sqlite.open(folder, recipe, rebuild)), sqlite::leftByReaders);
    }

    /** The SQLite index, whose writes fail once two notes are in. */
    private static final class Full extends ForwardingChunkIndex {
        private int written;

        Full(ChunkIndex index) {
            super(index);
        }

        @Override
        public void replaceNote(IndexedNote note, Collection<IndexedChunk> chunks) {
            if (++written > NOTES_THAT_FIT) {
                throw new UncheckedIOException(new IOException("No space left on device"));
            }
            super.replaceNote(note, chunks);
        }
    }
}
