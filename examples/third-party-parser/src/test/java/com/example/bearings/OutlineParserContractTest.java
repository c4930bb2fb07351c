package com.example.bearings;

import dev.bearings.core.markdown.MarkdownParser;
import dev.bearings.testkit.MarkdownParserContract;

/**
 * The parser keeps what every parser must: well-formed blocks for any input, plain headings found. It
 * claims no CommonMark, so it runs MarkdownParserContract, not CommonMarkParserContract.
 */
class OutlineParserContractTest extends MarkdownParserContract {

    @Override
    protected MarkdownParser parser() {
        return new OutlineParser();
    }
}
