package dev.bearings.embedding.support;

import dev.bearings.core.embed.Embedder;
import dev.bearings.core.plugin.EmbedderProvider;
import dev.bearings.core.plugin.Settings;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

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

    /**
     * The models known by name that this build has, the default marked, and those whose jar it lacks:
     * for a provider's description, so that {@code bearings plugins} tells what {@code --model} can take.
     */
    protected static String models() {
        List<String> here = EmbeddingModel.present();
        List<String> absent = EmbeddingModel.BUNDLED.stream().filter(name -> !here.contains(name)).toList();
        return "models here: " + here.stream().map(name -> name.equals(EmbedderSettings.DEFAULT_MODEL) ? name + " (default)" : name)
                .collect(Collectors.joining(", ")) + (absent.isEmpty() ? "" : "; each its own jar, not here: " + String.join(", ", absent));
    }

    /** The engine's embedder, as the settings say. */
    protected abstract Embedder create(EmbedderSettings settings);
}
