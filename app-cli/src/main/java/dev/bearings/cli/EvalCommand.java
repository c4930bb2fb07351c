package dev.bearings.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.bearings.core.plugin.Settings;
import dev.bearings.core.search.Fusion;
import dev.bearings.core.usecase.SearchNotes;
import dev.bearings.eval.EvalDataset;
import dev.bearings.eval.RetrievalEvaluation;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import javax.inject.Inject;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;

/** {@code bearings eval}: retrieval quality of the whole pipeline on a dataset, in a throwaway index. */
@Command(name = "eval", mixinStandardHelpOptions = true,
        description = {"Measure retrieval quality on a dataset: a BEIR folder (document level) or ObliQA (passage level).",
                "Indexes into a temporary folder, which is deleted afterwards."})
final class EvalCommand implements Callable<Integer> {
    private final Plugins plugins;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @CommandLine.ArgGroup(exclusive = true, multiplicity = "1")
    private DatasetChoice dataset;

    static final class DatasetChoice {
        @Option(names = "--beir", paramLabel = "DIR", description = "BEIR folder: corpus.jsonl[.gz], queries.jsonl, qrels/.")
        Path beir;

        @Option(names = "--obliqa", paramLabel = "DIR", description = "ObliQA folder: markdown/, passages.jsonl, queries and qrels.")
        Path obliqa;
    }

    @Option(names = "--split", defaultValue = "test", description = "BEIR qrels split (default: test).")
    private String split;

    @Option(names = "--queries", paramLabel = "N", description = "Use only the first N judged queries.")
    private int maxQueries = Integer.MAX_VALUE;

    @Option(names = "--distractors", paramLabel = "N",
            description = "BEIR: index only the judged documents of those queries plus N others (default: all).")
    private int distractors = Integer.MAX_VALUE;

    @Option(names = "--mode", defaultValue = "all", description = "all (default), hybrid, vector or keyword.")
    private String mode;

    @Option(names = "--fusion", paramLabel = "SPEC", description = "How hybrid mode fuses the lists: "
            + "rrf:k=10,vw=1,kw=2, convex:alpha=0.5 or adaptive:k=10,vw=1,kwmin=0.5,kwmax=3; repeat to measure "
            + "several from the same lists (default: the search default).")
    private List<String> fusionSpecs = List.of();

    @Option(names = "--store", defaultValue = "sqlite", description = "Index kind: sqlite (default) or lucene.")
    private String store;

    @Option(names = "--json", description = "Print the results as JSON.")
    private boolean json;

    @Mixin
    private RecipeOptions recipeOptions = new RecipeOptions();

    @Inject
    EvalCommand(Plugins plugins) {
        this.plugins = plugins;
    }

    @Override
    public Integer call() throws Exception {
        List<SearchNotes.Mode> modes = modes();
        EvalDataset data = dataset.beir != null ? EvalDataset.beir(dataset.beir, split, maxQueries, distractors)
                : EvalDataset.obliqa(dataset.obliqa, maxQueries);
        try (RecipeOptions.Opened opened = recipeOptions.open(spec.commandLine(), plugins.parsers(), plugins.embedders(), Optional.empty())) {
            RetrievalEvaluation.Setup setup = new RetrievalEvaluation.Setup(store, plugins.stores().create(store, Settings.NONE),
                    opened.parser(), opened.recipe(), modes, fusions());
            print(RetrievalEvaluation.run(data, setup, opened.embedder().embedder()));
        }
        return 0;
    }

    private List<SearchNotes.Mode> modes() {
        if (mode.equalsIgnoreCase("all")) {
            return List.of(SearchNotes.Mode.values());
        }
        try {
            return List.of(SearchNotes.Mode.valueOf(mode.toUpperCase(Locale.ROOT)));
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--mode must be all, hybrid, vector or keyword, not '" + mode + "'");
        }
    }

    private List<Fusion> fusions() {
        if (fusionSpecs.isEmpty()) {
            return List.of(Fusion.DEFAULT);
        }
        List<Fusion> fusions = new ArrayList<>();
        for (String fusionSpec : fusionSpecs) {
            try {
                fusions.add(Fusion.parse(fusionSpec));
            } catch (IllegalArgumentException e) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--fusion: " + e.getMessage());
            }
        }
        return fusions;
    }

    private void print(List<RetrievalEvaluation.Row> rows) throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.println(new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(rows));
            return;
        }
        out.printf("%-12s %-7s %-8s %-30s %7s %8s %7s %7s %8s %7s %7s %8s %8s%n", "dataset", "store", "mode", "fusion", "queries",
                "nDCG@10", "R@5", "R@10", "R@100", "MRR@10", "chunks", "index s", "index MB");
        for (RetrievalEvaluation.Row r : rows) {
            out.printf("%-12s %-7s %-8s %-30s %7d %8.4f %7.4f %7.4f %8s %7.4f %7d %8.1f %8.1f%n", r.dataset(), r.store(), r.mode(),
                    r.fusion(), r.queries(), r.ndcg10(), r.recall5(), r.recall10(),
                    Double.isNaN(r.recall100()) ? "-" : String.format("%.4f", r.recall100()), r.mrr10(), r.chunks(),
                    r.indexSeconds(), r.indexMegabytes());
        }
    }
}
