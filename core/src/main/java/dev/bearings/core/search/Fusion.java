package dev.bearings.core.search;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * How hybrid search turns the vector list and the keyword list of one query into one ranking. The
 * kinds ({@link QueryAwareFusion}, {@link ReciprocalRankFusion}, {@link ConvexFusion},
 * {@link AdaptiveFusion}) were measured on the evaluation suite, and the default for each model chosen
 * there ({@link SearchTuning#measuredFor}): docs/decisions/0002-fusion-and-model.md and 0003-query-aware-fusion.md.
 * An index records the fusion it is searched with, in its recipe.
 */
public interface Fusion {

    /**
     * Hybrid search's default with bge-small-en-v1.5 (the default model), chosen on the suite's eight
     * datasets in both stores and checked by leaving each dataset out in turn: decision record 0003.
     */
    Fusion QUERY_AWARE = new QueryAwareFusion(0.5, 2, 2, -2);

    /** Reciprocal rank fusion as first published: k = 60, equal weights. */
    Fusion CLASSIC = new ReciprocalRankFusion(60, 1, 1);

    /** A fused hit, with the 1-based rank it had in the vector and keyword lists (0 where absent). */
    record Fused(StoredChunk chunk, double score, int vectorRank, int keywordRank) {
    }

    /**
     * How much each list counted for one query: the vector list's and the keyword list's share of the
     * fused score, summing to 1 (a search of one list alone gives it 1).
     */
    record Weights(double vector, double keyword) {
        public static final Weights VECTOR_ONLY = new Weights(1, 0);
        public static final Weights KEYWORD_ONLY = new Weights(0, 1);

        public Weights {
            if (!(vector >= 0 && keyword >= 0 && Math.abs(vector + keyword - 1) < 1e-9)) {
                throw new IllegalArgumentException("weights must be shares summing to 1, were " + vector + " and " + keyword);
            }
        }

        /** Shares from two non-negative weights, not both 0. */
        static Weights of(double vector, double keyword) {
            double sum = vector + keyword;
            return sum > 0 ? new Weights(vector / sum, 1 - vector / sum) : new Weights(0.5, 0.5);
        }
    }

    /** One query's fused ranking and the weights its lists got. */
    record Ranking(List<Fused> hits, Weights weights) {
        public Ranking {
            hits = List.copyOf(hits);
        }
    }

    /** The two lists as one ranking, best first; ties keep the order of first appearance, vector list first. */
    Ranking fuse(String query, List<RankedChunk> vector, List<RankedChunk> keyword);

    /** For tables and options: {@code rrf:k=10,kw=2}, the form {@link #parse} reads. */
    String describe();

    /**
     * Reads a fusion as {@link #describe} writes it: {@code rrf:k=10,vw=1,kw=2},
     * {@code convex:alpha=0.5}, {@code adaptive:k=10,vw=1,kwmin=0.5,kwmax=3},
     * {@code query-aware:bias=0.5,coverage=2,script=2,spread=-2}; omitted settings take the
     * kind's defaults (for {@code query-aware}, {@link #QUERY_AWARE}'s).
     *
     * @throws IllegalArgumentException naming the part it cannot read
     */
    static Fusion parse(String spec) {
        int colon = spec.indexOf(':');
        String kind = (colon < 0 ? spec : spec.substring(0, colon)).strip().toLowerCase(Locale.ROOT);
        Map<String, Double> values = new TreeMap<>();
        if (colon >= 0) {
            for (String part : spec.substring(colon + 1).split(",")) {
                String[] kv = part.split("=", 2);
                try {
                    values.put(kv[0].strip().toLowerCase(Locale.ROOT), Double.parseDouble(kv[1].strip()));
                } catch (RuntimeException e) {
                    throw new IllegalArgumentException("fusion '" + spec + "': '" + part + "' is not name=number");
                }
            }
        }
        Fusion fusion = switch (kind) {
            case "rrf" -> new ReciprocalRankFusion((int) take(values, "k", 10), take(values, "vw", 1), take(values, "kw", 1));
            case "convex" -> new ConvexFusion(take(values, "alpha", 0.5));
            case "adaptive" -> new AdaptiveFusion((int) take(values, "k", 10), take(values, "vw", 1),
                    take(values, "kwmin", 0.5), take(values, "kwmax", 3));
            case "query-aware" -> {
                QueryAwareFusion d = (QueryAwareFusion) QUERY_AWARE;
                yield new QueryAwareFusion(take(values, "bias", d.bias()), take(values, "coverage", d.coverage()),
                        take(values, "script", d.script()), take(values, "spread", d.spread()));
            }
            default -> throw new IllegalArgumentException("fusion '" + spec + "': the kinds are query-aware, rrf, convex and adaptive");
        };
        if (!values.isEmpty()) {
            throw new IllegalArgumentException("fusion '" + spec + "': " + kind + " takes no " + String.join(", ", values.keySet()));
        }
        return fusion;
    }

    private static double take(Map<String, Double> values, String name, double fallback) {
        Double value = values.remove(name);
        return value == null ? fallback : value;
    }
}
