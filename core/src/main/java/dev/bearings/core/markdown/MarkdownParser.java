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

    /** @param markdown text with LF line endings and no byte-order mark */
    List<Block> parse(String markdown);
}
