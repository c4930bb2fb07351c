package dev.bearings.parser.commonmark;

import dev.bearings.core.markdown.MarkdownParser;
import dev.bearings.testkit.CommonMarkParserContract;

class CommonmarkParserContractTest extends CommonMarkParserContract {

    @Override
    protected MarkdownParser parser() {
        return new CommonmarkParser();
    }
}
