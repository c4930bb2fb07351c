package dev.bearings.core.chunk;

import java.util.Objects;

/**
 * A limit on the tokens of every chunk as it is embedded, prefix included. With a budget the
 * chunker cuts wherever the word limit or the token limit comes first, and no chunk with its prefix
 * holds more than {@link #maxChars()} characters.
 */
public record TokenBudget(TokenCounter counter, int maxTokens) {
    /**
     * More characters per token than any text with words in it has (English prose has 4 or 5, code 3);
     * only runs of white space and words the model reads as a single unknown token come near it.
     */
    public static final int MAX_CHARS_PER_TOKEN = 32;

    public TokenBudget {
        Objects.requireNonNull(counter, "counter");
        if (maxTokens < 1) {
            throw new IllegalArgumentException("token budget must be at least 1, was " + maxTokens);
        }
    }

    public boolean fits(String text) {
        return counter.count(text) <= maxTokens;
    }

    /**
     * The most characters a chunk and its prefix may hold together: a longer text is taken not to fit
     * without being counted, so that the counter (the model's tokenizer) is never handed more than this
     * in one call, however large the note.
     */
    public int maxChars() {
        return (int) Math.min(Integer.MAX_VALUE, (long) maxTokens * MAX_CHARS_PER_TOKEN);
    }
}
