package dev.bearings.eval;

import dev.bearings.core.embed.Embedder;
import dev.bearings.core.eval.Metrics;
import dev.bearings.core.index.ChunkIndex;
import dev.bearings.core.index.ChunkIndexStore;
import dev.bearings.core.index.IndexRecipe;
import dev.bearings.core.markdown.MarkdownParser;
import dev.bearings.core.search.Fusion;
import dev.bearings.core.search.MatchStrength;
import dev.bearings.core.search.SearchFilter;
import dev.bearings.core.search.StoredChunk;
import dev.bearings.core.source.MemorySource;
import dev.bearings.core.usecase.SearchNotes;
import dev.bearings.core.usecase.SyncIndex;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Retrieval quality of the whole pipeline on a dataset: index its notes into a throwaway folder with
 * one setup, run every judged query, score the rankings. {@code bearings eval} and the chunking sweep
 * in the benchmarks both run this.
 */
public final class RetrievalEvaluation {

    /**
     * How the dataset is indexed and searched.
     *
     * @param recipe  how it is chunked and embedded (the manifest of the throwaway index records it)
     * @param fusions the fusions to score hybrid mode with, from the same candidate lists; none: the
     *                recipe's (the one measured for its model)
     */
    public record Setup(String storeName, ChunkIndexStore store, MarkdownParser parser, IndexRecipe recipe,
                        List<SearchNotes.Mode> modes, List<Fusion> fusions) {
        public Setup {
            Objects.requireNonNull(store, "store");
            Objects.requireNonNull(parser, "parser");
            Objects.requireNonNull(recipe, "recipe");
            modes = List.copyOf(modes);
            fusions = fusions.isEmpty() ? List.of(recipe.fusion()) : List.copyOf(fusions);
        }
    }

    /**
     * One row of results: a mode (and fusion) on a dataset, over all its queries ({@link #ALL}) or over
     * one kind of question, or over the questions its notes do not answer ({@link #UNANSWERABLE}: no
     * ranking is scored, only {@code strong}).
     *
     * @param strong the share of the questions whose first right hit among the first {@value #SHOWN} is a
     *               strong match (one with no right hit there counts as not); of unanswerable questions,
     *               the share with any strong hit among the first {@value #SHOWN}
     */
    public record Row(String dataset, String store, String mode, String fusion, String group, int queries, double ndcg10,
                      double recall5, double recall10, double recall100, double mrr10, int notes, int chunks,
                      double indexSeconds, double indexMegabytes, double strong) {
    }

    /** The group of a row over all of a dataset's queries. */
    public static final String ALL = "all";
    /** The group of a row over the questions a dataset's notes do not answer. */
    public static final String UNANSWERABLE = "unanswerable";
    /** How many hits a search shows unless asked for more: what a match's strength is judged on. */
    public static final int SHOWN = 10;

    private RetrievalEvaluation() {
    }

    /** What indexing a dataset made: its size and how long it took. */
    public record Indexed(int notes, int chunks, double seconds, double megabytes) {
    }

    /** Sees one query's candidate lists, fetched once for every mode and fusion. */
    @FunctionalInterface
    public interface QueryVisitor {
        void visit(String queryId, SearchNotes.Request request, SearchNotes.Candidates candidates) throws Exception;
    }

