package dev.bearings.benchmarks;

import dev.bearings.embedding.support.EmbedderSettings;
import dev.bearings.eval.EvalDataset;
import dev.bearings.eval.PersonalNotes;
import dev.bearings.eval.RememberingEmbedder;
import dev.bearings.eval.RetrievalEvaluation;
import dev.bearings.core.chunk.ChunkingRules;
import dev.bearings.core.index.IndexRecipe;
import dev.bearings.core.plugin.Settings;
import dev.bearings.core.usecase.SearchNotes;
import dev.bearings.embedding.onnx.OnnxEmbedderProvider;
import dev.bearings.parser.commonmark.CommonmarkParser;
import dev.bearings.source.files.FolderSource;
import dev.bearings.store.sqlite.SqliteIndexProvider;
import dev.bearings.eval.Corpus;
import dev.bearings.eval.ProjectData;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Locale;

/**
 * Which chunking rules retrieve best? Runs {@code bearings eval}'s evaluation over a grid of rules on
 * ObliQA dev, SciFact test and the personal-notes set (at note and at section level), embedding each
 * distinct chunk text once across the grid, with the model asked for, and writes
 * {@code sweep.csv}, {@code sweep.md} and {@code sweep.png} (ObliQA Recall@10 against maxWords, one
 * line per overlap).
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar dev.bearings.benchmarks.ChunkingSweep [--grid coarse|full|smoke]
 *      [--datasets obliqa,scifact,personal] [--model NAME] [--queries N] [--distractors N] [--out DIR] [--data DIR]
 * </pre>
 *
 * {@code full} is the whole grid (maxWords 100-400 x overlap 0-80 x minWords 0-60 x token budget x
 * prefix: 288 rules per dataset, many hours on 2 cores); {@code coarse} the maxWords x overlap plane at
 * minWords 30 plus one change at a time around 300/30/40; {@code smoke} two rules on three SciFact
 * queries among a few documents, so that the sweep cannot rot (a test runs it).
 */
public final class ChunkingSweep {

    /** One point of the grid. */
    record Rules(int maxWords, int minWords, int overlapWords, boolean tokenBudget, boolean prefix) {
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
        int queries = Integer.parseInt(MainArgs.option(args, "--queries", grid.equals("smoke") ? "5" : String.valueOf(Integer.MAX_VALUE)));
        Path out = Path.of(MainArgs.option(args, "--out", "target/sweep"));
        Path data = Path.of(MainArgs.option(args, "--data", ProjectData.SHARED.toString()));
        Files.createDirectories(out);
        boolean smoke = grid.equals("smoke");
        int distractors = Integer.parseInt(MainArgs.option(args, "--distractors", smoke ? "10" : String.valueOf(Integer.MAX_VALUE)));
        List<EvalDataset> datasets = new ArrayList<>();
        // The smoke run takes a slice of SciFact only: an ObliQA note is a whole rulebook.
        String only = MainArgs.option(args, "--datasets", "obliqa,scifact,personal");
        if (Files.isDirectory(data.resolve("obliqa-dev")) && !smoke && only.contains("obliqa")) {
            datasets.add(EvalDataset.obliqa(data.resolve("obliqa-dev"), queries));
        }
        if (Files.isDirectory(data.resolve("beir-scifact")) && only.contains("scifact")) {
            datasets.add(EvalDataset.beir(data.resolve("beir-scifact"), "test", queries, distractors));
        }
        if (only.contains("personal") && !smoke) {
            for (PersonalNotes.Level level : PersonalNotes.Level.values()) {
                datasets.add(PersonalNotes.load(ProjectData.PERSONAL_NOTES, new FolderSource(ProjectData.PERSONAL_NOTES.resolve("notes")),
                        new CommonmarkParser(), level, queries));
            }
        }
        if (datasets.isEmpty()) {
            System.err.println("no datasets under " + data + ": nothing to sweep");
            return;
        }
        run(datasets, grid(grid), out, MainArgs.option(args, "--model", EmbedderSettings.DEFAULT_MODEL));
        System.out.println("wrote " + out.resolve("sweep.csv") + ", sweep.md and one sweep-DATASET.png per dataset");
    }

    /** Runs the grid, rewriting the report after each rule, so that a long run can be read while it goes. */
    static List<Result> run(List<EvalDataset> datasets, List<Rules> grid, Path out, String model) throws Exception {
        List<Result> results = new ArrayList<>();
        var store = new SqliteIndexProvider().create(Settings.NONE);
        Map<String, String> settings = Map.of("model", model);
        try (RememberingEmbedder embedder = new RememberingEmbedder(new OnnxEmbedderProvider().create(Settings.of(settings)))) {
            for (EvalDataset data : datasets) {
                for (Rules rules : grid) {
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
                    System.err.printf(Locale.ROOT, "%-12s %-24s %s%n", data.name(), rules.label(), rows.stream()
                            .map(r -> String.format(Locale.ROOT, "%s R@10 %.4f nDCG@10 %.4f", r.mode(), r.recall10(), r.ndcg10()))
                            .toList());
                }
            }
        }
        return results;
    }

    static List<Rules> grid(String name) {
        List<Rules> grid = new ArrayList<>();
        switch (name) {
            case "smoke" -> {
                grid.add(new Rules(300, 30, 40, true, true));
                grid.add(new Rules(150, 30, 20, true, true));
            }
            case "coarse" -> {
                // The design record's rules first, then sizes around them: a cut-short run still compares.
                for (int overlap : new int[]{40, 0}) {
                    for (int max : new int[]{300, 200, 150, 400, 100}) {
                        grid.add(new Rules(max, 30, overlap, true, true));
                    }
                }
                grid.add(new Rules(300, 0, 40, true, true));
                grid.add(new Rules(300, 60, 40, true, true));
                grid.add(new Rules(300, 30, 40, false, true));
                grid.add(new Rules(300, 30, 40, true, false));
            }
            case "full" -> {
                for (int max : new int[]{100, 150, 200, 250, 300, 400}) {
                    for (int overlap : new int[]{0, 20, 40, 80}) {
                        for (int min : new int[]{0, 30, 60}) {
                            for (boolean budget : new boolean[]{true, false}) {
                                for (boolean prefix : new boolean[]{true, false}) {
                                    if (overlap < max && min < max) {
                                        grid.add(new Rules(max, min, overlap, budget, prefix));
                                    }
                                }
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
