package dev.bearings.parser.flexmark;

import dev.bearings.core.markdown.MarkdownParser;
import dev.bearings.testkit.MarkdownParserContract;

class FlexmarkParserContractTest extends MarkdownParserContract {

    @Override
    protected MarkdownParser parser() {
        return new FlexmarkParser();
    }
}
