package dev.bearings.core.search;

import java.util.List;
import java.util.Locale;

/**
 * Weighted reciprocal rank fusion: a chunk at rank r (from 1) of a list gets {@code weight / (k + r)}
 * from it, and its fused score is the sum. Only ranks count, so cosines and BM25 scores, which live on
 * different scales, need no calibration; the weights let a list known to be stronger count for more.
 *
 * @param k             damping of the top ranks (60 in the original paper)
 * @param vectorWeight  weight of the vector list
 * @param keywordWeight weight of the keyword list
 */
public record ReciprocalRankFusion(int k, double vectorWeight, double keywordWeight) implements Fusion {

    public ReciprocalRankFusion {
        if (k < 0) {
            throw new IllegalArgumentException("RRF k must not be negative, was " + k);
        }
        if (!(vectorWeight >= 0) || !(keywordWeight >= 0)) {
            throw new IllegalArgumentException("fusion weights must not be negative, were " + vectorWeight + " and " + keywordWeight);
        }
    }

    @Override
    public Ranking fuse(String query, List<RankedChunk> vector, List<RankedChunk> keyword) {
        List<FusionInputs.Candidate> candidates = FusionInputs.union(vector, keyword);
        double[] scores = new double[candidates.size()];
        for (int i = 0; i < scores.length; i++) {
            FusionInputs.Candidate c = candidates.get(i);
            scores[i] = (c.vectorRank > 0 ? vectorWeight / (k + c.vectorRank) : 0)
                    + (c.keywordRank > 0 ? keywordWeight / (k + c.keywordRank) : 0);
        }
        return new Ranking(FusionInputs.ranked(candidates, scores), Weights.of(vectorWeight, keywordWeight));
    }

    @Override
    public String describe() {
        return String.format(Locale.ROOT, "rrf:k=%d,vw=%s,kw=%s", k, number(vectorWeight), number(keywordWeight));
    }

    static String number(double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
    }
}
