package dev.bearings.store.lucene;

import dev.bearings.core.index.ChunkIndexStore;
import dev.bearings.core.plugin.Settings;
import dev.bearings.testkit.KeywordSearchContract;

class LuceneChunkIndexTest extends KeywordSearchContract {

    @Override
    protected ChunkIndexStore store() {
        return new LuceneIndexProvider().create(Settings.NONE);
    }
}
