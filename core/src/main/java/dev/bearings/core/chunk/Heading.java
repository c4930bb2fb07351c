package dev.bearings.core.chunk;

import java.util.Objects;

/** A heading as it appears in a heading path: its level (1 to 6) and its plain text. */
public record Heading(int level, String text) {

    public Heading {
        Objects.requireNonNull(text, "text");
        if (level < 1 || level > 6) {
            throw new IllegalArgumentException("heading level must be 1..6, was " + level);
        }
    }

    @Override
    public String toString() {
        return "#".repeat(level) + (text.isEmpty() ? "" : " " + text);
    }
}
