package dev.bearings.store.lucene;

import dev.bearings.core.index.ChunkIndexStore;
import dev.bearings.core.plugin.ChunkIndexProvider;
import dev.bearings.core.plugin.Settings;

import java.nio.file.Files;
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
    public boolean holdsIndexIn(Path folder) {
        return Files.isDirectory(folder.resolve(LuceneChunkIndex.SUBFOLDER));
    }

    @Override
    public ChunkIndexStore create(Settings settings) {
        return ChunkIndexStore.of(LuceneChunkIndex.FORMAT_VERSION, LuceneChunkIndex::openExisting, LuceneChunkIndex::open,
                file -> false, file -> file.getFileName().toString().equals(LuceneChunkIndex.SUBFOLDER));
    }
}
