package dev.bearings.embedding.djl;

import dev.bearings.core.embed.Embedder;
import dev.bearings.core.plugin.EmbedderProvider;
import dev.bearings.core.plugin.Settings;
import dev.bearings.embedding.support.EmbedderSettings;

import java.util.Set;

/** Offers {@link DjlEmbedder} as the embedder named {@code djl}. */
public final class DjlEmbedderProvider implements EmbedderProvider {

    @Override
    public String name() {
        return "djl";
    }

    @Override
    public String description() {
        return "DJL Predictor API on its ONNX Runtime engine; same model and vectors as onnx";
    }

    @Override
    public Set<String> settingNames() {
        return EmbedderSettings.NAMES;
    }

    @Override
    public Embedder create(Settings settings) {
        EmbedderSettings s = EmbedderSettings.from(settings);
        return new DjlEmbedder(s.model(), s.window(), s.threads(), s.batch(), s.intraOpThreads(), s.sortByLength());
    }
}
