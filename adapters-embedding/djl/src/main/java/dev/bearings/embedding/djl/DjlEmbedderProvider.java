package dev.bearings.embedding.djl;

import dev.bearings.core.embed.Embedder;
import dev.bearings.embedding.support.EmbedderSettings;
import dev.bearings.embedding.support.EngineProvider;

/** Offers {@link DjlEmbedder} as the embedder named {@code djl}. */
public final class DjlEmbedderProvider extends EngineProvider {

    @Override
    public String name() {
        return "djl";
    }

    @Override
    public String description() {
        return "DJL Predictor API on its ONNX Runtime engine; same model and vectors as onnx";
    }

    @Override
    protected Embedder create(EmbedderSettings settings) {
        return new DjlEmbedder(settings);
    }
}
