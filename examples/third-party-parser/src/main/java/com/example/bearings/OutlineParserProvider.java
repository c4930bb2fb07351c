package com.example.bearings;

import dev.bearings.core.markdown.MarkdownParser;
import dev.bearings.core.plugin.ParserProvider;
import dev.bearings.core.plugin.Settings;

/** Listed in META-INF/services: that line is all it takes for bearings to offer {@code --parser outline}. */
public final class OutlineParserProvider implements ParserProvider {

    @Override
    public String name() {
        return "outline";
    }

    @Override
    public String description() {
        return "example plugin: # lines are headings, fences are code";
    }

    @Override
    public MarkdownParser create(Settings settings) {
        return new OutlineParser();
    }
}
