package dev.bearings.cli;

import dev.bearings.core.embed.Embedder;
import dev.bearings.core.plugin.EmbedderProvider;
import dev.bearings.core.plugin.ProviderRegistry;
import dev.bearings.core.plugin.Settings;
import picocli.CommandLine.Option;

import java.util.LinkedHashMap;
import java.util.Map;

/** Options that choose and tune the embedder, shared by every command that embeds. */
final class EmbedderOptions {

    @Option(names = "--embedder", paramLabel = "NAME",
            description = "Embedding engine: onnx (default) or djl, or a plugin's name.")
    String embedder;

    @Option(names = "--model", paramLabel = "MODEL",
            description = "fp32 (default), int8, or a directory with model.onnx and tokenizer.json.")
    String model;

    @Option(names = "--window", paramLabel = "TOKENS",
            description = "Token window, special tokens included (default: the model's, 256 for all-MiniLM-L6-v2; at most 512).")
    Integer window;

    boolean requested() {
        return embedder != null || model != null || window != null;
    }

    Embedder open(ProviderRegistry<EmbedderProvider> registry) {
        Map<String, String> settings = new LinkedHashMap<>();
        if (model != null) {
            settings.put("model", model);
        }
        if (window != null) {
            settings.put("window", Integer.toString(window));
        }
        return registry.create(embedder == null ? "onnx" : embedder, Settings.of(settings));
    }
}
