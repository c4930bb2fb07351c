package dev.bearings.eval;

import dev.bearings.core.embed.Embedder;
import dev.bearings.core.embed.Embedding;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * An embedder that embeds each distinct text once and then remembers it, so that an evaluation suite
 * can index the same datasets into several stores at the cost of one. It changes no vector, so
 * scores are the same as without it. The whole suite's vectors take about 100 MB. Given a folder, it
 * also keeps them there ({@link VectorFile}), so that a later run, or a killed one run again, embeds
 * only what no run has embedded before.
 */
public final class RememberingEmbedder implements Embedder {
    private final Embedder embedder;
    private final Map<String, Embedding> passages = new ConcurrentHashMap<>();
    private final Map<String, Embedding> queries = new ConcurrentHashMap<>();
    private final Map<String, Integer> tokens = new ConcurrentHashMap<>();
    private final AtomicLong embedded = new AtomicLong();
    private final AtomicLong reused = new AtomicLong();
    private final Optional<VectorFile> file;

    public RememberingEmbedder(Embedder embedder) {
        this.embedder = embedder;
        this.file = Optional.empty();
    }

    /** Remembers across runs too, in {@code folder} (one file per model). */
    public RememberingEmbedder(Embedder embedder, Path folder) {
        this.embedder = embedder;
        VectorFile vectors = VectorFile.open(folder, embedder.modelId(), embedder.dimension());
        vectors.load(passages, queries);
        this.file = Optional.of(vectors);
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
        List<String> keys = texts.stream().map(VectorFile::key).toList();
        Map<String, String> missing = new LinkedHashMap<>();
        for (int i = 0; i < texts.size(); i++) {
            if (!passages.containsKey(keys.get(i))) {
                missing.putIfAbsent(keys.get(i), texts.get(i));
            }
        }
        if (!missing.isEmpty()) {
            List<Embedding> fresh = embedder.embed(List.copyOf(missing.values()));
            int i = 0;
            for (String key : missing.keySet()) {
                Embedding embedding = fresh.get(i++);
                passages.put(key, embedding);
                file.ifPresent(f -> f.addPassage(key, embedding));
            }
        }
        embedded.addAndGet(missing.size());
        reused.addAndGet(texts.size() - missing.size());
        return keys.stream().map(passages::get).toList();
    }

    @Override
    public Embedding embedQuery(String query) {
        return queries.computeIfAbsent(VectorFile.key(query), key -> {
            Embedding embedding = embedder.embedQuery(query);
            file.ifPresent(f -> f.addQuery(key, embedding));
            return embedding;
        });
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
        try {
            file.ifPresent(VectorFile::close);
        } finally {
            embedder.close();
        }
    }
}
