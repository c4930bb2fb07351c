package dev.bearings.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.bearings.core.chunk.Chunker;
import dev.bearings.core.chunk.ChunkingRules;
import dev.bearings.core.embed.Embedder;
import dev.bearings.core.eval.Metrics;
import dev.bearings.core.index.ChunkIndex;
import dev.bearings.core.index.ChunkIndexStore;
import dev.bearings.core.index.IndexManifest;
import dev.bearings.core.plugin.ChunkIndexProvider;
import dev.bearings.core.plugin.EmbedderProvider;
import dev.bearings.core.plugin.ParserProvider;
import dev.bearings.core.plugin.ProviderRegistry;
import dev.bearings.core.search.Fusion;
import dev.bearings.core.search.SearchFilter;
import dev.bearings.core.source.MemorySource;
import dev.bearings.core.usecase.SearchNotes;
import dev.bearings.core.usecase.SyncIndex;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import javax.inject.Inject;
import java.io.IOException;
import java.io.PrintWriter;
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
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Stream;

/** {@code bearings eval}: retrieval quality of the whole pipeline on a dataset, in a throwaway index. */
@Command(name = "eval", mixinStandardHelpOptions = true,
        description = {"Measure retrieval quality on a dataset: a BEIR folder (document level) or ObliQA (passage level).",
                "Indexes into a temporary folder, which is deleted afterwards."})
final class EvalCommand implements Callable<Integer> {
    private final ProviderRegistry<ParserProvider> parsers;
    private final ProviderRegistry<EmbedderProvider> embedders;
    private final ProviderRegistry<ChunkIndexProvider> stores;

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

    @Option(names = "--rrf-k", split = ",", paramLabel = "K", description = "k of reciprocal rank fusion; "
            + "a comma-separated list measures each (default: the search default).")
    private List<Integer> rrfK = List.of();

    @Option(names = "--keyword-weight", split = ",", paramLabel = "W", description = "Weight of the keyword list "
            + "against the vector list's 1 in hybrid mode; a comma-separated list measures each (default: the search default).")
    private List<Double> keywordWeights = List.of();

    @Option(names = "--store", defaultValue = "sqlite", description = "Index kind: sqlite (default) or lucene.")
    private String store;

    @Option(names = "--json", description = "Print the results as JSON.")
    private boolean json;

    @Mixin
    private ChunkingOptions chunking = new ChunkingOptions();

    @Mixin
    private EmbedderOptions embedderOptions = new EmbedderOptions();

    @Inject
    EvalCommand(ProviderRegistry<ParserProvider> parsers, ProviderRegistry<EmbedderProvider> embedders,
                ProviderRegistry<ChunkIndexProvider> stores) {
        this.parsers = parsers;
        this.embedders = embedders;
        this.stores = stores;
    }

    /** One row of the result table. */
    record Row(String dataset, String store, String mode, String fusion, int queries, double ndcg10, double recall5, double recall10,
               double recall100, double mrr10, int notes, int chunks, double indexSeconds, double indexMegabytes) {
    }

    @Override
    public Integer call() throws Exception {
        ChunkingRules rules = chunking.rules(spec.commandLine());
        EvalDataset data = dataset.beir != null ? EvalDataset.beir(dataset.beir, split, maxQueries, distractors)
                : EvalDataset.obliqa(dataset.obliqa, maxQueries);
        List<Row> rows = run(data, rules);
        print(rows);
        return 0;
    }

    List<Row> run(EvalDataset data, ChunkingRules rules) throws Exception {
        List<SearchNotes.Mode> modes = mode.equalsIgnoreCase("all") ? List.of(SearchNotes.Mode.values())
                : List.of(SearchNotes.Mode.valueOf(mode.toUpperCase(Locale.ROOT)));
        ChunkIndexStore indexStore = stores.create(store, dev.bearings.core.plugin.Settings.NONE);
        Path folder = Files.createTempDirectory("bearings-eval");
        List<Row> rows = new ArrayList<>();
        try (Embedder embedder = embedderOptions.open(embedders)) {
            Chunker chunker = IndexCommand.chunker(rules, embedder);
            IndexManifest manifest = IndexCommand.manifest(indexStore, embedder, rules);
            try (ChunkIndex index = indexStore.open(folder, manifest, true)) {
                SyncIndex.Report report = new SyncIndex(chunking.parser(parsers), chunker, embedder, Clock.systemUTC())
                        .sync(new MemorySource(data.name(), data.notes()), index, SyncIndex.Progress.NONE);
                var stats = index.stats();
                List<Fusion> fusions = fusions();
                int queries = data.queries().size();
                // Each query's lists are fetched once and ranked in every mode and fusion measured.
                Map<String, double[]> sums = new LinkedHashMap<>();
                SearchNotes search = new SearchNotes(embedder, Fusion.DEFAULT);
                SearchNotes.Mode fetch = modes.size() == 1 ? modes.get(0) : SearchNotes.Mode.HYBRID;
                for (Map.Entry<String, String> query : data.queries().entrySet()) {
                    SearchNotes.Request request = new SearchNotes.Request(query.getValue(), data.byPassage() ? 10 : 300,
                            fetch, SearchFilter.NONE);
                    SearchNotes.Candidates candidates = search.candidates(index, request, fetch);
                    for (SearchNotes.Mode m : modes) {
                        for (Fusion fusion : m == SearchNotes.Mode.HYBRID ? fusions : List.of(Fusion.DEFAULT)) {
                            SearchNotes.Results results = SearchNotes.rank(candidates, new SearchNotes.Request(
                                    request.query(), request.limit(), m, SearchFilter.NONE), fusion);
                            double[] scores = data.byPassage() ? passageScores(data, query.getKey(), results)
                                    : documentScores(data, query.getKey(), results);
                            double[] sum = sums.computeIfAbsent(m.name().toLowerCase(Locale.ROOT) + "\u0000"
                                    + (m == SearchNotes.Mode.HYBRID ? describe(fusion) : "-"), x -> new double[5]);
                            for (int i = 0; i < sum.length; i++) {
                                sum[i] += scores[i];
                            }
                        }
                    }
                }
                int n = Math.max(1, queries);
                sums.forEach((key, sum) -> rows.add(new Row(data.name(), store, key.substring(0, key.indexOf('\u0000')),
                        key.substring(key.indexOf('\u0000') + 1), queries, sum[0] / n, sum[1] / n, sum[2] / n, sum[3] / n,
                        sum[4] / n, data.notes().size(), stats.chunks(), report.took().toMillis() / 1000.0,
                        stats.bytesOnDisk() / 1e6)));
            }
        } finally {
            deleteTree(folder);
        }
        return rows;
    }

