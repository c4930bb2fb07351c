package dev.bearings.core.chunk;

/**
 * What is put before a chunk's text when it is embedded, such as the note title and heading path.
 * The chunker needs it only to keep prefix and text together inside the token budget.
 */
@FunctionalInterface
public interface ChunkPrefix {
    ChunkPrefix NONE = path -> "";

    String prefix(HeadingPath path);

    default String apply(HeadingPath path, String text) {
        return prefix(path) + text;
    }
}
