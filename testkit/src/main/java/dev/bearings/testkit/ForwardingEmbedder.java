package dev.bearings.testkit;

import dev.bearings.core.embed.Embedder;
import dev.bearings.core.embed.Embedding;

import java.util.List;

/**
 * A model that passes every call to another: a test overrides the calls it wants to watch or to hold
 * (a model kept open when shared, a sync held half-way).
 */
public class ForwardingEmbedder implements Embedder {
    private final Embedder model;

    public ForwardingEmbedder(Embedder model) {
        this.model = model;
    }

    @Override
    public String modelId() {
        return model.modelId();
    }

    @Override
    public int dimension() {
        return model.dimension();
    }

    @Override
    public int maxTokens() {
        return model.maxTokens();
    }

    @Override
    public int countTokens(String text) {
        return model.countTokens(text);
    }

    @Override
    public List<Embedding> embed(List<String> texts) {
        return model.embed(texts);
    }

    @Override
    public Embedding embedQuery(String query) {
        return model.embedQuery(query);
    }

    @Override
    public void close() {
        model.close();
    }
}
