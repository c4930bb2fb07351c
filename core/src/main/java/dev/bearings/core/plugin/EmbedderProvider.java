package dev.bearings.core.plugin;

import dev.bearings.core.embed.Embedder;

/**
 * Provides an {@link Embedder}; list implementations in {@code META-INF/services}.
 *
 * <p>A provider that takes a {@value #MODEL} setting must accept the {@link Embedder#modelId()} of
 * what it made as that setting's value: an index records the model id, and is re-opened with exactly
 * that model even after the provider's default model changes.
 */
public interface EmbedderProvider extends Provider<Embedder> {
    /** The setting that names the model, by convention. */
    String MODEL = "model";
}
