package dev.bearings.benchmarks;

import dev.bearings.core.chunk.ChunkingRules;
import dev.bearings.core.embed.Embedder;
import dev.bearings.core.index.IndexRecipe;
import dev.bearings.core.plugin.Settings;
import dev.bearings.core.usecase.SearchNotes;
import dev.bearings.embedding.onnx.OnnxEmbedderProvider;
import dev.bearings.embedding.support.EmbedderSettings;
import dev.bearings.eval.EvalDataset;
import dev.bearings.eval.PersonalNotes;
import dev.bearings.eval.RememberingEmbedder;
import dev.bearings.eval.RetrievalEvaluation;
import dev.bearings.parser.commonmark.CommonmarkParser;
import dev.bearings.source.files.FolderSource;
import dev.bearings.store.sqlite.SqliteIndexProvider;
import dev.bearings.testprocess.ProjectData;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Which chunking rules retrieve best? Runs {@code bearings eval}'s evaluation over a grid of rules, with
 * the model asked for and its default fusion, hybrid and vector, on the datasets where a chunk's size
 * shows: ObliQA dev (passage-level), both personal-notes sets at section level, and SciFact test. It
 * embeds each distinct chunk text once across the grid (and across runs, with {@code --vector-cache}),
 * and writes {@code sweep.csv}, {@code sweep.md} and one {@code sweep-DATASET.png} per dataset (hybrid
 * nDCG@10 against maxWords, one line per overlap, 300/30/40 marked).
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar dev.bearings.benchmarks.ChunkingSweep [--grid coarse|full|smoke]
 *      [--datasets obliqa,scifact,personal,personal-notes-b] [--model NAME] [--queries N] [--distractors N]
 *      [--rules MAX/MIN/OVERLAP[/no-prefix],...] [--vector-cache DIR] [--out DIR] [--data DIR]
 * </pre>
 *
 * A run is resumable: the rules a dataset already has in {@code OUT/sweep.csv} are read back and not run
 * again, so a killed sweep run again continues where it stopped. {@code coarse} is the maxWords x overlap
 * plane (150-500 x 0/40/80, minWords 30) plus minWords 0 and 60 and the prefix off around 300/30/40,
 * rule by rule across all datasets so that a cut-short run still compares; {@code full} adds every
 * minWords and prefix to the plane; {@code --rules} names rules and their order instead of a grid;
 * {@code smoke} is two rules on a few SciFact queries among a few documents, so that the sweep cannot
 * rot (a test runs it).
 */
public final class ChunkingSweep {

    /** One point of the grid. */
    record Rules(int maxWords, int minWords, int overlapWords, boolean tokenBudget, boolean prefix) {
        /** The rules Bearings has shipped since decision record 0001. */
        static final Rules SHIPPED = new Rules(300, 30, 40, true, true);

        String label() {
            return maxWords + "/" + minWords + "/" + overlapWords + (tokenBudget ? "" : " no-budget") + (prefix ? "" : " no-prefix");
        }
    }

    /** One measured row: a rule, a dataset, a mode. */
    record Result(String dataset, Rules rules, RetrievalEvaluation.Row row, double seconds, long embedded) {
    }

    private ChunkingSweep() {
    }

    public static void main(String[] args) throws Exception {
        System.setProperty("java.awt.headless", "true");
        String grid = MainArgs.option(args, "--grid", "coarse");
        boolean smoke = grid.equals("smoke");
        int queries = Integer.parseInt(MainArgs.option(args, "--queries", smoke ? "5" : String.valueOf(Integer.MAX_VALUE)));
        int distractors = Integer.parseInt(MainArgs.option(args, "--distractors", smoke ? "10" : String.valueOf(Integer.MAX_VALUE)));
        Path out = Path.of(MainArgs.option(args, "--out", "target/sweep"));
        Path data = Path.of(MainArgs.option(args, "--data", ProjectData.SHARED.toString()));
        Optional<Path> vectorCache = Optional.ofNullable(MainArgs.option(args, "--vector-cache", null)).map(Path::of);
        Files.createDirectories(out);
        // The smoke run takes a slice of SciFact only: an ObliQA note is a whole rulebook.
        List<String> only = List.of(MainArgs.option(args, "--datasets", smoke ? "scifact" : "obliqa,personal,personal-notes-b,scifact")
                .split(","));
        List<EvalDataset> datasets = new ArrayList<>();
        for (String name : only) {
            datasets.add(switch (name) {
                case "obliqa" -> EvalDataset.obliqa(data.resolve("obliqa-dev"), queries);
                case "scifact" -> EvalDataset.beir(data.resolve("beir-scifact"), "test", queries, distractors);
                case "personal" -> sections(ProjectData.PERSONAL_NOTES, queries);
                case "personal-notes-b" -> sections(data.resolve("personal-notes-b"), queries);
                default -> throw new IllegalArgumentException("--datasets takes obliqa, scifact, personal and personal-notes-b, not " + name);
            });
        }
        String rules = MainArgs.option(args, "--rules", null);
        run(datasets, rules == null ? grid(grid) : rules(rules), out, MainArgs.option(args, "--model", EmbedderSettings.DEFAULT_MODEL),
                vectorCache);
        System.out.println("wrote " + out.resolve("sweep.csv") + ", sweep.md and one sweep-DATASET.png per dataset");
    }

