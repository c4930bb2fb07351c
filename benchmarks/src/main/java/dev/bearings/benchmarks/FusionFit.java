package dev.bearings.benchmarks;

import dev.bearings.app.index.NewIndex;
import dev.bearings.core.index.IndexRecipe;
import dev.bearings.core.plugin.Settings;
import dev.bearings.core.search.QueryAwareFusion;
import dev.bearings.core.search.StoredChunk;
import dev.bearings.core.usecase.SearchNotes;
import dev.bearings.embedding.onnx.OnnxEmbedderProvider;
import dev.bearings.embedding.support.EmbedderSettings;
import dev.bearings.eval.EvalDataset;
import dev.bearings.eval.EvalSuite;
import dev.bearings.eval.RememberingEmbedder;
import dev.bearings.eval.RetrievalEvaluation;
import dev.bearings.parser.commonmark.CommonmarkParser;
import dev.bearings.source.files.FolderSource;
import dev.bearings.store.lucene.LuceneIndexProvider;
import dev.bearings.store.sqlite.SqliteIndexProvider;
import dev.bearings.testprocess.ProjectData;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How the query-aware fusion's four constants were chosen (decision record 0003). Every query of the
 * suite is searched once per store; its nDCG@10 is measured at 41 fixed keyword weights (0, 0.025, ...,
 * 1) and the evidence the fusion reads of it is kept. A grid of constants (bias, coverage, script,
 * spread) then gives each query its weight and so its nDCG@10, at no further search. The constants
 * chosen are those with the best score over both stores and every dataset: the average margin over
 * the better single list, less three times the average shortfall below that list minus 0.005. Then each
 * dataset is left out in turn, the constants chosen again on the others, and scored on it: a rule that
 * wins only where it was fitted shows here.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar dev.bearings.benchmarks.FusionFit [--vector-cache DIR] [--queries N]
 * </pre>
 */
public final class FusionFit {
    private static final int WEIGHTS = 41;
    private static final double[] BIAS = steps(-1, 1.5, 0.25);
    private static final double[] COVERAGE = steps(0, 4, 0.5);
    private static final double[] SCRIPT = steps(0, 4, 1);
    private static final double[] SPREAD = steps(-4, 0, 0.5);

    /** One query of one dataset in one store: its evidence, and its nDCG@10 at each fixed keyword weight. */
    record Query(QueryAwareFusion.Evidence evidence, double[] ndcg, String kind) {
    }

    /** A dataset in a store: its queries and the better single list's nDCG@10. */
    record Measured(String dataset, String store, List<Query> queries, double vector, double keyword) {
        double better() {
            return Math.max(vector, keyword);
        }

        double ndcg(QueryAwareFusion fusion) {
            double sum = 0;
            for (Query q : queries) {
                int at = (int) Math.round(fusion.keywordWeight(q.evidence()) * (WEIGHTS - 1));
                sum += q.ndcg()[at];
            }
            return sum / queries.size();
        }
    }

    private FusionFit() {
    }

    public static void main(String[] args) throws Exception {
        int maxQueries = Integer.parseInt(MainArgs.option(args, "--queries", String.valueOf(Integer.MAX_VALUE)));
        String cache = MainArgs.option(args, "--vector-cache", null);
        Map<String, String> settings = Map.of("model", EmbedderSettings.DEFAULT_MODEL);
        List<Measured> measured = new ArrayList<>();
        var provider = new OnnxEmbedderProvider().create(Settings.of(settings));
        try (RememberingEmbedder embedder = cache == null ? new RememberingEmbedder(provider)
                : new RememberingEmbedder(provider, Path.of(cache))) {
            IndexRecipe recipe = NewIndex.recipe(NewIndex.PARSER, NewIndex.RULES, NewIndex.EMBEDDER, settings, embedder);
            CommonmarkParser parser = new CommonmarkParser();
            for (EvalSuite.Loader loader : EvalSuite.loaders(ProjectData.SHARED, ProjectData.PERSONAL_NOTES, FolderSource::new,
                    parser, maxQueries, Integer.MAX_VALUE)) {
                EvalDataset data = loader.load();
                for (String store : List.of("sqlite", "lucene")) {
                    var setup = new RetrievalEvaluation.Setup(store, store.equals("sqlite")
                            ? new SqliteIndexProvider().create(Settings.NONE) : new LuceneIndexProvider().create(Settings.NONE),
                            parser, recipe, List.of(SearchNotes.Mode.HYBRID), List.of());
                    measured.add(measure(data, setup, embedder));
                    System.err.printf(Locale.ROOT, "measured %s on %s%n", data.name(), store);
                }
            }
        }
        report(measured);
    }

