package dev.bearings.core.search;

import java.util.List;
import java.util.Locale;

/**
 * A convex combination of the two lists whose weights follow the query, from evidence the search
 * already has of which list to trust for it (decision record 0003):
 * <ul>
 *   <li>how much of the query the best keyword hit holds: its score as a share of a full match
 *       ({@link KeywordSearch}), so a hit holding one common word of four counts for little;</li>
 *   <li>how far the best vector hit stands above the list's {@value #FLOOR_RANK}th: a flat list is a
 *       model guessing (an English model reading Japanese, rulebooks that all look alike);</li>
 *   <li>whether the query is mostly in Japanese, Chinese or Korean, which an English model barely reads.</li>
 * </ul>
 * The keyword weight is {@code w = sigmoid(bias + coverage * min(best keyword, 1.5) + script * [CJK]
 * + spread * 10 * (best cosine - 20th cosine))}, the vector weight {@code 1 - w}. Each list's scores are
 * put on 0 to 1 against what they could be (after Bruch, Gai and Ingber's theoretical min-max): a cosine
 * from the list's {@value #FLOOR_RANK}th (0) to its best (1); a keyword score from 0 to the larger of a
 * full match and the best hit. A chunk absent from a list takes 0 from it.
 *
 * @param bias     the keyword weight's log-odds before any evidence
 * @param coverage its log-odds per full match held by the best keyword hit
 * @param script   its log-odds when the query is mostly Japanese, Chinese or Korean
 * @param spread   its log-odds per 0.1 of cosine between the best vector hit and the floor (negative:
 *                 a vector list that stands out takes the weight)
 */
public record QueryAwareFusion(double bias, double coverage, double script, double spread) implements Fusion {
    /** The vector hit whose cosine counts as no evidence. */
    static final int FLOOR_RANK = 20;
    /** A keyword hit can pass a full match; more than this says nothing more about the query. */
    private static final double COVERAGE_CAP = 1.5;
    /** The share of a query's letters in those scripts above which it counts as written in them. */
    private static final double CJK_SHARE = 0.3;

    public QueryAwareFusion {
        for (double value : new double[]{bias, coverage, script, spread}) {
            if (!Double.isFinite(value)) {
                throw new IllegalArgumentException("query-aware fusion settings must be finite numbers");
            }
        }
    }

    /**
     * What the fusion reads of one query and its lists.
     *
     * @param coverage the best keyword hit's share of a full match, at most 1.5
     * @param cjk      whether the query is mostly Japanese, Chinese or Korean
     * @param spread   the best cosine less the {@value #FLOOR_RANK}th (or the last, in a shorter list)
     */
    public record Evidence(double coverage, boolean cjk, double spread) {

        public static Evidence of(String query, List<RankedChunk> vector, List<RankedChunk> keyword) {
            double bestKeyword = keyword.stream().mapToDouble(RankedChunk::score).max().orElse(0);
            return new Evidence(Math.min(bestKeyword, COVERAGE_CAP), mostlyCjk(query),
                    vector.isEmpty() ? 0 : vector.get(0).score() - floor(vector));
        }
    }

    /** The keyword list's weight for a query with this evidence, from 0 to 1. */
    public double keywordWeight(Evidence evidence) {
        double logOdds = bias + coverage * evidence.coverage() + (evidence.cjk() ? script : 0) + spread * 10 * evidence.spread();
        return 1 / (1 + Math.exp(-logOdds));
    }

    @Override
    public Ranking fuse(String query, List<RankedChunk> vector, List<RankedChunk> keyword) {
        return weighed(vector, keyword, keywordWeight(Evidence.of(query, vector, keyword)));
    }

    /** The two lists, each on 0 to 1 as this fusion puts them, the keyword list weighing {@code keywordWeight}. */
    public static Ranking weighed(List<RankedChunk> vector, List<RankedChunk> keyword, double keywordWeight) {
        double bestCosine = vector.isEmpty() ? 0 : vector.get(0).score();
        double floor = vector.isEmpty() ? 0 : floor(vector);
        double keywordScale = Math.max(1, keyword.stream().mapToDouble(RankedChunk::score).max().orElse(0));
        List<FusionInputs.Candidate> candidates = FusionInputs.union(vector, keyword);
        double[] scores = new double[candidates.size()];
        for (int i = 0; i < scores.length; i++) {
            FusionInputs.Candidate c = candidates.get(i);
            double v = Double.isNaN(c.vectorScore) ? 0
                    : bestCosine > floor ? Math.max(0, Math.min(1, (c.vectorScore - floor) / (bestCosine - floor))) : 1;
            double k = Double.isNaN(c.keywordScore) ? 0 : Math.max(0, c.keywordScore / keywordScale);
            scores[i] = (1 - keywordWeight) * v + keywordWeight * k;
        }
        return new Ranking(FusionInputs.ranked(candidates, scores), new Weights(1 - keywordWeight, keywordWeight));
    }

    /** The cosine that counts as no evidence: the list's {@value #FLOOR_RANK}th, or its last (the list is best first). */
    private static double floor(List<RankedChunk> vector) {
        return vector.get(Math.min(FLOOR_RANK, vector.size()) - 1).score();
    }

    /** Whether most of the query's letters are Japanese, Chinese or Korean. */
    static boolean mostlyCjk(String query) {
        long letters = query.codePoints().filter(c -> !Character.isWhitespace(c)).count();
        long cjk = query.codePoints().filter(CjkBigrams::isCjk).count();
        return letters > 0 && cjk > CJK_SHARE * letters;
    }

    @Override
    public String describe() {
        return String.format(Locale.ROOT, "query-aware:bias=%s,coverage=%s,script=%s,spread=%s", ReciprocalRankFusion.number(bias),
                ReciprocalRankFusion.number(coverage), ReciprocalRankFusion.number(script), ReciprocalRankFusion.number(spread));
    }
}
