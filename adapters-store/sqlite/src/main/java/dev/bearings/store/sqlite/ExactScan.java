package dev.bearings.store.sqlite;

import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.function.IntPredicate;
import java.util.stream.IntStream;

/**
 * Exact nearest neighbours by dot product, over vectors laid out end to end in one array. A scan of
 * many vectors is split across the cores: it is bound by how fast one core multiplies and adds, and a
 * search at 100,000 chunks reads 150 MB.
 */
final class ExactScan {
    /** Below this many vectors one core answers sooner than handing out the work. */
    static final int SPLIT_FROM = 16_384;

    /** A row of the array and its dot product with the query. */
    record Hit(int row, float score) {
    }

    private ExactScan() {
    }

    /** Of the first {@code rows} vectors, the {@code limit} that {@code keep} accepts with the highest dot product, best first. */
    static List<Hit> nearest(float[] vectors, int rows, float[] query, int limit, IntPredicate keep) {
        int dimension = query.length;
        int parts = rows < SPLIT_FROM ? 1 : Runtime.getRuntime().availableProcessors();
        List<Hit> merged = new ArrayList<>();
        IntStream.range(0, parts).parallel()
                .mapToObj(p -> scan(vectors, dimension, query, limit, keep, (int) ((long) rows * p / parts),
                        (int) ((long) rows * (p + 1) / parts)))
                .toList().forEach(merged::addAll);
        merged.sort((a, b) -> a.score() != b.score() ? Float.compare(b.score(), a.score()) : Integer.compare(a.row(), b.row()));
        return merged.subList(0, Math.min(limit, merged.size()));
    }

    private static List<Hit> scan(float[] vectors, int dimension, float[] query, int limit, IntPredicate keep, int from, int to) {
        PriorityQueue<Hit> best = new PriorityQueue<>((a, b) -> Float.compare(a.score(), b.score()));
        for (int row = from; row < to; row++) {
            if (!keep.test(row)) {
                continue;
            }
            float score = dot(vectors, row * dimension, query);
            if (best.size() < limit) {
                best.add(new Hit(row, score));
            } else if (score > best.peek().score()) {
                best.poll();
                best.add(new Hit(row, score));
            }
        }
        return List.copyOf(best);
    }

    /**
     * Eight sums side by side: the JIT does not reorder a floating-point sum, so one running sum waits
     * for its previous addition at every step, and eight do not wait for each other.
     */
    static float dot(float[] vectors, int base, float[] query) {
        float s0 = 0, s1 = 0, s2 = 0, s3 = 0, s4 = 0, s5 = 0, s6 = 0, s7 = 0;
        int d = 0;
        for (int end = query.length - 7; d < end; d += 8) {
            s0 += query[d] * vectors[base + d];
            s1 += query[d + 1] * vectors[base + d + 1];
            s2 += query[d + 2] * vectors[base + d + 2];
            s3 += query[d + 3] * vectors[base + d + 3];
            s4 += query[d + 4] * vectors[base + d + 4];
            s5 += query[d + 5] * vectors[base + d + 5];
            s6 += query[d + 6] * vectors[base + d + 6];
            s7 += query[d + 7] * vectors[base + d + 7];
        }
        for (; d < query.length; d++) {
            s0 += query[d] * vectors[base + d];
        }
        return (s0 + s1) + (s2 + s3) + ((s4 + s5) + (s6 + s7));
    }
}
