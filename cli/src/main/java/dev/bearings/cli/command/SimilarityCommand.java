package dev.bearings.cli.command;

import dev.bearings.app.index.OpenedEmbedder;
import dev.bearings.app.plugin.Plugins;
import dev.bearings.cli.option.EmbedderOptions;
import dev.bearings.core.embed.Embedder;
import dev.bearings.core.embed.Embedding;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

import java.util.List;
import java.util.concurrent.Callable;

/** {@code bearings similarity A B}: the cosine similarity of two texts, a quick check of a model. */
@Command(name = "similarity", mixinStandardHelpOptions = true,
        footerHeading = "%nExample:%n",
        footer = {"  bearings similarity \"set up the VPN\" \"configure WireGuard\""},
        description = "Print the cosine similarity of two texts under the embedding model.")
public final class SimilarityCommand implements Callable<Integer> {
    private final Plugins plugins;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "A")
    private String first;

    @Parameters(index = "1", paramLabel = "B")
    private String second;

    @Mixin
    private EmbedderOptions embedderOptions = new EmbedderOptions();

    SimilarityCommand(Plugins plugins) {
        this.plugins = plugins;
    }

    @Override
    public Integer call() {
        try (OpenedEmbedder opened = embedderOptions.open(plugins.embedders())) {
            Embedder embedder = opened.embedder();
            List<Embedding> vectors = embedder.embed(List.of(first, second));
            for (int i = 0; i < 2; i++) {
                if (vectors.get(i).truncated()) {
                    spec.commandLine().getErr().printf("bearings: text %s has %d tokens; the model read the first %d%n",
                            i == 0 ? "A" : "B", vectors.get(i).tokens(), embedder.maxTokens());
                }
            }
            spec.commandLine().getOut().printf("%.4f%n", vectors.get(0).cosine(vectors.get(1)));
        }
        return 0;
    }
}
