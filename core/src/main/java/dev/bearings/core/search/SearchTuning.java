package dev.bearings.core.search;

import java.util.Objects;

/**
 * How an index of one model is searched: the fusion of its two lists and the thresholds of a strong
 * match. Each model's tuning is measured for it and lives here, in {@link #measuredFor}, the one place
 * that names models; an index records its own in its recipe, so that a newer default reaches it only
 * when it is rebuilt (an index recorded before a part existed gets its model's).
 */
public record SearchTuning(Fusion fusion, MatchStrength strength) {

    /**
     * bge-small-en-v1.5, the default model: the query-aware fusion of decision record 0003, the strength
     * thresholds of decision record 0006.
     */
    public static final SearchTuning BGE_SMALL = new SearchTuning(Fusion.QUERY_AWARE, new MatchStrength(0.67, 0.7, 0.56));

    /**
     * all-MiniLM-L6-v2: convex fusion at alpha 0.3, the best worst case of decision record 0002's suite.
     * Its strength thresholds are not measured (decision record 0006): set below bge-small's because its
     * cosines run lower; {@code StrengthFit --model minilm} measures them.
     */
    public static final SearchTuning MINILM = new SearchTuning(new ConvexFusion(0.3), new MatchStrength(0.5, 0.8, 0.35));

    public SearchTuning {
        Objects.requireNonNull(fusion, "fusion");
        Objects.requireNonNull(strength, "strength");
    }

    /**
     * The tuning measured for a model, by the model id its embedder reports: all-MiniLM-L6-v2 gets
     * {@link #MINILM}; bge-small-en-v1.5, and any model not measured, {@link #BGE_SMALL}.
     */
    public static SearchTuning measuredFor(String modelId) {
        return modelId.startsWith("all-MiniLM-L6-v2") ? MINILM : BGE_SMALL;
    }

    public SearchTuning withFusion(Fusion other) {
        return new SearchTuning(other, strength);
    }

    public SearchTuning withStrength(MatchStrength other) {
        return new SearchTuning(fusion, other);
    }
}
