package dev.bearings.cli.command;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.bearings.app.index.NewIndex;
import dev.bearings.app.index.OpenedRecipe;
import dev.bearings.app.plugin.Plugins;
import dev.bearings.app.plugin.ProviderSpec;
import dev.bearings.cli.option.RecipeOptions;
import dev.bearings.core.index.ChunkIndexStore;
import dev.bearings.core.markdown.MarkdownParser;
import dev.bearings.core.plugin.Settings;
import dev.bearings.core.search.Fusion;
import dev.bearings.core.usecase.SearchNotes;
import dev.bearings.eval.EvalDataset;
import dev.bearings.eval.EvalSuite;
import dev.bearings.eval.PersonalNotes;
import dev.bearings.eval.RememberingEmbedder;
import dev.bearings.eval.RetrievalEvaluation;
import dev.bearings.eval.SuiteReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;

/** {@code bearings eval}: retrieval quality of the whole pipeline on datasets, in throwaway indexes. */
@Command(name = "eval", mixinStandardHelpOptions = true,
        footerHeading = "%nExample:%n",
        footer = {"  bearings eval --suite --store sqlite,lucene --vector-cache ~/bearings-vectors"},
        description = {"Measure retrieval quality: on one dataset (a BEIR folder, ObliQA, the personal-notes set) or on the "
                + "whole suite, in every store asked for.",
                "Indexes into temporary folders, which are deleted afterwards."})
public final class EvalCommand implements Callable<Integer> {
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

        @Option(names = "--personal", paramLabel = "DIR", description = "The personal-notes set: notes/ and questions.jsonl, "
                + "judged at note and at section level, and, when beside them, unanswerable.jsonl: questions the notes do not "
                + "answer, which should find no strong match.")
        Path personal;

