package dev.bearings.cli.option;

import dev.bearings.app.index.NewIndex;
import dev.bearings.app.index.OpenedEmbedder;
import dev.bearings.core.embed.Embedder;
import dev.bearings.core.index.IndexRecipe;
import dev.bearings.core.plugin.EmbedderProvider;
import dev.bearings.core.plugin.ProviderRegistry;
import dev.bearings.core.plugin.Settings;
import dev.bearings.embedding.support.EmbedderSettings;
import dev.bearings.embedding.support.EmbeddingModel;
import picocli.CommandLine.Option;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Options that choose and tune the embedder, shared by every command that embeds. Without them, a
 * command on an existing index uses the embedder the index was built with.
 */
public final class EmbedderOptions {
    @Option(names = "--embedder", paramLabel = "NAME",
            description = "Embedding engine: " + NewIndex.EMBEDDER + " (default) or djl, or a plugin's name.")
    String embedder;

    @Option(names = "--model", paramLabel = "MODEL", completionCandidates = ModelNames.class,
            description = "A model by name: " + EmbedderSettings.DEFAULT_MODEL + " (default, in the jar), or bge-small, minilm, "
                    + "minilm-int8 with its jar added (bearings plugins says which are here); or a folder with model.onnx, "
                    + "tokenizer.json and optionally bearings-model.json.")
    String model;

    @Option(names = "--window", paramLabel = "TOKENS",
            description = "Token window, special tokens included (default: the model's: 512 for bge-small, 256 for "
                    + "all-MiniLM-L6-v2; at most 512).")
    Integer window;

    public boolean requested() {
        return embedder != null || model != null || window != null;
    }

    /** The embedder the flags ask for, on top of what {@code built} (an index's recipe, if any) used. */
    public OpenedEmbedder open(ProviderRegistry<EmbedderProvider> registry, Optional<IndexRecipe> built) {
        String name = embedder != null ? embedder : built.map(IndexRecipe::embedder).orElse(NewIndex.EMBEDDER);
        Map<String, String> settings = new TreeMap<>();
        if (built.isPresent() && built.get().embedder().equals(name)) {
            settings.putAll(built.get().embedderSettings());
        }
        if (model != null) {
            // A model directory is remembered by its absolute path, so the index finds it from anywhere.
            settings.put("model", Files.isDirectory(Path.of(model)) ? Path.of(model).toAbsolutePath().normalize().toString() : model);
        }
        if (window != null) {
            settings.put("window", Integer.toString(window));
        }
        boolean namesModels = registry.provider(name).settingNames().contains(EmbedderProvider.MODEL);
        if (namesModels && !settings.containsKey(EmbedderProvider.MODEL) && built.isPresent() && built.get().embedder().equals(name)) {
            // An index made before its model was recorded: the model it names, not today's default.
            settings.put(EmbedderProvider.MODEL, built.get().modelId());
        }
        Embedder created = registry.create(name, Settings.of(settings));
        if (namesModels && !settings.containsKey(EmbedderProvider.MODEL)) {
            settings.put(EmbedderProvider.MODEL, created.modelId());
        }
        return new OpenedEmbedder(name, settings, created);
    }

    public OpenedEmbedder open(ProviderRegistry<EmbedderProvider> registry) {
        return open(registry, Optional.empty());
    }

    /** The models known by name, for completion (a folder is a path, which the shell completes itself). */
    static final class ModelNames extends ArrayList<String> {
        private static final long serialVersionUID = 1L;

        ModelNames() {
            super(EmbeddingModel.BUNDLED);
        }
    }
}
