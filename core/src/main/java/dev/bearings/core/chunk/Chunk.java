package dev.bearings.core.chunk;

import java.util.Objects;
import java.util.OptionalInt;

/**
 * A passage of a note, ready to embed.
 *
 * @param ordinal      0-based position among the note's chunks
 * @param headingPath  the headings above the passage
 * @param lines        the source lines it covers
 * @param startOffset  offset of its first character in the note's {@link dev.bearings.core.markdown.SourceText}
 * @param endOffset    offset just past its last character
 * @param prefix       what is embedded before the text: its note's title and heading path (see
 *                     {@link ChunkPrefix}), as the chunker fitted it to the token budget; may be empty
 * @param text         the source between the two offsets, verbatim
 * @param words        its word count, overlap included (see {@link Words})
 * @param overlapWords how many of those words repeat the end of the previous chunk
 * @param tokens       tokens of the text as embedded (prefix included), when a token counter was given
 */
public record Chunk(int ordinal, HeadingPath headingPath, LineRange lines, int startOffset, int endOffset,
                    String prefix, String text, int words, int overlapWords, OptionalInt tokens) {

    public Chunk {
        Objects.requireNonNull(headingPath, "headingPath");
        Objects.requireNonNull(lines, "lines");
        Objects.requireNonNull(prefix, "prefix");
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(tokens, "tokens");
        if (endOffset - startOffset != text.length()) {
            throw new IllegalArgumentException("offsets " + startOffset + ".." + endOffset
                    + " do not match a text of " + text.length() + " characters");
        }
    }

    /** The text as it is embedded: the prefix, then the text. */
    public String embedded() {
        return prefix + text;
    }
}
