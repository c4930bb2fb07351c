package dev.bearings.benchmarks;

import com.sun.management.OperatingSystemMXBean;
import dev.bearings.core.embed.Embedder;
import dev.bearings.core.index.ChunkIndexReader;
import dev.bearings.core.plugin.Settings;
import dev.bearings.core.search.KeywordQuery;
import dev.bearings.core.search.SearchFilter;
import dev.bearings.core.usecase.SearchNotes;
import dev.bearings.embedding.onnx.OnnxEmbedderProvider;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * What a search costs the machine, beside how long it takes: the CPU time per search of the threads that search
 * (every one of them: a hybrid search runs its keyword list beside the embedding and the vector list), and of the
 * whole process (the JIT's compilers and the collector's threads too), with the wall clock's mean and p50, per
 * store and mode, over {@link SearchLatencyBenchmark}'s questions against {@link LargeIndex}. On {@code n} cores
 * searches cannot take less on average than the searching threads' CPU time over {@code n}, however their parts
 * are spread.
 *
 * <p>{@code java -cp benchmarks/target/benchmarks.jar dev.bearings.benchmarks.SearchCpu [stores] [chunks] [rounds]}
 * (defaults {@code sqlite,lucene}, 100,000, 60 rounds of the 5 questions after 40 to warm up), run from
 * {@code benchmarks/} as JMH is, with {@code -Dbearings.data=} the shared data folder.
 */
public final class SearchCpu {
    private static final List<String> MODES = List.of("embedOnly", "vector", "keyword", "hybrid");
    private static final int WARM_UP = 40;

    private SearchCpu() {
    }

    public static void main(String[] args) throws Exception {
        List<String> stores = List.of((args.length > 0 ? args[0] : "sqlite,lucene").split(","));
        int chunks = args.length > 1 ? Integer.parseInt(args[1]) : 100_000;
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 60;
        OperatingSystemMXBean os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        System.out.printf(Locale.ROOT, "# %d chunks, %d searches per row after %d, %d cores%n", chunks,
                rounds * SearchLatencyBenchmark.QUERIES.size(), WARM_UP * SearchLatencyBenchmark.QUERIES.size(),
                Runtime.getRuntime().availableProcessors());
        System.out.printf(Locale.ROOT, "%-7s %-10s %8s %8s %10s %12s %12s%n", "store", "mode", "mean ms", "p50 ms",
                "CPU ms", "process ms", "CPU / embed");
        try (Embedder embedder = new OnnxEmbedderProvider().create(Settings.NONE)) {
            for (String store : stores) {
                try (ChunkIndexReader index = LargeIndex.open(store, chunks)) {
                    SearchNotes search = new SearchNotes(embedder, index.manifest().recipe().tuning());
                    double embedding = 0;
                    for (String mode : MODES) {
                        long[] wall = new long[rounds * SearchLatencyBenchmark.QUERIES.size()];
                        long cpuFrom = 0;
                        long processFrom = 0;
                        for (int round = -WARM_UP; round < rounds; round++) {
                            if (round == 0) {
                                cpuFrom = searching(threads);
                                processFrom = os.getProcessCpuTime();
                            }
                            for (int q = 0; q < SearchLatencyBenchmark.QUERIES.size(); q++) {
                                String asked = SearchLatencyBenchmark.QUERIES.get(q);
                                long start = System.nanoTime();
                                if (mode.equals("embedOnly")) {
                                    // As a search embeds its question.
                                    embedder.embedQuery(KeywordQuery.of(asked).meaning());
                                } else {
                                    search.search(index, new SearchNotes.Request(asked, 10, SearchNotes.Mode.parse(mode), SearchFilter.NONE));
                                }
                                if (round >= 0) {
                                    wall[round * SearchLatencyBenchmark.QUERIES.size() + q] = System.nanoTime() - start;
                                }
                            }
                        }
                        double cpu = (searching(threads) - cpuFrom) / 1e6 / wall.length;
                        double process = (os.getProcessCpuTime() - processFrom) / 1e6 / wall.length;
                        if (mode.equals("embedOnly")) {
                            embedding = cpu;
                        }
                        double mean = Arrays.stream(wall).average().orElse(0) / 1e6;
                        Arrays.sort(wall);
                        System.out.printf(Locale.ROOT, "%-7s %-10s %8.2f %8.2f %10.2f %12.2f %12.2f%n", store, mode, mean,
                                wall[wall.length / 2] / 1e6, cpu, process, cpu / embedding);
                    }
                }
            }
        }
    }

    /**
     * The CPU time of the JVM's threads that run Java code (the JIT's compilers and the collector's threads are
     * not among them): the searching threads, which stay alive between searches (the keyword list's and the
     * stores' pools keep theirs).
     */
    private static long searching(ThreadMXBean threads) {
        long sum = 0;
        for (long id : threads.getAllThreadIds()) {
            sum += Math.max(0, threads.getThreadCpuTime(id));
        }
        return sum;
    }
}
