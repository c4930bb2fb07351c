package dev.bearings.core.markdown;

/** The kinds of top-level Markdown block the chunker distinguishes. */
public enum BlockKind {
    HEADING,
    PARAGRAPH,
    LIST,
    CODE,
    QUOTE,
    TABLE,
    HTML,
    THEMATIC_BREAK,
    LINK_DEFINITION,
    FRONT_MATTER,
    OTHER;

    /**
     * Whether an oversized block of this kind is best cut between its lines (code, lists, tables)
     * rather than between sentences (prose).
     */
    public boolean splitsAtLines() {
        return this != PARAGRAPH && this != HEADING;
    }
}
