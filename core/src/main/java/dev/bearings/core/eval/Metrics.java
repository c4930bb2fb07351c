package dev.bearings.core.eval;

import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Retrieval metrics of one query, as BEIR and TREC define them: nDCG@k with graded relevance
 * (gain = grade, discount log2(rank + 1), ideal from the judged grades), Recall@k over the judged
 * relevant items, MRR@k of the first relevant item.
 *
 * <p>Each takes the ranking as what each rank found: one item (a document), or several (a passage
 * of a note can cover more than one judged span). An item counts once, at the first rank that finds
 * it; nDCG's ideal places one item per rank, so a rank that finds several can only bring the score
 * to 1, never past it.
 */
public final class Metrics {

    private Metrics() {
    }

    /** @param ranked item ids best first; @param relevant item id to grade (only grades above 0 are relevant) */
    public static double ndcg(List<String> ranked, Map<String, Integer> relevant, int k) {
        return ndcgOfFound(singletons(ranked), relevant, k);
    }

    public static double recall(List<String> ranked, Map<String, Integer> relevant, int k) {
        return recallOfFound(singletons(ranked), relevant, k);
    }

    public static double mrr(List<String> ranked, Map<String, Integer> relevant, int k) {
        return mrrOfFound(singletons(ranked), relevant, k);
    }

    /** nDCG@k where each rank found a set of items. */
    public static double ndcgOfFound(List<? extends Collection<String>> found, Map<String, Integer> relevant, int k) {
        Set<String> seen = new HashSet<>();
        double dcg = 0;
        for (int i = 0; i < Math.min(k, found.size()); i++) {
            for (String item : found.get(i)) {
                int grade = relevant.getOrDefault(item, 0);
                if (grade > 0 && seen.add(item)) {
                    dcg += grade / log2(i + 2);
                }
            }
        }
        List<Integer> grades = relevant.values().stream().filter(g -> g > 0).sorted((a, b) -> b - a).toList();
        double ideal = 0;
        for (int i = 0; i < Math.min(k, grades.size()); i++) {
            ideal += grades.get(i) / log2(i + 2);
        }
        return ideal == 0 ? 0 : Math.min(1, dcg / ideal);
    }

    /** Recall@k where each rank found a set of items. */
    public static double recallOfFound(List<? extends Collection<String>> found, Map<String, Integer> relevant, int k) {
        long wanted = relevant.values().stream().filter(g -> g > 0).count();
        if (wanted == 0) {
            return 0;
        }
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < Math.min(k, found.size()); i++) {
            for (String item : found.get(i)) {
                if (relevant.getOrDefault(item, 0) > 0) {
                    seen.add(item);
                }
            }
        }
        return (double) seen.size() / wanted;
    }

    /** MRR@k where each rank found a set of items. */
    public static double mrrOfFound(List<? extends Collection<String>> found, Map<String, Integer> relevant, int k) {
        for (int i = 0; i < Math.min(k, found.size()); i++) {
            for (String item : found.get(i)) {
                if (relevant.getOrDefault(item, 0) > 0) {
                    return 1.0 / (i + 1);
                }
            }
        }
        return 0;
    }

    private static List<Set<String>> singletons(List<String> ranked) {
        return ranked.stream().map(Set::of).toList();
    }

    private static double log2(double x) {
        return Math.log(x) / Math.log(2);
    }
}
