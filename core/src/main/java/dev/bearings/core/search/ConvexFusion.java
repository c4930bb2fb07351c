package dev.bearings.core.search;

import java.util.List;
import java.util.Locale;

/**
 * A convex combination of the two lists' scores, each min-max normalised over its own candidates:
 * {@code alpha * vector + (1 - alpha) * keyword}, a chunk absent from a list taking 0 from it (Bruch,
 * Gai and Ingber, "An Analysis of Fusion Functions for Hybrid Retrieval", 2023). Unlike rank fusion it
 * sees how far apart the scores are, so a list whose top hit stands out leads.
 *
 * @param alpha the vector list's share, from 0 (keywords alone) to 1 (vectors alone)
 */
public record ConvexFusion(double alpha) implements Fusion {

    public ConvexFusion {
        if (!(alpha >= 0 && alpha <= 1)) {
            throw new IllegalArgumentException("alpha must be from 0 to 1, was " + alpha);
        }
    }

    @Override
    public Ranking fuse(String query, List<RankedChunk> vector, List<RankedChunk> keyword) {
        List<FusionInputs.Candidate> candidates = FusionInputs.union(vector, keyword);
        double[] v = range(vector);
        double[] k = range(keyword);
        double[] scores = new double[candidates.size()];
        for (int i = 0; i < scores.length; i++) {
            FusionInputs.Candidate c = candidates.get(i);
            scores[i] = alpha * normalized(c.vectorScore, v) + (1 - alpha) * normalized(c.keywordScore, k);
        }
        return new Ranking(FusionInputs.ranked(candidates, scores), new Weights(alpha, 1 - alpha));
    }

    /** The lowest and highest score of a list. */
    private static double[] range(List<RankedChunk> list) {
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (RankedChunk hit : list) {
            min = Math.min(min, hit.score());
            max = Math.max(max, hit.score());
        }
        return new double[]{min, max};
    }

    /** 0 to 1 within the list; 1 when all its scores are equal; 0 when the chunk is not in it. */
    private static double normalized(double score, double[] range) {
        if (Double.isNaN(score)) {
            return 0;
        }
        return range[1] > range[0] ? (score - range[0]) / (range[1] - range[0]) : 1;
    }

    @Override
    public String describe() {
        return String.format(Locale.ROOT, "convex:alpha=%s", ReciprocalRankFusion.number(alpha));
    }
}
