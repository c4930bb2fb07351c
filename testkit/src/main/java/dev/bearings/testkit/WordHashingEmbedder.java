package dev.bearings.testkit;

import dev.bearings.core.chunk.Words;
import dev.bearings.core.embed.Embedder;
import dev.bearings.core.embed.Embedding;
import dev.bearings.core.embed.Vectors;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A deterministic stand-in for an embedding model, for tests that need vectors but not a model: each
 * word (lower case) adds a fixed random vector seeded by the word, and the sum is normalised, so texts
 * that share words are close, as a model's would be. A text is one token per word plus two special
 * ones; a longer text than the window is cut to its first words, and says so.
 */
public final class WordHashingEmbedder implements Embedder {
    private final int dimension;
    private final int maxTokens;
    private final AtomicInteger embedded = new AtomicInteger();

    public WordHashingEmbedder(int dimension, int maxTokens) {
        if (dimension < 1 || maxTokens < 3) {
            throw new IllegalArgumentException("dimension must be at least 1 and the window at least 3");
        }
        this.dimension = dimension;
        this.maxTokens = maxTokens;
    }

    @Override
    public String modelId() {
        return "word-hashing/" + dimension;
    }

    @Override
    public int dimension() {
        return dimension;
    }

    @Override
    public int maxTokens() {
        return maxTokens;
    }

    @Override
    public int countTokens(String text) {
        return 2 + Words.count(text);
    }

    /** How many texts this embedder has embedded so far. */
    public int embedded() {
        return embedded.get();
    }

    @Override
    public List<Embedding> embed(List<String> texts) {
        List<Embedding> out = new ArrayList<>(texts.size());
        for (String text : texts) {
            int[] starts = Words.starts(text, 0, text.length());
            int read = Math.min(starts.length, maxTokens - 2);
            float[] vector = new float[dimension];
            for (int w = 0; w < read; w++) {
                int end = w + 1 < starts.length ? starts[w + 1] : text.length();
                String word = text.substring(starts[w], end).strip().toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}]+$", "");
                Random random = new Random(word.hashCode());
                for (int d = 0; d < dimension; d++) {
                    vector[d] += (float) random.nextGaussian();
                }
            }
            embedded.incrementAndGet();
            out.add(new Embedding(Vectors.normalize(vector), starts.length + 2, starts.length + 2 > maxTokens));
        }
        return out;
    }

    @Override
    public void close() {
    }
}
