package dev.bearings.store.lucene;

import dev.bearings.core.index.ChunkIndexStore;
import dev.bearings.core.plugin.Settings;
import dev.bearings.testkit.ChunkIndexContract;

class LuceneChunkIndexTest extends ChunkIndexContract {

    @Override
    protected ChunkIndexStore store() {
        return new LuceneIndexProvider().create(Settings.NONE);
    }
}
