package dev.bearings.core.search;

import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Reciprocal rank fusion whose keyword weight follows the query: it goes from {@code minKeywordWeight}
 * to {@code maxKeywordWeight} with the share of the query's words (Japanese, Chinese and Korean as
 * bigrams) that the best keyword hit holds. A question asked in the note's own words, a name or a number
 * lets keywords lead; a question in other words, where the keyword list holds only stray matches,
 * leaves the lead to meaning. It needs nothing but the two lists and the query.
 *
 * @param k                damping of the top ranks
 * @param vectorWeight     weight of the vector list
 * @param minKeywordWeight the keyword weight when the best keyword hit holds none of the query's words
 * @param maxKeywordWeight the keyword weight when it holds all of them
 */
public record AdaptiveFusion(int k, double vectorWeight, double minKeywordWeight, double maxKeywordWeight)
        implements Fusion {

    public AdaptiveFusion {
        new ReciprocalRankFusion(k, vectorWeight, minKeywordWeight);
        if (!(maxKeywordWeight >= minKeywordWeight)) {
            throw new IllegalArgumentException("the highest keyword weight (" + maxKeywordWeight
                    + ") must not be below the lowest (" + minKeywordWeight + ")");
        }
    }

    @Override
    public Ranking fuse(String query, List<RankedChunk> vector, List<RankedChunk> keyword) {
        double coverage = keyword.isEmpty() ? 0 : coverage(query, keyword.get(0).chunk());
        double keywordWeight = minKeywordWeight + (maxKeywordWeight - minKeywordWeight) * coverage;
        return new ReciprocalRankFusion(k, vectorWeight, keywordWeight).fuse(query, vector, keyword);
    }

    /** The share of the query's clauses ({@link KeywordQuery}) that occur in the chunk, heading path included, in any of their spellings. */
    static double coverage(String query, StoredChunk chunk) {
        List<KeywordQuery.Clause> clauses = KeywordQuery.of(query).clauses();
        if (clauses.isEmpty()) {
            return 0;
        }
        Set<String> words = Snippets.words(chunk.headingPath() + "\n" + chunk.text());
        int found = 0;
        for (KeywordQuery.Clause clause : clauses) {
            found += clause.forms().stream().anyMatch(form -> Snippets.contains(words,
                    form.prefix() ? form.words().get(0) + "*" : form.text())) ? 1 : 0;
        }
        return (double) found / clauses.size();
    }

    @Override
    public String describe() {
        return String.format(Locale.ROOT, "adaptive:k=%d,vw=%s,kwmin=%s,kwmax=%s", k, ReciprocalRankFusion.number(vectorWeight),
                ReciprocalRankFusion.number(minKeywordWeight), ReciprocalRankFusion.number(maxKeywordWeight));
    }
}
