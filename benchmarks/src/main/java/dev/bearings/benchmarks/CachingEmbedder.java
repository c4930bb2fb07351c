package dev.bearings.benchmarks;

import dev.bearings.core.embed.Embedder;
import dev.bearings.core.embed.Embedding;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * An embedder that remembers every text it embedded, so that a sweep over chunking rules embeds each
 * distinct chunk text once, whichever configurations cut it alike. Counts what it embedded and reused.
 */
final class CachingEmbedder implements Embedder {
    private final Embedder embedder;
    private final Map<String, Embedding> cache = new HashMap<>();
    private long embedded;
    private long reused;

    CachingEmbedder(Embedder embedder) {
        this.embedder = embedder;
    }

    @Override
    public String modelId() {
        return embedder.modelId();
    }

    @Override
    public int dimension() {
        return embedder.dimension();
    }

    @Override
    public int maxTokens() {
        return embedder.maxTokens();
    }

    @Override
    public int countTokens(String text) {
        return embedder.countTokens(text);
    }

    @Override
    public synchronized List<Embedding> embed(List<String> texts) {
        List<String> missing = new ArrayList<>(new LinkedHashSet<>(texts));
        missing.removeIf(cache::containsKey);
        if (!missing.isEmpty()) {
            List<Embedding> fresh = embedder.embed(missing);
            for (int i = 0; i < missing.size(); i++) {
                cache.put(missing.get(i), fresh.get(i));
            }
        }
        embedded += missing.size();
        reused += texts.size() - missing.size();
        List<Embedding> all = new ArrayList<>(texts.size());
        texts.forEach(text -> all.add(cache.get(text)));
        return all;
    }

    /** Texts embedded and texts served from the cache so far. */
    synchronized long[] counts() {
        return new long[]{embedded, reused};
    }

    @Override
    public void close() {
        embedder.close();
    }
}