    static Measured measure(EvalDataset data, RetrievalEvaluation.Setup setup, RememberingEmbedder embedder) throws Exception {
        List<Query> queries = new ArrayList<>();
        double[] single = new double[2];
        RetrievalEvaluation.eachQuery(data, setup, embedder, (queryId, request, candidates) -> {
            double[] ndcg = new double[WEIGHTS];
            for (int i = 0; i < WEIGHTS; i++) {
                ndcg[i] = ndcg(data, queryId, QueryAwareFusion.weighed(candidates.vector(), candidates.keyword(),
                        (double) i / (WEIGHTS - 1)).hits().stream().map(f -> f.chunk()).toList());
            }
            single[0] += ndcg(data, queryId, candidates.vector().stream().map(h -> h.chunk()).toList());
            single[1] += ndcg(data, queryId, candidates.keyword().stream().map(h -> h.chunk()).toList());
            queries.add(new Query(QueryAwareFusion.Evidence.of(request.query(), candidates.vector(), candidates.keyword()), ndcg,
                    data.groups().getOrDefault(queryId, "")));
        });
        return new Measured(data.name(), setup.storeName(), queries, single[0] / queries.size(), single[1] / queries.size());
    }

    private static double ndcg(EvalDataset data, String queryId, List<StoredChunk> ranked) {
        return RetrievalEvaluation.scores(data, queryId, ranked.subList(0, Math.min(ranked.size(), RetrievalEvaluation.limit(data))))[0];
    }

    /** The grid's best constants on these datasets, by {@link #score}. */
    static QueryAwareFusion choose(List<Measured> on) {
        QueryAwareFusion best = null;
        double bestScore = Double.NEGATIVE_INFINITY;
        for (double bias : BIAS) {
            for (double coverage : COVERAGE) {
                for (double script : SCRIPT) {
                    for (double spread : SPREAD) {
                        QueryAwareFusion fusion = new QueryAwareFusion(bias, coverage, script, spread);
                        double score = score(fusion, on);
                        if (score > bestScore) {
                            bestScore = score;
                            best = fusion;
                        }
                    }
                }
            }
        }
        return best;
    }

    /** The average margin over the better single list, less three times the average shortfall below it minus 0.005. */
    static double score(QueryAwareFusion fusion, List<Measured> on) {
        double margins = 0;
        double shortfall = 0;
        for (Measured m : on) {
            double margin = m.ndcg(fusion) - m.better();
            margins += margin;
            shortfall += Math.min(0, margin + 0.005);
        }
        return (margins + 3 * shortfall) / on.size();
    }

    private static void report(List<Measured> measured) {
        QueryAwareFusion chosen = choose(measured);
        System.out.printf("chosen on every dataset and both stores: %s%n%n", chosen.describe());
        System.out.printf("%-26s %-7s %8s %8s %8s %8s%n", "dataset", "store", "vector", "keyword", "hybrid", "margin");
        for (Measured m : measured) {
            double hybrid = m.ndcg(chosen);
            System.out.printf(Locale.ROOT, "%-26s %-7s %8.4f %8.4f %8.4f %+8.4f%n", m.dataset(), m.store(), m.vector(), m.keyword(),
                    hybrid, hybrid - m.better());
        }
        System.out.printf("%nleft out: the constants the other datasets choose, scored on the one left out%n");
        System.out.printf("%-26s %-62s %s%n", "left out", "chosen by the others", "margin on what was left out");
        Map<String, List<Measured>> byDataset = new LinkedHashMap<>();
        measured.forEach(m -> byDataset.computeIfAbsent(questions(m.dataset()), d -> new ArrayList<>()).add(m));
        for (Map.Entry<String, List<Measured>> left : byDataset.entrySet()) {
            QueryAwareFusion others = choose(measured.stream().filter(m -> !questions(m.dataset()).equals(left.getKey())).toList());
            StringBuilder margins = new StringBuilder();
            for (Measured m : left.getValue()) {
                margins.append(String.format(Locale.ROOT, "%s %+.4f  ", m.dataset() + "/" + m.store(), m.ndcg(others) - m.better()));
            }
            System.out.printf("%-26s %-62s %s%n", left.getKey(), others.describe(), margins.toString().strip());
        }
    }

    /** A set judged at note and at section level asks the same questions: both are left out together. */
    private static String questions(String dataset) {
        return dataset.equals("personal-sections") ? "personal-notes" : dataset.replaceFirst("-sections$", "");
    }

    private static double[] steps(double from, double to, double step) {
        int n = (int) Math.round((to - from) / step) + 1;
        double[] values = new double[n];
        for (int i = 0; i < n; i++) {
            values[i] = from + i * step;
        }
        return values;
    }
}
