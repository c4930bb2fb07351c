package dev.bearings.core.chunk;

import java.util.Objects;

/**
 * A limit on the tokens of every chunk as it is embedded, prefix included. With a budget the
 * chunker cuts wherever the word limit or the token limit comes first.
 */
public record TokenBudget(TokenCounter counter, int maxTokens) {

    public TokenBudget {
        Objects.requireNonNull(counter, "counter");
        if (maxTokens < 1) {
            throw new IllegalArgumentException("token budget must be at least 1, was " + maxTokens);
        }
    }

    public boolean fits(String text) {
        return counter.count(text) <= maxTokens;
    }
}
