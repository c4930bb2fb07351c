package dev.bearings.core.plugin;

import dev.bearings.core.index.ChunkIndexStore;

/** Provides a kind of chunk index ({@code sqlite}, {@code lucene}); list implementations in {@code META-INF/services}. */
public interface ChunkIndexProvider extends Provider<ChunkIndexStore> {
}
