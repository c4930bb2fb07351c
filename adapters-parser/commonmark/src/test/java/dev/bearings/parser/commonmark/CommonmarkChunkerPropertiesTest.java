package dev.bearings.parser.commonmark;

import dev.bearings.core.markdown.MarkdownParser;
import dev.bearings.testkit.ChunkerProperties;

class CommonmarkChunkerPropertiesTest extends ChunkerProperties {

    @Override
    protected MarkdownParser parser() {
        return new CommonmarkParser();
    }
}
