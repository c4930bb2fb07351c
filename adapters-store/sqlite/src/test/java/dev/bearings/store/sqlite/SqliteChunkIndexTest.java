package dev.bearings.store.sqlite;

import dev.bearings.core.index.ChunkIndexStore;
import dev.bearings.core.plugin.Settings;
import dev.bearings.testkit.ChunkIndexContract;

class SqliteChunkIndexTest extends ChunkIndexContract {

    @Override
    protected ChunkIndexStore store() {
        return new SqliteIndexProvider().create(Settings.NONE);
    }
}
