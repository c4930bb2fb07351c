package dev.bearings.parser.commonmark;

import dev.bearings.core.markdown.MarkdownParser;
import dev.bearings.core.plugin.ParserProvider;
import dev.bearings.core.plugin.Settings;

/** Offers {@link CommonmarkParser} as the parser named {@code commonmark}. */
public final class CommonmarkParserProvider implements ParserProvider {

    @Override
    public String name() {
        return "commonmark";
    }

    @Override
    public String description() {
        return "commonmark-java: CommonMark 0.31.2 and GFM tables (the default)";
    }

    @Override
    public MarkdownParser create(Settings settings) {
        return new CommonmarkParser();
    }
}
