package dev.bearings.core.search;

import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Whether a passage found is a strong match for its question or a weak one, from evidence that means the
 * same whatever else the search found: the fused score is scaled per question (its best hit is near 1
 * however poor it is), so it cannot say that nothing in the notes answers. A hit is strong when
 * <ul>
 *   <li>its vector similarity (the cosine of the question and the passage, before any scaling) reaches
 *       {@code similarity}, or</li>
 *   <li>it holds {@code keyword} of a full keyword match (the question's rare words, weighed by how rare
 *       they are: {@link KeywordSearch}) and its similarity reaches {@code agreement}: the two kinds of
 *       evidence agree.</li>
 * </ul>
 * The thresholds are the model's (a cosine of one model says nothing of another's): chosen on data in
 * decision record 0006, kept with the index in its recipe ({@link SearchTuning}).
 *
 * @param similarity the cosine from which a passage is strong on its meaning alone
 * @param keyword    the share of a full keyword match from which a passage is strong when its meaning agrees
 * @param agreement  the cosine the passage needs for its keywords to count
 */
public record MatchStrength(double similarity, double keyword, double agreement) {

    /** A hit's strength, as JSON and people read it. */
    public enum Level {
        STRONG, WEAK;

        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public MatchStrength {
        for (double value : new double[]{similarity, keyword, agreement}) {
            if (!Double.isFinite(value)) {
                throw new IllegalArgumentException("match strength thresholds must be finite numbers");
            }
        }
    }

    /**
     * The strength of a hit with this evidence.
     *
     * @param similarity its cosine with the question (NaN: unknown, which is weak)
     * @param keyword    its keyword score, a share of a full match (0 when keywords did not find it)
     */
    public Level of(double similarity, double keyword) {
        if (Double.isNaN(similarity)) {
            return Level.WEAK;
        }
        return similarity >= this.similarity || keyword >= this.keyword && similarity >= agreement ? Level.STRONG : Level.WEAK;
    }

    /** For manifests and tables: {@code similarity=0.66,keyword=0.8,agreement=0.5}, the form {@link #parse} reads. */
    public String describe() {
        return String.format(Locale.ROOT, "similarity=%s,keyword=%s,agreement=%s", ReciprocalRankFusion.number(similarity),
                ReciprocalRankFusion.number(keyword), ReciprocalRankFusion.number(agreement));
    }

    /**
     * Reads thresholds as {@link #describe} writes them; a threshold left out takes {@code defaults}'.
     *
     * @throws IllegalArgumentException naming the part it cannot read
     */
    public static MatchStrength parse(String spec, MatchStrength defaults) {
        Map<String, Double> values = new TreeMap<>();
        for (String part : spec.split(",")) {
            if (part.isBlank()) {
                continue;
            }
            String[] kv = part.split("=", 2);
            try {
                values.put(kv[0].strip().toLowerCase(Locale.ROOT), Double.parseDouble(kv[1].strip()));
            } catch (RuntimeException e) {
                throw new IllegalArgumentException("match strength '" + spec + "': '" + part + "' is not name=number");
            }
        }
        MatchStrength read = new MatchStrength(take(values, "similarity", defaults.similarity()),
                take(values, "keyword", defaults.keyword()), take(values, "agreement", defaults.agreement()));
        if (!values.isEmpty()) {
            throw new IllegalArgumentException("match strength '" + spec + "': no threshold " + String.join(", ", values.keySet())
                    + " (similarity, keyword, agreement)");
        }
        return read;
    }

    private static double take(Map<String, Double> values, String name, double fallback) {
        Double value = values.remove(name);
        return value == null ? fallback : value;
    }
}