        @Option(names = "--suite", description = "Every dataset: SciFact, ObliQA dev, ArguAna, JSQuAD and personal-notes-b from the "
                + "shared data folder (--data), and the project's own personal-notes set (--project-set).")
        boolean suite;
    }

    // Relative to where the command runs: the project's folder, as the benchmarks' commands are written.
    @Option(names = "--data", paramLabel = "DIR", defaultValue = "../shared/data", description = "With --suite: the shared data "
            + "folder, which holds the suite's datasets by name (default: ../shared/data).")
    private Path data;

    @Option(names = "--project-set", paramLabel = "DIR", defaultValue = "eval/personal-notes", description = "With --suite or "
            + "--personal: the project's own personal-notes set, measured with the suite, and the one a changed set is "
            + "said to differ from (default: eval/personal-notes).")
    private Path projectSet;

    @Option(names = "--split", paramLabel = "SPLIT", defaultValue = "test", description = "BEIR qrels split (default: test).")
    private String split;

    @Option(names = "--queries", paramLabel = "N", description = "Use only the first N judged queries of each dataset.")
    private int maxQueries = Integer.MAX_VALUE;

    @Option(names = "--distractors", paramLabel = "N",
            description = "BEIR: index only the judged documents of those queries plus N others (default: all).")
    private int distractors = Integer.MAX_VALUE;

    @Option(names = "--named-by-id", description = "BEIR: write each document as a note named by its id with its title "
            + "as a leading # heading, as an export of notes with opaque file names would be.")
    private boolean namedById;

    @Option(names = "--mode", paramLabel = "MODE", defaultValue = "all", description = "all (default), hybrid, vector or keyword.")
    private String mode;

    @Option(names = "--fusion", paramLabel = "SPEC", description = "How hybrid mode fuses the lists: "
            + "query-aware:bias=0.5,coverage=2,script=2,spread=-2, rrf:k=10,vw=1,kw=2, convex:alpha=0.5 or "
            + "adaptive:k=10,vw=1,kwmin=0.5,kwmax=3; repeat to measure several from the same lists (default: the one "
            + "measured for the model).")
    private List<String> fusionSpecs = List.of();

    @Option(names = "--store", split = ProviderSpec.LIST_SPLIT, splitSynopsisLabel = ",", paramLabel = "NAME[:KEY=VALUE,...]",
            defaultValue = NewIndex.STORE,
            description = "Index kinds, comma-separated: " + NewIndex.STORE + " (default), lucene, solr:url=http://HOST:8983/solr[,...], "
                    + "or a plugin's name.")
    private List<String> stores;

    @Option(names = "--vector-cache", paramLabel = "DIR", description = "Keep every vector embedded in DIR, so that a later "
            + "run (other rules, stores or fusions, or this one after it was stopped) embeds only what no run embedded before.")
    private Path vectorCache;

    @Option(names = "--json", description = "Print the results as JSON.")
    private boolean json;

    @Option(names = "--save", paramLabel = "FILE", description = "Also write the results as JSON to FILE.")
    private Path save;

    @Mixin
    private RecipeOptions recipeOptions = new RecipeOptions();

    EvalCommand(Plugins plugins) {
        this.plugins = plugins;
    }

    @Override
    public Integer call() throws Exception {
        CommandLine.ParseResult given = spec.commandLine().getParseResult();
        if (!dataset.suite && given.hasMatchedOption("--data")) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--data goes with --suite");
        }
        if (!dataset.suite && dataset.personal == null && given.hasMatchedOption("--project-set")) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--project-set goes with --suite or --personal");
        }
        List<SearchNotes.Mode> modes = modes();
        List<Fusion> fusions = fusions();
        // Made once, before the model loads: a bad name or setting is said at once.
        List<Map.Entry<String, ChunkIndexStore>> made = new ArrayList<>();
        for (String store : stores) {
            ProviderSpec named = ProviderSpec.parse(store);
            made.add(Map.entry(named.name(), plugins.stores().create(named.name(), named.settings())));
        }
        List<RetrievalEvaluation.Row> rows = new ArrayList<>();
        try (OpenedRecipe opened = recipeOptions.open(spec.commandLine(), plugins.parsers(), plugins.embedders(), Optional.empty())) {
            // Closed with the embedder it wraps, which belongs to the recipe.
            RememberingEmbedder embedder = vectorCache == null ? new RememberingEmbedder(opened.embedder().embedder())
                    : new RememberingEmbedder(opened.embedder().embedder(), vectorCache);
            List<String> notices = new ArrayList<>();
            for (EvalSuite.Loader loader : loaders(opened.parser(), notices)) {
                EvalDataset data = loader.load();
                for (Map.Entry<String, ChunkIndexStore> store : made) {
                    RetrievalEvaluation.Setup setup = new RetrievalEvaluation.Setup(store.getKey(), store.getValue(),
                            opened.parser(), opened.recipe(), modes, fusions);
                    long started = System.nanoTime();
                    rows.addAll(RetrievalEvaluation.run(data, setup, embedder));
                    // A suite runs for many minutes: say what is done as it goes.
                    spec.commandLine().getErr().printf(Locale.ROOT, "bearings: measured %s in %s (%d queries, %.0f s)%n",
                            data.name(), store.getKey(), data.queries().size(), (System.nanoTime() - started) / 1e9);
                    spec.commandLine().getErr().flush();
                }
            }
            print(rows, opened.recipe().model(), notices);
        }
        return 0;
    }

    private List<EvalSuite.Loader> loaders(MarkdownParser parser, List<String> notices) throws IOException {
        List<EvalSuite.Loader> loaders = new ArrayList<>();
        EvalSuite.FolderSources folders = dir -> plugins.sources().create("folder", Settings.of(Map.of("path", dir.toString())));
        try {
            if (dataset.beir != null) {
                loaders.add(() -> {
                    EvalDataset beir = EvalDataset.beir(dataset.beir, split, maxQueries, distractors);
                    return namedById ? beir.namedById() : beir;
                });
            } else if (dataset.obliqa != null) {
                loaders.add(() -> EvalDataset.obliqa(dataset.obliqa, maxQueries));
            } else if (dataset.personal != null) {
                notices.add(checksumNotice(dataset.personal));
                loaders.addAll(EvalSuite.personal(dataset.personal, folders, parser, maxQueries));
            } else {
                loaders.addAll(EvalSuite.loaders(data, projectSet, folders, parser, maxQueries, distractors));
                notices.add(checksumNotice(projectSet));
                notices.add(checksumNotice(data.resolve("personal-notes-b")));
            }
        } catch (IOException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), dataset.suite ? "--suite: " + e.getMessage()
                    + " (--data DIR gives the shared data folder, --project-set DIR the project's own set)" : e.getMessage());
        }
        return loaders;
    }

    private String checksumNotice(Path dir) throws IOException {
        return PersonalNotes.notice(dir, projectSet);
    }

    private List<SearchNotes.Mode> modes() {
        if (mode.equalsIgnoreCase("all")) {
            return List.of(SearchNotes.Mode.values());
        }
        try {
            return List.of(SearchNotes.Mode.parse(mode));
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--mode must be all, hybrid, vector or keyword, not '" + mode + "'");
        }
    }

    private List<Fusion> fusions() {
        // None asked for: each evaluation fuses with its recipe's, the one measured for the model.
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

    private void print(List<RetrievalEvaluation.Row> rows, String model, List<String> notices) throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        String asJson = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(rows);
        if (save != null) {
            Files.writeString(save, asJson);
        }
        if (json) {
            out.println(asJson);
            return;
        }
        out.println("model " + model);
        notices.forEach(out::println);
        if (dataset.suite) {
            SuiteReport.print(rows, out);
            return;
        }
        out.printf("%-18s %-7s %-8s %-30s %-12s %7s %8s %7s %7s %8s %7s %7s %7s %8s %8s%n", "dataset", "store", "mode", "fusion",
                "kind", "queries", "nDCG@10", "R@5", "R@10", "R@100", "MRR@10", "strong", "chunks", "index s", "index MB");
        for (RetrievalEvaluation.Row r : rows) {
            out.printf("%-18s %-7s %-8s %-30s %-12s %7d %8s %7s %7s %8s %7s %7s %7d %8.1f %8.1f%n", r.dataset(), r.store(),
                    r.mode(), r.fusion(), r.group(), r.queries(), fixed(r.ndcg10()), fixed(r.recall5()), fixed(r.recall10()),
                    fixed(r.recall100()), fixed(r.mrr10()), String.format(Locale.ROOT, "%.1f%%", 100 * r.strong()), r.chunks(),
                    r.indexSeconds(), r.indexMegabytes());
        }
        out.printf("strong: of answered questions, the share whose first right hit among the first %d is a strong match; "
                + "of %s ones, the share with any strong hit among the first %d%n", RetrievalEvaluation.SHOWN,
                RetrievalEvaluation.UNANSWERABLE, RetrievalEvaluation.SHOWN);
    }

    private static String fixed(double value) {
        return Double.isNaN(value) ? "-" : String.format(Locale.ROOT, "%.4f", value);
    }
}
