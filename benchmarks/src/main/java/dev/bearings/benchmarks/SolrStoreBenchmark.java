package dev.bearings.benchmarks;

import dev.bearings.core.embed.Embedder;
import dev.bearings.core.index.ChunkIndexReader;
import dev.bearings.core.index.ChunkIndexStore;
import dev.bearings.core.plugin.Settings;
import dev.bearings.core.search.SearchTuning;
import dev.bearings.core.usecase.SearchNotes;
import dev.bearings.store.solr.InJvmSolrCloud;
import dev.bearings.store.solr.SolrIndexProvider;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * What the SolrCloud store costs against the Lucene store: the same {@link LargeIndex} chunks (real
 * text, vectors of the {@code hashing} embedder) indexed into a Lucene folder and into an in-JVM
 * SolrCloud of two nodes (a collection of two shards with two replicas each, commit every 1,000
 * notes), then hybrid searches from 1, 4 and 16 threads. Queries are embedded by the hashing embedder
 * too, so that the table shows the stores, not the model. Prints index time and rate, searches per
 * second with the ratio to Lucene's single thread, p50/p99, and heap held after a full GC (for Solr,
 * the whole in-JVM cluster's).
 *
 * <p>{@code java -cp benchmarks/target/benchmarks.jar dev.bearings.benchmarks.SolrStoreBenchmark [chunks] [searches]}
 */
public final class SolrStoreBenchmark {

    private SolrStoreBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int chunks = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
        int searches = args.length > 1 ? Integer.parseInt(args[1]) : 2_000;
        long baseHeap = heapAfterGc();
        InJvmSolrCloud cloud = InJvmSolrCloud.start();
        long clusterHeap = heapAfterGc() - baseHeap;
        System.out.printf(Locale.ROOT, "empty in-JVM SolrCloud (2 nodes + ZooKeeper): %.0f MB heap%n", clusterHeap / 1e6);
        System.out.printf("%-7s %8s %8s %9s %7s %8s %9s %7s %7s %6s %8s %8s%n", "store", "chunks", "index s", "chunks/s",
                "threads", "per s", "vs lucene", "p50 ms", "p99 ms", "errors", "heap MB", "disk MB");
        double baseline = 0;
        try (Embedder hashing = new HashingEmbedderProvider().create(Settings.NONE)) {
            SearchNotes search = new SearchNotes(hashing, SearchTuning.BGE_SMALL);
            for (String name : List.of("lucene", "solr")) {
                ChunkIndexStore store = name.equals("lucene") ? LargeIndex.store("lucene")
                        : new SolrIndexProvider().create(cloud.settings("bench-" + chunks, "commit-every=1000"));
                Path folder = Files.createTempDirectory("bearings-bench-" + name);
                long before = heapAfterGc();
                long started = System.nanoTime();
                LargeIndex.build(store, folder, chunks);
                double indexSeconds = (System.nanoTime() - started) / 1e9;
                try (ChunkIndexReader index = store.openExisting(folder)) {
                    SearchLoad.run(search, index, 1, 100);
                    long heap = heapAfterGc() - before;
                    long disk = index.stats().bytesOnDisk();
                    for (int threads : new int[]{1, 4, 16}) {
                        double[] figures = SearchLoad.run(search, index, threads, searches);
                        baseline = baseline == 0 ? figures[0] : baseline;
                        System.out.printf(Locale.ROOT, "%-7s %8d %8.1f %9.0f %7d %8.1f %9.2f %7.1f %7.1f %6d %8.0f %8.1f%n", name,
                                chunks, indexSeconds, chunks / indexSeconds, threads, figures[0], figures[0] / baseline,
                                figures[1], figures[2], (int) figures[4], heap / 1e6, disk / 1e6);
                    }
                }
            }
        } finally {
            cloud.close();
        }
    }

    private static long heapAfterGc() {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }
}
