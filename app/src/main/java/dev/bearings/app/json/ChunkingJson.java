package dev.bearings.app.json;

import dev.bearings.core.index.IndexRecipe;

/**
 * How an index cuts notes into passages, field by field, as {@code bearings status --json} and the MCP
 * tool {@code index_status} give it: a program reads the numbers, not a sentence.
 *
 * @param tokenWindow the model's window in tokens that passages are kept within; null when passages are
 *                    cut by words alone
 * @param prefix      what is embedded before each passage's text: {@code title > path}, or {@code none}
 */
public record ChunkingJson(int maxWords, int minWords, int overlapWords, Integer tokenWindow, String prefix, String parser) {

    public static ChunkingJson of(IndexRecipe recipe) {
        return new ChunkingJson(recipe.rules().maxWords(), recipe.rules().minWords(), recipe.rules().overlapWords(),
                recipe.tokenBudget() ? recipe.window() : null, recipe.prefix().label(), recipe.parser());
    }
}