    public static List<Row> run(EvalDataset data, Setup setup, Embedder embedder) throws Exception {
        List<SearchNotes.Mode> modes = setup.modes();
        MatchStrength strength = setup.recipe().tuning().strength();
        // Each query's lists are fetched once and ranked in every mode and fusion measured.
        Map<List<String>, double[]> sums = new LinkedHashMap<>();
        Map<List<String>, Integer> counts = new LinkedHashMap<>();
        QueryVisitor judged = (queryId, request, candidates) -> {
            List<String> groups = data.groups().containsKey(queryId) ? List.of(ALL, data.groups().get(queryId)) : List.of(ALL);
            for (SearchNotes.Mode m : modes) {
                for (Fusion fusion : m == SearchNotes.Mode.HYBRID ? setup.fusions() : List.of(setup.recipe().fusion())) {
                    SearchNotes.Results results = SearchNotes.rank(candidates, new SearchNotes.Request(
                            request.query(), request.limit(), m, SearchFilter.NONE), fusion, strength);
                    double[] scores = scores(data, queryId, results.ranked().stream().map(SearchNotes.Hit::chunk).toList());
                    double strong = firstRightIsStrong(data, queryId, results.ranked()) ? 1 : 0;
                    for (String group : groups) {
                        add(sums, counts, List.of(m.name().toLowerCase(Locale.ROOT),
                                m == SearchNotes.Mode.HYBRID ? fusion.describe() : "-", group), scores, strong);
                    }
                }
            }
        };
        QueryVisitor unanswerable = (queryId, request, candidates) -> {
            for (SearchNotes.Mode m : modes) {
                for (Fusion fusion : m == SearchNotes.Mode.HYBRID ? setup.fusions() : List.of(setup.recipe().fusion())) {
                    SearchNotes.Results results = SearchNotes.rank(candidates, new SearchNotes.Request(
                            request.query(), SHOWN, m, SearchFilter.NONE), fusion, strength);
                    double[] none = {Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN};
                    add(sums, counts, List.of(m.name().toLowerCase(Locale.ROOT), m == SearchNotes.Mode.HYBRID ? fusion.describe() : "-",
                            UNANSWERABLE), none, results.anyStrong() ? 1 : 0);
                }
            }
        };
        Indexed indexed = eachQuery(data, setup, embedder, judged, unanswerable);
        List<Row> rows = new ArrayList<>();
        sums.forEach((key, sum) -> {
            int n = counts.get(key);
            rows.add(new Row(data.name(), setup.storeName(), key.get(0), key.get(1), key.get(2), n, sum[0] / n,
                    sum[1] / n, sum[2] / n, sum[3] / n, sum[4] / n, indexed.notes(), indexed.chunks(), indexed.seconds(),
                    indexed.megabytes(), sum[5] / n));
        });
        return rows;
    }

    private static void add(Map<List<String>, double[]> sums, Map<List<String>, Integer> counts, List<String> key, double[] scores,
                            double strong) {
        double[] sum = sums.computeIfAbsent(key, x -> new double[6]);
        for (int i = 0; i < scores.length; i++) {
            sum[i] += scores[i];
        }
        sum[5] += strong;
        counts.merge(key, 1, Integer::sum);
    }

    /** Whether the first hit, among the first {@value #SHOWN}, that is right for the query is a strong match. */
    public static boolean firstRightIsStrong(EvalDataset data, String queryId, List<SearchNotes.Hit> hits) {
        return firstRight(data, queryId, hits).map(hit -> hit.strength() == MatchStrength.Level.STRONG).orElse(false);
    }

    /** The first hit, among the first {@value #SHOWN}, that is right for the query: of a judged note, or over a gold passage. */
    public static Optional<SearchNotes.Hit> firstRight(EvalDataset data, String queryId, List<SearchNotes.Hit> hits) {
        Map<String, Integer> gold = data.gold().get(queryId);
        for (SearchNotes.Hit hit : hits.subList(0, Math.min(SHOWN, hits.size()))) {
            StoredChunk chunk = hit.chunk();
            boolean right = data.byPassage()
                    ? gold.keySet().stream().map(data.spans()::get).anyMatch(span -> span.noteId().equals(chunk.note().id())
                    && span.firstLine() <= chunk.endLine() && chunk.startLine() <= span.lastLine())
                    : gold.getOrDefault(chunk.note().id(), 0) > 0 && !(data.skipsQueryDocument() && chunk.note().id().equals(queryId));
            if (right) {
                return Optional.of(hit);
            }
        }
        return Optional.empty();
    }

    /**
     * Indexes the dataset into a throwaway folder with the setup, then hands every judged query's candidate
     * lists (both, unless the setup measures a single mode) to {@code visitor}, with the index open.
     */
    public static Indexed eachQuery(EvalDataset data, Setup setup, Embedder embedder, QueryVisitor visitor) throws Exception {
        return eachQuery(data, setup, embedder, visitor, (id, request, candidates) -> {
        });
    }

