package dev.bearings.store.sqlite;

import dev.bearings.core.index.ChunkIndexStore;
import dev.bearings.core.plugin.Settings;
import dev.bearings.testkit.KeywordSearchContract;

class SqliteChunkIndexTest extends KeywordSearchContract {

    @Override
    protected ChunkIndexStore store() {
        return new SqliteIndexProvider().create(Settings.NONE);
    }
}