    private static EvalDataset sections(Path set, int queries) throws Exception {
        try (FolderSource notes = new FolderSource(set.resolve("notes"))) {
            return PersonalNotes.load(set, notes, new CommonmarkParser(), PersonalNotes.Level.SECTION, queries);
        }
    }

    /**
     * Runs the grid rule by rule over every dataset, skipping what {@code out/sweep.csv} already holds and
     * rewriting the report after each rule, so that a long run can be read while it goes and resumed.
     */
    static List<Result> run(List<EvalDataset> datasets, List<Rules> grid, Path out, String model, Optional<Path> vectorCache)
            throws Exception {
        List<Result> results = new ArrayList<>(SweepReport.read(out.resolve("sweep.csv")));
        if (!results.isEmpty()) {
            // A rerun of a finished sweep, or one with rows added by hand, redraws the tables and charts.
            SweepReport.write(results, out);
        }
        var store = new SqliteIndexProvider().create(Settings.NONE);
        Map<String, String> settings = Map.of("model", model);
        Embedder engine = new OnnxEmbedderProvider().create(Settings.of(settings));
        try (RememberingEmbedder embedder = vectorCache.map(dir -> new RememberingEmbedder(engine, dir))
                .orElseGet(() -> new RememberingEmbedder(engine))) {
            for (Rules rules : grid) {
                for (EvalDataset data : datasets) {
                    if (results.stream().anyMatch(r -> r.dataset().equals(data.name()) && r.rules().equals(rules))) {
                        continue;
                    }
                    long before = embedder.embedded();
                    long started = System.nanoTime();
                    IndexRecipe recipe = IndexRecipe.of("commonmark", new ChunkingRules(rules.maxWords(), rules.minWords(),
                            rules.overlapWords()), rules.tokenBudget(), rules.prefix() ? IndexRecipe.Prefix.TITLED
                            : IndexRecipe.Prefix.NONE, "onnx", settings, embedder);
                    var setup = new RetrievalEvaluation.Setup("sqlite", store, new CommonmarkParser(), recipe,
                            List.of(SearchNotes.Mode.HYBRID, SearchNotes.Mode.VECTOR), List.of());
                    List<RetrievalEvaluation.Row> rows = RetrievalEvaluation.run(data, setup, embedder).stream()
                            .filter(r -> r.group().equals(RetrievalEvaluation.ALL)).toList();
                    double seconds = (System.nanoTime() - started) / 1e9;
                    for (RetrievalEvaluation.Row row : rows) {
                        results.add(new Result(data.name(), rules, row, seconds, embedder.embedded() - before));
                    }
                    SweepReport.write(results, out);
                    System.err.printf(Locale.ROOT, "%-24s %-24s %s%n", data.name(), rules.label(), rows.stream()
                            .map(r -> String.format(Locale.ROOT, "%s nDCG@10 %.4f R@10 %.4f", r.mode(), r.ndcg10(), r.recall10()))
                            .toList());
                }
            }
        }
        return results;
    }

    /** Rules as {@code --rules} lists them, in the order to run: {@code 300/60/40,500/30/40,300/30/40/no-prefix}. */
    static List<Rules> rules(String list) {
        List<Rules> rules = new ArrayList<>();
        for (String rule : list.split(",")) {
            String[] parts = rule.strip().split("/");
            if (parts.length < 3 || parts.length > 4 || (parts.length == 4 && !parts[3].equals("no-prefix"))) {
                throw new IllegalArgumentException("--rules takes MAX/MIN/OVERLAP[/no-prefix],..., not " + rule);
            }
            rules.add(new Rules(Integer.parseInt(parts[0]), Integer.parseInt(parts[1]), Integer.parseInt(parts[2]), true,
                    parts.length == 3));
        }
        return rules;
    }

    static List<Rules> grid(String name) {
        List<Rules> grid = new ArrayList<>();
        switch (name) {
            case "smoke" -> {
                grid.add(new Rules(300, 30, 40, true, true));
                grid.add(new Rules(150, 30, 20, true, true));
            }
            case "coarse" -> {
                // The shipped rules first, then sizes around them at its overlap, then the other overlaps.
                for (int overlap : new int[]{40, 0, 80}) {
                    for (int max : new int[]{300, 150, 500, 200, 400}) {
                        grid.add(new Rules(max, 30, overlap, true, true));
                    }
                }
                grid.add(new Rules(300, 0, 40, true, true));
                grid.add(new Rules(300, 60, 40, true, true));
                grid.add(new Rules(300, 30, 40, true, false));
            }
            case "full" -> {
                for (int max : new int[]{150, 200, 300, 400, 500}) {
                    for (int overlap : new int[]{0, 40, 80}) {
                        for (int min : new int[]{0, 30, 60}) {
                            for (boolean prefix : new boolean[]{true, false}) {
                                grid.add(new Rules(max, min, overlap, true, prefix));
                            }
                        }
                    }
                }
            }
            default -> throw new IllegalArgumentException("--grid must be smoke, coarse or full, not " + name);
        }
        return grid;
    }
}
