package dev.bearings.parser.flexmark;

import dev.bearings.core.markdown.MarkdownParser;
import dev.bearings.core.plugin.ParserProvider;
import dev.bearings.core.plugin.Settings;

/** Offers {@link FlexmarkParser} as the parser named {@code flexmark}. */
public final class FlexmarkParserProvider implements ParserProvider {

    @Override
    public String name() {
        return "flexmark";
    }

    @Override
    public String description() {
        return "flexmark-java: CommonMark profile and GFM tables";
    }

    @Override
    public MarkdownParser create(Settings settings) {
        return new FlexmarkParser();
    }
}
