package dev.bearings.store.sqlite;

import dev.bearings.core.index.ChunkIndex;
import dev.bearings.core.index.ChunkIndexReader;
import dev.bearings.core.index.ChunkIndexStore;
import dev.bearings.core.index.IndexRecipe;
import dev.bearings.core.index.IndexMismatchException;
import dev.bearings.core.plugin.ChunkIndexProvider;
import dev.bearings.core.plugin.Settings;

import java.nio.file.Path;

/** Offers the SQLite index as the store named {@code sqlite} (the default). */
public final class SqliteIndexProvider implements ChunkIndexProvider {

    @Override
    public String name() {
        return "sqlite";
    }

    @Override
    public String description() {
        return "one SQLite file: vectors, FTS5 keyword index, exact vector search (the default)";
    }

    @Override
    public ChunkIndexStore create(Settings settings) {
        return new ChunkIndexStore() {
            @Override
            public int formatVersion() {
                return SqliteChunkIndex.FORMAT_VERSION;
            }

            @Override
            public ChunkIndexReader openExisting(Path folder) throws IndexUnreadableException {
                return SqliteChunkIndex.openExisting(folder);
            }

            @Override
            public ChunkIndex open(Path folder, IndexRecipe recipe, boolean rebuild)
                    throws IndexMismatchException, IndexUnreadableException {
                return SqliteChunkIndex.open(folder, recipe, rebuild);
            }
        };
    }
}
