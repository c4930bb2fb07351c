package dev.bearings.app.index;

import dev.bearings.core.embed.Embedder;

import java.util.Map;

/** An embedder and what made it: its provider's name and the settings it was given. */
public record OpenedEmbedder(String name, Map<String, String> settings, Embedder embedder) implements AutoCloseable {
    @Override
    public void close() {
        embedder.close();
    }
}
