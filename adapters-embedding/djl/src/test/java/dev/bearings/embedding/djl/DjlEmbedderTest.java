package dev.bearings.embedding.djl;

import dev.bearings.core.embed.Embedder;
import dev.bearings.core.plugin.Settings;
import dev.bearings.testkit.MiniLmReferenceScores;

class DjlEmbedderTest extends MiniLmReferenceScores {

    @Override
    protected Embedder createEmbedder() {
        return new DjlEmbedderProvider().create(Settings.of(java.util.Map.of("model", "minilm")));
    }
}
