package dev.bearings.embedding.support;

import dev.bearings.core.embed.Embedder;
import dev.bearings.core.plugin.EmbedderProvider;
import dev.bearings.core.plugin.Settings;

import java.util.Set;

/** What the embedding engines' providers share: the settings they take ({@link EmbedderSettings}), read once. */
public abstract class EngineProvider implements EmbedderProvider {

    @Override
    public final Set<String> settingNames() {
        return EmbedderSettings.NAMES;
    }

    @Override
    public final Embedder create(Settings settings) {
        return create(EmbedderSettings.from(settings));
    }

    /** The engine's embedder, as the settings say. */
    protected abstract Embedder create(EmbedderSettings settings);
}
