package dev.bearings.core.plugin;

import dev.bearings.core.markdown.MarkdownParser;

/** Provides a {@link MarkdownParser}; list implementations in {@code META-INF/services}. */
public interface ParserProvider extends Provider<MarkdownParser> {
}
