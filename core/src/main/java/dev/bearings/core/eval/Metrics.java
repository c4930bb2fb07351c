package dev.bearings.core.eval;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Retrieval metrics of one query, as BEIR and TREC define them: nDCG@k with graded relevance
 * (gain = grade, discount log2(rank + 1), ideal from the judged grades), Recall@k over the judged
 * relevant items, MRR@k of the first relevant item.
 */
public final class Metrics {

    private Metrics() {
    }

    /** @param ranked item ids best first, without duplicates; @param relevant item id to grade (> 0) */
    public static double ndcg(List<String> ranked, Map<String, Integer> relevant, int k) {
        double dcg = 0;
        for (int i = 0; i < Math.min(k, ranked.size()); i++) {
            int grade = relevant.getOrDefault(ranked.get(i), 0);
            if (grade > 0) {
                dcg += grade / log2(i + 2);
            }
        }
        List<Integer> grades = relevant.values().stream().filter(g -> g > 0).sorted((a, b) -> b - a).toList();
        double ideal = 0;
        for (int i = 0; i < Math.min(k, grades.size()); i++) {
            ideal += grades.get(i) / log2(i + 2);
        }
        return ideal == 0 ? 0 : dcg / ideal;
    }

    public static double recall(List<String> ranked, Map<String, Integer> relevant, int k) {
        long wanted = relevant.values().stream().filter(g -> g > 0).count();
        if (wanted == 0) {
            return 0;
        }
        Set<String> seen = new HashSet<>();
        int found = 0;
        for (int i = 0; i < Math.min(k, ranked.size()); i++) {
            if (relevant.getOrDefault(ranked.get(i), 0) > 0 && seen.add(ranked.get(i))) {
                found++;
            }
        }
        return (double) found / wanted;
    }

    public static double mrr(List<String> ranked, Map<String, Integer> relevant, int k) {
        for (int i = 0; i < Math.min(k, ranked.size()); i++) {
            if (relevant.getOrDefault(ranked.get(i), 0) > 0) {
                return 1.0 / (i + 1);
            }
        }
        return 0;
    }

    private static double log2(double x) {
        return Math.log(x) / Math.log(2);
    }
}
