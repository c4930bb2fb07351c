package dev.bearings.core.chunk;

/** Counts the tokens an embedding model would read for a text, special tokens included. */
@FunctionalInterface
public interface TokenCounter {
    int count(String text);
}
