package dev.bearings.core.chunk;

/**
 * What is put before a chunk's text when it is embedded, such as the note title and heading path.
 * The chunker keeps prefix and text together inside the token budget, and cuts a prefix that would
 * take more than half of it: what is embedded is each chunk's {@link Chunk#embedded()}.
 */
@FunctionalInterface
public interface ChunkPrefix {
    ChunkPrefix NONE = path -> "";

    /**
     * The note title and the heading texts, such as {@code VPN setup > Server > Keys}, then a blank
     * line: the chunk's context, for the model to read with it. A heading equal to the title is not
     * repeated; a note without a title and a chunk without headings get no prefix.
     */
    static ChunkPrefix titled(String title) {
        String name = title.strip();
        return path -> {
            StringBuilder prefix = new StringBuilder(name);
            for (Heading heading : path.headings()) {
                if (!heading.text().equals(name)) {
                    prefix.append(prefix.length() == 0 ? "" : HeadingPath.SEPARATOR).append(heading.text());
                }
            }
            return prefix.length() == 0 ? "" : prefix.append("\n\n").toString();
        };
    }

    String prefix(HeadingPath path);

    default String apply(HeadingPath path, String text) {
        return prefix(path) + text;
    }
}
