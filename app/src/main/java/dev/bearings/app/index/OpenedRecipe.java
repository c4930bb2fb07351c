package dev.bearings.app.index;

import dev.bearings.core.index.ChunkIndexReader;
import dev.bearings.core.index.ChunkIndexStore;
import dev.bearings.core.index.IndexRecipe;
import dev.bearings.core.markdown.MarkdownParser;

import java.nio.file.Path;
import java.util.Optional;

/** The parser and embedder a recipe names, opened, with the recipe. */
public record OpenedRecipe(MarkdownParser parser, OpenedEmbedder embedder, IndexRecipe recipe) implements AutoCloseable {
    @Override
    public void close() {
        embedder.close();
    }

    /** The recipe the index in {@code folder} was built with, if there is a readable one. */
    public static Optional<IndexRecipe> built(ChunkIndexStore store, Path folder) {
        try (ChunkIndexReader index = store.openExisting(folder)) {
            return Optional.of(index.manifest().recipe());
        } catch (ChunkIndexStore.IndexUnreadableException absentOrDamaged) {
            // Absent, it is created; damaged, opening it for writing says so.
            return Optional.empty();
        }
    }
}
