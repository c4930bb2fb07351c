package dev.bearings.app.index;

import dev.bearings.core.chunk.ChunkingRules;
import dev.bearings.core.embed.Embedder;
import dev.bearings.core.index.IndexRecipe;

import java.util.Map;

/**
 * What a new index is made with where nothing is asked for, in one place for every driver and for the help
 * that says it. An index already built keeps its own recipe; the model is the embedding engine's to choose
 * ({@code EmbedderSettings.DEFAULT_MODEL}, beside the engines).
 */
public final class NewIndex {
    /** The Markdown parser. */
    public static final String PARSER = "commonmark";
    /** The embedding engine. */
    public static final String EMBEDDER = "onnx";
    /** The store. */
    public static final String STORE = "sqlite";
    /** The chunking rules (decision records 0001 and 0005). */
    public static final ChunkingRules RULES = ChunkingRules.DEFAULT;
    /** Chunks measured in the model's tokens too, so that none is longer than its window. */
    public static final boolean TOKEN_BUDGET = true;
    /** What each chunk is embedded behind: the note's title and the chunk's heading path. */
    public static final IndexRecipe.Prefix PREFIX = IndexRecipe.Prefix.TITLED;

    private NewIndex() {
    }

    /** The recipe of a new index with this parser, these rules and this embedder, the rest as above. */
    public static IndexRecipe recipe(String parser, ChunkingRules rules, String embedderName, Map<String, String> embedderSettings,
                                     Embedder embedder) {
        return IndexRecipe.of(parser, rules, TOKEN_BUDGET, PREFIX, embedderName, embedderSettings, embedder);
    }
}
