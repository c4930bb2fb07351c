package dev.bearings.parser.flexmark;

import dev.bearings.core.markdown.MarkdownParser;
import dev.bearings.testkit.ChunkerContract;

class FlexmarkChunkerContractTest extends ChunkerContract {

    @Override
    protected MarkdownParser parser() {
        return new FlexmarkParser();
    }
}
