package dev.bearings.core.search;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Weighted reciprocal rank fusion of a vector and a keyword list: a chunk at rank r (from 1) of a
 * list gets {@code weight / (k + r)} from it, and its fused score is the sum. Only ranks count, so
 * cosines and BM25 scores, which live on different scales, need no calibration; the weights let a
 * list that is known to be stronger on a kind of corpus count for more. Ties keep the order of first
 * appearance, vector list first.
 *
 * @param k             damping of the top ranks (60 in the original paper)
 * @param vectorWeight  weight of the vector list
 * @param keywordWeight weight of the keyword list
 */
public record Fusion(int k, double vectorWeight, double keywordWeight) {

    /**
     * k = 10 and keywords weighted 2, chosen on ObliQA dev over k in {10, 20, 60} and keyword weights
     * in {1, 1.5, 2, 3}: there keywords alone beat plain RRF, and this fusion beats keywords in both
     * stores; on SciFact (held out) it still beats either list alone. Figures: docs/benchmarks.md.
     */
    public static final Fusion DEFAULT = new Fusion(10, 1, 2);

    /** Reciprocal rank fusion as first published: k = 60, equal weights. */
    public static final Fusion CLASSIC = new Fusion(60, 1, 1);

    public Fusion {
        if (k < 0) {
            throw new IllegalArgumentException("RRF k must not be negative, was " + k);
        }
        if (!(vectorWeight >= 0) || !(keywordWeight >= 0)) {
            throw new IllegalArgumentException("fusion weights must not be negative, were " + vectorWeight + " and " + keywordWeight);
        }
    }

    /** A fused hit, with the 1-based rank it had in the vector and keyword lists (0 where absent). */
    public record Fused(StoredChunk chunk, double score, int vectorRank, int keywordRank) {
    }

    public List<Fused> fuse(List<RankedChunk> vector, List<RankedChunk> keyword) {
        Map<String, StoredChunk> chunks = new LinkedHashMap<>();
        Map<String, double[]> scores = new LinkedHashMap<>();
        Map<String, int[]> ranks = new LinkedHashMap<>();
        List<List<RankedChunk>> lists = List.of(vector, keyword);
        double[] weights = {vectorWeight, keywordWeight};
        for (int list = 0; list < 2; list++) {
            List<RankedChunk> hits = lists.get(list);
            for (int i = 0; i < hits.size(); i++) {
                StoredChunk chunk = hits.get(i).chunk();
                String key = key(chunk);
                int[] seen = ranks.computeIfAbsent(key, x -> new int[2]);
                if (seen[list] != 0) {
                    continue;
                }
                seen[list] = i + 1;
                chunks.putIfAbsent(key, chunk);
                scores.computeIfAbsent(key, x -> new double[1])[0] += weights[list] / (k + i + 1);
            }
        }
        List<Fused> fused = new ArrayList<>();
        chunks.forEach((key, chunk) -> fused.add(new Fused(chunk, scores.get(key)[0], ranks.get(key)[0], ranks.get(key)[1])));
        fused.sort(Comparator.comparingDouble(Fused::score).reversed());
        return fused;
    }

    static String key(StoredChunk chunk) {
        return chunk.note().source() + "\u0000" + chunk.note().id() + "\u0000" + chunk.ordinal();
    }
}
