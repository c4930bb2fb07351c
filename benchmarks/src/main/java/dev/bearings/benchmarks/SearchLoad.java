package dev.bearings.benchmarks;

import dev.bearings.core.embed.Embedder;
import dev.bearings.core.index.ChunkIndexReader;
import dev.bearings.core.plugin.Settings;
import dev.bearings.core.search.SearchFilter;
import dev.bearings.core.usecase.SearchNotes;
import dev.bearings.embedding.onnx.OnnxEmbedderProvider;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Can the index take sustained searching? Sends a few thousand hybrid searches from several threads at
 * once against an index of 100,000 chunks ({@link LargeIndex}), per store, and prints searches per
 * second, p50/p99/max latency and errors, with one thread as the baseline of each store.
 *
 * <p>{@code java -cp benchmarks/target/benchmarks.jar dev.bearings.benchmarks.SearchLoad [searches] [chunks]}
 */
public final class SearchLoad {

    private SearchLoad() {
    }

    public static void main(String[] args) throws Exception {
        int searches = args.length > 0 ? Integer.parseInt(args[0]) : 3_000;
        int chunks = args.length > 1 ? Integer.parseInt(args[1]) : 100_000;
        System.out.printf("%-7s %7s %9s %9s %10s %8s %8s %8s %6s%n", "store", "threads", "searches", "per s",
                "vs 1 thread", "p50 ms", "p99 ms", "max ms", "errors");
        try (Embedder embedder = new OnnxEmbedderProvider().create(Settings.NONE)) {
            for (String store : List.of("sqlite", "lucene")) {
                try (ChunkIndexReader index = LargeIndex.open(store, chunks)) {
                    SearchNotes search = new SearchNotes(embedder, index.manifest().recipe().tuning());
                    run(search, index, 1, 50);
                    double single = 0;
                    for (int threads : new int[]{1, 2, 4, 8}) {
                        double[] figures = run(search, index, threads, searches);
                        single = threads == 1 ? figures[0] : single;
                        System.out.printf(Locale.ROOT, "%-7s %7d %9d %9.1f %10.2f %8.1f %8.1f %8.1f %6d%n", store, threads,
                                searches, figures[0], figures[0] / single, figures[1], figures[2], figures[3], (int) figures[4]);
                    }
                }
            }
        }
    }

    /** Searches per second, p50, p99 and max milliseconds, errors. */
    static double[] run(SearchNotes search, ChunkIndexReader index, int threads, int searches) throws Exception {
        long[] nanos = new long[searches];
        AtomicInteger next = new AtomicInteger();
        AtomicInteger errors = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        long started = System.nanoTime();
        List<Future<?>> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            workers.add(pool.submit(() -> {
                int i;
                while ((i = next.getAndIncrement()) < searches) {
                    String query = SearchLatencyBenchmark.QUERIES.get(i % SearchLatencyBenchmark.QUERIES.size()) + " " + (i % 97);
                    long start = System.nanoTime();
                    try {
                        if (search.search(index, new SearchNotes.Request(query, 10, SearchNotes.Mode.HYBRID,
                                SearchFilter.NONE)).ranked().isEmpty()) {
                            errors.incrementAndGet();
                        }
                    } catch (RuntimeException e) {
                        errors.incrementAndGet();
                    }
                    nanos[i] = System.nanoTime() - start;
                }
            }));
        }
        for (Future<?> worker : workers) {
            worker.get();
        }
        double seconds = (System.nanoTime() - started) / 1e9;
        pool.shutdown();
        Arrays.sort(nanos);
        return new double[]{searches / seconds, nanos[searches / 2] / 1e6, nanos[(int) (searches * 0.99)] / 1e6,
                nanos[searches - 1] / 1e6, errors.get()};
    }
}
