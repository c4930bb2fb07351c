package dev.bearings.embedding.onnx;

import dev.bearings.core.embed.Embedder;
import dev.bearings.embedding.support.EmbedderSettings;
import dev.bearings.embedding.support.EngineProvider;

/** Offers {@link OnnxEmbedder} as the embedder named {@code onnx} (the default). */
public final class OnnxEmbedderProvider extends EngineProvider {

    @Override
    public String name() {
        return "onnx";
    }

    @Override
    public String description() {
        return "ONNX Runtime with the model's own tokenizer; " + models();
    }

    @Override
    protected Embedder create(EmbedderSettings settings) {
        return new OnnxEmbedder(settings);
    }
}
