package dev.bearings.store.sqlite;

import dev.bearings.core.index.ChunkIndexStore;
import dev.bearings.core.plugin.ChunkIndexProvider;
import dev.bearings.core.plugin.Settings;

import java.nio.file.Files;
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
    public boolean holdsIndexIn(Path folder) {
        return Files.isRegularFile(folder.resolve(SqliteChunkIndex.FILE_NAME));
    }

    @Override
    public ChunkIndexStore create(Settings settings) {
        return ChunkIndexStore.of(SqliteChunkIndex.FORMAT_VERSION, SqliteChunkIndex::openExisting, SqliteChunkIndex::open,
                SqliteChunkIndex::leftByReaders, file -> file.getFileName().toString().startsWith(SqliteChunkIndex.FILE_NAME));
    }
}
