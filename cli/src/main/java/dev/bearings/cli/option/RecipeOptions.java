package dev.bearings.cli.option;

import dev.bearings.app.index.NewIndex;
import dev.bearings.app.index.OpenedEmbedder;
import dev.bearings.app.index.OpenedRecipe;
import dev.bearings.core.chunk.ChunkingRules;
import dev.bearings.core.index.IndexRecipe;
import dev.bearings.core.markdown.MarkdownParser;
import dev.bearings.core.plugin.EmbedderProvider;
import dev.bearings.core.plugin.ParserProvider;
import dev.bearings.core.plugin.ProviderRegistry;
import dev.bearings.core.plugin.Settings;
import picocli.CommandLine.Mixin;
import picocli.CommandLine;

import java.util.Optional;

/**
 * The flags that make an index recipe (parser, chunking rules, embedder), for every command that
 * indexes. Flags not given keep what the index was built with, so that a plain {@code bearings index}
 * or {@code bearings mcp} syncs and searches with the index's own recipe; a new index starts from the
 * defaults.
 */
public final class RecipeOptions {
    @Mixin
    ChunkingOptions chunking = new ChunkingOptions();

    @Mixin
    EmbedderOptions embedder = new EmbedderOptions();

    /** The recipe these flags make on top of {@code built} (an index's own recipe, when there is one). */
    public OpenedRecipe open(CommandLine commandLine, ProviderRegistry<ParserProvider> parsers,
                ProviderRegistry<EmbedderProvider> embedders, Optional<IndexRecipe> built) {
        String parserName = chunking.parser(built.map(IndexRecipe::parser).orElse(NewIndex.PARSER));
        ChunkingRules rules = chunking.rules(commandLine, built.map(IndexRecipe::rules).orElse(NewIndex.RULES));
        MarkdownParser parser = parsers.create(parserName, Settings.NONE);
        OpenedEmbedder opened = embedder.open(embedders, built);
        IndexRecipe recipe = IndexRecipe.of(parserName, rules, built.map(IndexRecipe::tokenBudget).orElse(NewIndex.TOKEN_BUDGET),
                built.map(IndexRecipe::prefix).orElse(NewIndex.PREFIX), opened.name(), opened.settings(),
                opened.embedder());
        return new OpenedRecipe(parser, opened, recipe);
    }
}
