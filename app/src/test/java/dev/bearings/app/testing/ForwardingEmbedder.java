package dev.bearings.app.testing;

import dev.bearings.core.embed.Embedder;
import dev.bearings.core.embed.Embedding;

import java.util.List;

/** A model that does what another does, for a test's wrapper to change one thing of it. */
abstract class ForwardingEmbedder implements Embedder {
    private final Embedder model;

    ForwardingEmbedder(Embedder model) {
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