    /** The same, then every unanswerable question's lists to {@code unanswerable}, as a search of {@value #SHOWN} fetches them. */
    public static Indexed eachQuery(EvalDataset data, Setup setup, Embedder embedder, QueryVisitor visitor,
                                    QueryVisitor unanswerable) throws Exception {
        Path folder = Files.createTempDirectory("bearings-eval");
        try (ChunkIndex index = setup.store().open(folder, setup.recipe(), true)) {
            SyncIndex.Report report = new SyncIndex(setup.parser(), setup.recipe(), embedder, Clock.systemUTC())
                    .sync(new MemorySource(data.name(), data.notes()), index, SyncIndex.Progress.NONE);
            var stats = index.stats();
            List<SearchNotes.Mode> modes = setup.modes();
            SearchNotes search = new SearchNotes(embedder, setup.recipe().tuning());
            SearchNotes.Mode fetch = modes.size() == 1 ? modes.get(0) : SearchNotes.Mode.HYBRID;
            for (Map.Entry<String, String> query : data.queries().entrySet()) {
                SearchNotes.Request request = new SearchNotes.Request(query.getValue(), limit(data), fetch, SearchFilter.NONE);
                visitor.visit(query.getKey(), request, search.candidates(index, request, fetch));
            }
            for (Map.Entry<String, String> query : data.unanswerable().entrySet()) {
                SearchNotes.Request request = new SearchNotes.Request(query.getValue(), SHOWN, fetch, SearchFilter.NONE);
                unanswerable.visit(query.getKey(), request, search.candidates(index, request, fetch));
            }
            return new Indexed(data.notes().size(), stats.chunks(), report.took().toMillis() / 1000.0, stats.bytesOnDisk() / 1e6);
        } finally {
            deleteTree(folder);
        }
    }

    /**
     * One query's nDCG@10, R@5, R@10, R@100 and MRR@10 for the chunks a search ranked, best first (as
     * many as the dataset's limit: 300 judged by document, 10 by passage).
     */
    public static double[] scores(EvalDataset data, String queryId, List<StoredChunk> ranked) {
        return data.byPassage() ? passageScores(data, queryId, ranked) : documentScores(data, queryId, ranked);
    }

    /** How many chunks a search returns for one query of this dataset: what {@link #scores} judges. */
    public static int limit(EvalDataset data) {
        return data.byPassage() ? 10 : 300;
    }

    /**
     * nDCG@10, R@5, R@10, R@100, MRR@10 with a document's score its best chunk's; the query's own
     * document left out where the dataset says so.
     */
    private static double[] documentScores(EvalDataset data, String queryId, List<StoredChunk> chunks) {
        Set<String> documents = new LinkedHashSet<>();
        chunks.forEach(chunk -> documents.add(chunk.note().id()));
        if (data.skipsQueryDocument()) {
            documents.remove(queryId);
        }
        List<String> ranked = List.copyOf(documents);
        Map<String, Integer> relevant = data.gold().get(queryId);
        return new double[]{Metrics.ndcg(ranked, relevant, 10), Metrics.recall(ranked, relevant, 5),
                Metrics.recall(ranked, relevant, 10), Metrics.recall(ranked, relevant, 100), Metrics.mrr(ranked, relevant, 10)};
    }

    /**
     * A chunk is relevant when its lines overlap a gold passage: each rank found the gold passages its
     * chunk overlaps. Each gold passage counts once, at the first chunk that covers it (a passage split
     * over two chunks is found once); Recall@100 is not measured at passage level (NaN).
     */
    private static double[] passageScores(EvalDataset data, String queryId, List<StoredChunk> chunks) {
        Map<String, Integer> gold = data.gold().get(queryId);
        List<Set<String>> found = new ArrayList<>();
        for (StoredChunk chunk : chunks) {
            Set<String> covered = new LinkedHashSet<>();
            for (String key : gold.keySet()) {
                EvalDataset.GoldSpan span = data.spans().get(key);
                if (span.noteId().equals(chunk.note().id()) && span.firstLine() <= chunk.endLine()
                        && chunk.startLine() <= span.lastLine()) {
                    covered.add(key);
                }
            }
            found.add(covered);
        }
        return new double[]{Metrics.ndcgOfFound(found, gold, 10), Metrics.recallOfFound(found, gold, 5),
                Metrics.recallOfFound(found, gold, 10), Double.NaN, Metrics.mrrOfFound(found, gold, 10)};
    }

    private static void deleteTree(Path folder) throws IOException {
        try (Stream<Path> paths = Files.walk(folder)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }
}