    private List<Fusion> fusions() {
        List<Fusion> fusions = new ArrayList<>();
        for (int k : rrfK.isEmpty() ? List.of(Fusion.DEFAULT.k()) : rrfK) {
            for (double w : keywordWeights.isEmpty() ? List.of(Fusion.DEFAULT.keywordWeight()) : keywordWeights) {
                try {
                    fusions.add(new Fusion(k, Fusion.DEFAULT.vectorWeight(), w));
                } catch (IllegalArgumentException e) {
                    throw new CommandLine.ParameterException(spec.commandLine(), "--rrf-k/--keyword-weight: " + e.getMessage());
                }
            }
        }
        return fusions;
    }

    private static String describe(Fusion fusion) {
        return String.format(Locale.ROOT, "k=%d kw=%.2f", fusion.k(), fusion.keywordWeight());
    }

    /** nDCG@10, R@5, R@10, R@100, MRR@10 with a document's score its best chunk's. */
    private static double[] documentScores(EvalDataset data, String queryId, SearchNotes.Results results) {
        Set<String> documents = new LinkedHashSet<>();
        results.ranked().forEach(hit -> documents.add(hit.chunk().note().id()));
        List<String> ranked = List.copyOf(documents);
        Map<String, Integer> relevant = data.gold().get(queryId);
        return new double[]{Metrics.ndcg(ranked, relevant, 10), Metrics.recall(ranked, relevant, 5),
                Metrics.recall(ranked, relevant, 10), Metrics.recall(ranked, relevant, 100), Metrics.mrr(ranked, relevant, 10)};
    }

    /** A chunk is relevant when its lines overlap a gold passage; recall counts gold passages covered. */
    private static double[] passageScores(EvalDataset data, String queryId, SearchNotes.Results results) {
        Set<String> gold = data.gold().get(queryId).keySet();
        List<SearchNotes.Hit> hits = results.ranked();
        double dcg = 0;
        double mrr = 0;
        Set<String> covered5 = new LinkedHashSet<>();
        Set<String> covered10 = new LinkedHashSet<>();
        for (int rank = 0; rank < Math.min(10, hits.size()); rank++) {
            var chunk = hits.get(rank).chunk();
            boolean relevant = false;
            for (String key : gold) {
                EvalDataset.GoldSpan span = data.spans().get(key);
                if (span.noteId().equals(chunk.note().id()) && span.firstLine() <= chunk.endLine()
                        && chunk.startLine() <= span.lastLine()) {
                    relevant = true;
                    covered10.add(key);
                    if (rank < 5) {
                        covered5.add(key);
                    }
                }
            }
            if (relevant) {
                dcg += 1 / (Math.log(rank + 2) / Math.log(2));
                mrr = mrr == 0 ? 1.0 / (rank + 1) : mrr;
            }
        }
        double ideal = 0;
        for (int rank = 0; rank < Math.min(10, gold.size()); rank++) {
            ideal += 1 / (Math.log(rank + 2) / Math.log(2));
        }
        return new double[]{ideal == 0 ? 0 : dcg / ideal, (double) covered5.size() / gold.size(),
                (double) covered10.size() / gold.size(), Double.NaN, mrr};
    }

    private void print(List<Row> rows) throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.println(new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(rows));
            return;
        }
        out.printf("%-12s %-7s %-8s %-13s %7s %8s %7s %7s %8s %7s %7s %8s %8s%n", "dataset", "store", "mode", "fusion", "queries",
                "nDCG@10", "R@5", "R@10", "R@100", "MRR@10", "chunks", "index s", "index MB");
        for (Row r : rows) {
            out.printf("%-12s %-7s %-8s %-13s %7d %8.4f %7.4f %7.4f %8s %7.4f %7d %8.1f %8.1f%n", r.dataset(), r.store(), r.mode(),
                    r.fusion(), r.queries(), r.ndcg10(), r.recall5(), r.recall10(),
                    Double.isNaN(r.recall100()) ? "-" : String.format("%.4f", r.recall100()), r.mrr10(), r.chunks(),
                    r.indexSeconds(), r.indexMegabytes());
        }
    }

    private static void deleteTree(Path folder) throws IOException {
        try (Stream<Path> paths = Files.walk(folder)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }
}
