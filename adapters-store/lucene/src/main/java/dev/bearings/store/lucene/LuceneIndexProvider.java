package dev.bearings.store.lucene;

import dev.bearings.core.index.ChunkIndex;
import dev.bearings.core.index.ChunkIndexReader;
import dev.bearings.core.index.ChunkIndexStore;
import dev.bearings.core.index.IndexRecipe;
import dev.bearings.core.index.IndexMismatchException;
import dev.bearings.core.plugin.ChunkIndexProvider;
import dev.bearings.core.plugin.Settings;

import java.nio.file.Path;

/** Offers the Lucene index as the store named {@code lucene}. */
public final class LuceneIndexProvider implements ChunkIndexProvider {

    @Override
    public String name() {
        return "lucene";
    }

    @Override
    public String description() {
        return "a Lucene directory: HNSW vectors and BM25 text";
    }

    @Override
    public ChunkIndexStore create(Settings settings) {
        return new ChunkIndexStore() {
            @Override
            public int formatVersion() {
                return LuceneChunkIndex.FORMAT_VERSION;
            }

            @Override
            public ChunkIndexReader openExisting(Path folder) throws IndexUnreadableException {
                return LuceneChunkIndex.openExisting(folder);
            }

            @Override
            public ChunkIndex open(Path folder, IndexRecipe recipe, boolean rebuild)
                    throws IndexMismatchException, IndexUnreadableException {
                return LuceneChunkIndex.open(folder, recipe, rebuild);
            }
        };
    }
}
