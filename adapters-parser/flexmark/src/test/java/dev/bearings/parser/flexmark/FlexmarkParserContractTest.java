package dev.bearings.parser.flexmark;

import dev.bearings.core.markdown.MarkdownParser;
import dev.bearings.testkit.CommonMarkParserContract;

class FlexmarkParserContractTest extends CommonMarkParserContract {

    @Override
    protected MarkdownParser parser() {
        return new FlexmarkParser();
    }
}
