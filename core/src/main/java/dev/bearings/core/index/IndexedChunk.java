package dev.bearings.core.index;

import java.util.Objects;

/**
 * A chunk as the index keeps it.
 *
 * @param headingPath  as {@code # A > ## B}
 * @param contentHash  SHA-256 of the text as embedded (prefix included): equal hashes share a vector
 * @param attachment   the attachment's name when the text comes from one, else empty
 */
public record IndexedChunk(int ordinal, String headingPath, int startLine, int endLine, String text,
                           String contentHash, float[] vector, String attachment) {

    public IndexedChunk {
        Objects.requireNonNull(headingPath, "headingPath");
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(contentHash, "contentHash");
        Objects.requireNonNull(vector, "vector");
        Objects.requireNonNull(attachment, "attachment");
    }
}
