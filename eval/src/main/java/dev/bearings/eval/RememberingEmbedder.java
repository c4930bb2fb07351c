package dev.bearings.eval;

import dev.bearings.core.embed.Embedder;
import dev.bearings.core.embed.Embedding;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * An embedder that embeds each distinct text once and then remembers it, so that an evaluation suite
 * can index the same datasets into several stores at the cost of one. It changes no vector, so
 * scores are the same as without it. The whole suite's vectors take about 100 MB.
 */
public final class RememberingEmbedder implements Embedder {
    private final Embedder embedder;
    private final Map<String, Embedding> passages = new ConcurrentHashMap<>();
    private final Map<String, Embedding> queries = new ConcurrentHashMap<>();
    private final Map<String, Integer> tokens = new ConcurrentHashMap<>();
    private final AtomicLong embedded = new AtomicLong();
    private final AtomicLong reused = new AtomicLong();

    public RememberingEmbedder(Embedder embedder) {
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
        return tokens.computeIfAbsent(text, embedder::countTokens);
    }

    @Override
    public List<Embedding> embed(List<String> texts) {
        List<String> missing = new ArrayList<>(new LinkedHashSet<>(texts));
        missing.removeIf(passages::containsKey);
        if (!missing.isEmpty()) {
            List<Embedding> fresh = embedder.embed(missing);
            for (int i = 0; i < missing.size(); i++) {
                passages.put(missing.get(i), fresh.get(i));
            }
        }
        embedded.addAndGet(missing.size());
        reused.addAndGet(texts.size() - missing.size());
        return texts.stream().map(passages::get).toList();
    }

    @Override
    public Embedding embedQuery(String query) {
        return queries.computeIfAbsent(query, embedder::embedQuery);
    }

    /** Texts remembered so far, passages and queries. */
    public int remembered() {
        return passages.size() + queries.size();
    }

    /** Passages embedded so far, each distinct text once. */
    public long embedded() {
        return embedded.get();
    }

    /** Passages asked for again and served from memory. */
    public long reused() {
        return reused.get();
    }

    @Override
    public void close() {
        embedder.close();
    }
}
