package dev.bearings.core.search;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * How hybrid search turns the vector list and the keyword list of one query into one ranking. The
 * kinds ({@link ReciprocalRankFusion}, {@link ConvexFusion}, {@link AdaptiveFusion}) were measured on
 * the evaluation suite, and the default chosen there: docs/decisions/0002-fusion-and-model.md.
 */
public interface Fusion {

    /**
     * What {@code bearings search} fuses with: min-max normalised scores, half from each list. With the
     * default model (bge-small-en-v1.5) it is the one of thirteen fusions measured on the suite (six
     * datasets) with the best worst case: in SQLite never below the better single list (+0.0006), in
     * Lucene 0.019 below it on ObliQA; rank fusions lose up to 0.17 on Japanese text and 0.08 on ArguAna,
     * where one list is much weaker than the other. Decision record 0002.
     */
    Fusion DEFAULT = new ConvexFusion(0.5);

    /** Reciprocal rank fusion as first published: k = 60, equal weights. */
    Fusion CLASSIC = new ReciprocalRankFusion(60, 1, 1);

    /** A fused hit, with the 1-based rank it had in the vector and keyword lists (0 where absent). */
    record Fused(StoredChunk chunk, double score, int vectorRank, int keywordRank) {
    }

    /** The two lists as one ranking, best first; ties keep the order of first appearance, vector list first. */
    List<Fused> fuse(String query, List<RankedChunk> vector, List<RankedChunk> keyword);

    /** For tables and options: {@code rrf:k=10,kw=2}, the form {@link #parse} reads. */
    String describe();

    /**
     * Reads a fusion as {@link #describe} writes it: {@code rrf:k=10,vw=1,kw=2},
     * {@code convex:alpha=0.5}, {@code adaptive:k=10,vw=1,kwmin=0.5,kwmax=3}; omitted settings take
     * the kind's defaults.
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
            default -> throw new IllegalArgumentException("fusion '" + spec + "': the kinds are rrf, convex and adaptive");
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
