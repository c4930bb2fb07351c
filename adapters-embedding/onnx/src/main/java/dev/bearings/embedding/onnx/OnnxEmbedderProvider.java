package dev.bearings.embedding.onnx;

import dev.bearings.core.embed.Embedder;
import dev.bearings.core.plugin.EmbedderProvider;
import dev.bearings.core.plugin.Settings;
import dev.bearings.embedding.support.EmbedderSettings;

import java.util.Set;

/** Offers {@link OnnxEmbedder} as the embedder named {@code onnx} (the default). */
public final class OnnxEmbedderProvider implements EmbedderProvider {

    @Override
    public String name() {
        return "onnx";
    }

    @Override
    public String description() {
        return "ONNX Runtime with the model's own tokenizer; all-MiniLM-L6-v2 bundled (the default)";
    }

    @Override
    public Set<String> settingNames() {
        return EmbedderSettings.NAMES;
    }

    @Override
    public Embedder create(Settings settings) {
        EmbedderSettings s = EmbedderSettings.from(settings);
        return new OnnxEmbedder(s.model(), s.window(), s.threads(), s.batch(), s.intraOpThreads(), s.sortByLength());
    }
}
