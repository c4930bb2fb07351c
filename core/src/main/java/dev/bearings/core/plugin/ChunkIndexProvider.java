package dev.bearings.core.plugin;

import dev.bearings.core.index.ChunkIndexStore;

import java.nio.file.Path;

/** Provides a kind of chunk index ({@code sqlite}, {@code lucene}); list implementations in {@code META-INF/services}. */
public interface ChunkIndexProvider extends Provider<ChunkIndexStore> {

    /**
     * Whether {@code folder} holds an index of this kind, from its files alone and without opening it:
     * how an index folder says what it is, so that no command needs {@code --store} to find it again. A
     * store whose index lives elsewhere (a server) keeps nothing in the folder to tell, and says no.
     */
    default boolean holdsIndexIn(Path folder) {
        return false;
    }
}
