package dev.bearings.benchmarks;

import com.sun.management.OperatingSystemMXBean;
import dev.bearings.core.embed.Embedder;
import dev.bearings.core.index.ChunkIndexReader;
import dev.bearings.core.plugin.Settings;
import dev.bearings.core.search.SearchFilter;
import dev.bearings.core.usecase.SearchNotes;
import dev.bearings.embedding.onnx.OnnxEmbedderProvider;

import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.List;

/**
 * What a search costs the machine, beside how long it takes: the process's CPU time per search (every thread's:
 * a hybrid search runs its keyword list beside the embedding and the vector list) and the wall-clock p50, per
 * store and mode, over {@link SearchLatencyBenchmark}'s questions against {@link LargeIndex}. On a machine of
 * {@code n} cores no search is quicker than its CPU time over {@code n}, however its parts are spread; the CPU
 * time is the process's own, so other work on the machine moves it much less than the wall clock.
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
        System.out.printf("# %d chunks, %d searches per row after %d, %d cores%n", chunks, rounds * SearchLatencyBenchmark.QUERIES.size(),
                WARM_UP * SearchLatencyBenchmark.QUERIES.size(), Runtime.getRuntime().availableProcessors());
        System.out.printf("%-7s %-10s %10s %12s %14s%n", "store", "mode", "p50 ms", "CPU ms", "CPU / embed");
        try (Embedder embedder = new OnnxEmbedderProvider().create(Settings.NONE)) {
            for (String store : stores) {
                try (ChunkIndexReader index = LargeIndex.open(store, chunks)) {
                    SearchNotes search = new SearchNotes(embedder, index.manifest().recipe().tuning());
                    double embedding = 0;
                    for (String mode : MODES) {
                        long[] wall = new long[rounds * SearchLatencyBenchmark.QUERIES.size()];
                        long cpuFrom = 0;
                        for (int round = -WARM_UP; round < rounds; round++) {
                            if (round == 0) {
                                cpuFrom = os.getProcessCpuTime();
                            }
                            for (int q = 0; q < SearchLatencyBenchmark.QUERIES.size(); q++) {
                                String asked = SearchLatencyBenchmark.QUERIES.get(q);
                                long start = System.nanoTime();
                                if (mode.equals("embedOnly")) {
                                    embedder.embed(asked);
                                } else {
                                    search.search(index, new SearchNotes.Request(asked, 10, SearchNotes.Mode.parse(mode), SearchFilter.NONE));
                                }
                                if (round >= 0) {
                                    wall[round * SearchLatencyBenchmark.QUERIES.size() + q] = System.nanoTime() - start;
                                }
                            }
                        }
                        double cpu = (os.getProcessCpuTime() - cpuFrom) / 1e6 / wall.length;
                        if (mode.equals("embedOnly")) {
                            embedding = cpu;
                        }
                        Arrays.sort(wall);
                        System.out.printf("%-7s %-10s %10.2f %12.2f %14.2f%n", store, mode, wall[wall.length / 2] / 1e6, cpu, cpu / embedding);
                    }
                }
            }
        }
    }
}
