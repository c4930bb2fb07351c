package dev.bearings.core.plugin;

import dev.bearings.core.embed.Embedder;

/** Provides an {@link Embedder}; list implementations in {@code META-INF/services}. */
public interface EmbedderProvider extends Provider<Embedder> {
}
