package dev.bearings.core.markdown;

import java.util.Objects;

/**
 * One top-level block of a Markdown document with the 1-based lines it spans. Headings also carry
 * their level (1 to 6) and their plain text; other blocks have level 0 and empty text.
 */
public record Block(BlockKind kind, int startLine, int endLine, int headingLevel, String headingText) {

    public Block {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(headingText, "headingText");
        if (startLine < 1 || endLine < startLine) {
            throw new IllegalArgumentException("bad line range " + startLine + ".." + endLine + " for " + kind);
        }
        if (kind == BlockKind.HEADING ? headingLevel < 1 || headingLevel > 6 : headingLevel != 0) {
            throw new IllegalArgumentException("heading level " + headingLevel + " not valid for " + kind);
        }
    }

    public static Block of(BlockKind kind, int startLine, int endLine) {
        if (kind == BlockKind.HEADING) {
            throw new IllegalArgumentException("use Block.heading for headings");
        }
        return new Block(kind, startLine, endLine, 0, "");
    }

    public static Block heading(int level, String text, int startLine, int endLine) {
        return new Block(BlockKind.HEADING, startLine, endLine, level, text.strip());
    }

    public boolean isHeading() {
        return kind == BlockKind.HEADING;
    }
}
