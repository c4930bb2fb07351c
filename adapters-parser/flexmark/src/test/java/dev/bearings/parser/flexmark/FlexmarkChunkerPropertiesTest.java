package dev.bearings.parser.flexmark;

import dev.bearings.core.markdown.MarkdownParser;
import dev.bearings.testkit.ChunkerProperties;

class FlexmarkChunkerPropertiesTest extends ChunkerProperties {

    @Override
    protected MarkdownParser parser() {
        return new FlexmarkParser();
    }
}
