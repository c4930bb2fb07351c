package dev.bearings.core.markdown;

import java.util.List;

/**
 * Port: turns Markdown text into its top-level blocks, in source order, with line ranges.
 *
 * <p>Only blocks that are direct children of the document are returned: a heading inside a block
 * quote or a list item is part of that quote or list, not a block of its own. Blank lines belong to
 * no block. Implementations must be thread-safe; the contract suite in the testkit says exactly
 * what else is expected.
 */
public interface MarkdownParser {
    /**
     * The most of a heading's source a parser need read for its text: a heading's text names a chunk's
     * place (its heading path) and is embedded in front of it, cut to the model's window anyway. The
     * built-in parsers read no more than this of a heading, since inlines parsed over a huge one cost
     * them time growing with its square (flexmark on backticks or {@code [](}, commonmark-java on
     * {@code <}).
     */
    int MAX_HEADING_CHARS = 1_000;

    /** @param markdown text with LF line endings and no byte-order mark */
    List<Block> parse(String markdown);
}
