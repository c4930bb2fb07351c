package dev.bearings.parser.commonmark;

import dev.bearings.core.markdown.MarkdownParser;
import dev.bearings.testkit.MarkdownParserContract;

class CommonmarkParserContractTest extends MarkdownParserContract {

    @Override
    protected MarkdownParser parser() {
        return new CommonmarkParser();
    }
}
