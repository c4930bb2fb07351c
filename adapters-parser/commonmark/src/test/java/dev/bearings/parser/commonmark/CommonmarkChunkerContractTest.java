package dev.bearings.parser.commonmark;

import dev.bearings.core.markdown.MarkdownParser;
import dev.bearings.testkit.ChunkerContract;

class CommonmarkChunkerContractTest extends ChunkerContract {

    @Override
    protected MarkdownParser parser() {
        return new CommonmarkParser();
    }
}
