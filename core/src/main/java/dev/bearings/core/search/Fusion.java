package dev.bearings.core.search;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reciprocal rank fusion: each list gives a chunk {@code 1 / (k + rank)} (rank from 1), and a chunk's
 * fused score is the sum over the lists it appears in. Only ranks count, so cosines and BM25 scores,
 * which live on different scales, need no calibration. Ties keep the order of first appearance.
 */
public final class Fusion {

    private Fusion() {
    }

    /** A fused hit, with the 1-based rank it had in each input list (0 where absent). */
    public record Fused(StoredChunk chunk, double score, int[] ranks) {
    }

    public static List<Fused> reciprocalRank(List<List<RankedChunk>> lists, int k) {
        if (k < 0) {
            throw new IllegalArgumentException("RRF k must not be negative, was " + k);
        }
        Map<String, StoredChunk> chunks = new LinkedHashMap<>();
        Map<String, double[]> scores = new LinkedHashMap<>();
        Map<String, int[]> ranks = new LinkedHashMap<>();
        for (int list = 0; list < lists.size(); list++) {
            List<RankedChunk> hits = lists.get(list);
            for (int i = 0; i < hits.size(); i++) {
                StoredChunk chunk = hits.get(i).chunk();
                String key = key(chunk);
                if (ranks.containsKey(key) && ranks.get(key)[list] != 0) {
                    continue;
                }
                chunks.putIfAbsent(key, chunk);
                scores.computeIfAbsent(key, x -> new double[1])[0] += 1.0 / (k + i + 1);
                ranks.computeIfAbsent(key, x -> new int[lists.size()])[list] = i + 1;
            }
        }
        List<Fused> fused = new ArrayList<>();
        chunks.forEach((key, chunk) -> fused.add(new Fused(chunk, scores.get(key)[0], ranks.get(key))));
        fused.sort(Comparator.comparingDouble(Fused::score).reversed());
        return fused;
    }

    static String key(StoredChunk chunk) {
        return chunk.note().source() + "\u0000" + chunk.note().id() + "\u0000" + chunk.ordinal();
    }
}
