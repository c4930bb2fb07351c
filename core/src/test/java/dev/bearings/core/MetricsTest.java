package dev.bearings.core;

import dev.bearings.core.eval.Metrics;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class MetricsTest {
    private static final Map<String, Integer> RELEVANT = Map.of("a", 1, "b", 1);

    @Test
    void perfectRankingScoresOne() {
        assertThat(Metrics.ndcg(List.of("a", "b", "x"), RELEVANT, 10)).isCloseTo(1.0, within(1e-12));
        assertThat(Metrics.recall(List.of("a", "b"), RELEVANT, 10)).isEqualTo(1.0);
        assertThat(Metrics.mrr(List.of("a"), RELEVANT, 10)).isEqualTo(1.0);
    }

    @Test
    void literalValues() {
        // relevant at ranks 2 and 4: DCG = 1/log2(3) + 1/log2(5); ideal = 1 + 1/log2(3)
        double expected = (1 / (Math.log(3) / Math.log(2)) + 1 / (Math.log(5) / Math.log(2))) / (1 + 1 / (Math.log(3) / Math.log(2)));
        assertThat(Metrics.ndcg(List.of("x", "a", "y", "b"), RELEVANT, 10)).isCloseTo(expected, within(1e-12));
        assertThat(Metrics.ndcg(List.of("x", "a", "y", "b"), RELEVANT, 3)).isLessThan(expected);
        assertThat(Metrics.recall(List.of("x", "a", "y", "b"), RELEVANT, 3)).isEqualTo(0.5);
        assertThat(Metrics.mrr(List.of("x", "y", "a"), RELEVANT, 10)).isCloseTo(1 / 3.0, within(1e-12));
        assertThat(Metrics.mrr(List.of("x", "y", "a"), RELEVANT, 2)).isZero();
        assertThat(Metrics.ndcg(List.of("x"), Map.of(), 10)).isZero();
    }

    @Test
    void gradedRelevanceCounts() {
        Map<String, Integer> graded = Map.of("a", 2, "b", 1);
        assertThat(Metrics.ndcg(List.of("b", "a"), graded, 10)).isLessThan(Metrics.ndcg(List.of("a", "b"), graded, 10));
    }

    @Test
    void gradedLiteralValuesUseTheIdealOrderOfGrades() {
        Map<String, Integer> graded = Map.of("a", 3, "b", 1, "c", 2);
        double log3 = Math.log(3) / Math.log(2);
        // b, a, c: 1 + 3/log2(3) + 2/2; ideal a, c, b: 3 + 2/log2(3) + 1/2
        assertThat(Metrics.ndcg(List.of("b", "a", "c"), graded, 10)).isCloseTo((1 + 3 / log3 + 1) / (3 + 2 / log3 + 0.5),
                within(1e-12));
        assertThat(Metrics.ndcg(List.of("b"), graded, 1)).as("the ideal at k = 1 is the best grade alone")
                .isCloseTo(1 / 3.0, within(1e-12));
    }

    @Test
    void judgementsOfGradeZeroOrLessAreNotRelevant() {
        Map<String, Integer> judged = Map.of("a", 1, "n", 0, "m", -1);
        assertThat(Metrics.ndcg(List.of("n", "m", "a"), judged, 10)).isCloseTo(0.5, within(1e-12));
        assertThat(Metrics.recall(List.of("n", "a"), judged, 10)).isEqualTo(1.0);
        assertThat(Metrics.recall(List.of("n", "m"), judged, 10)).isZero();
        assertThat(Metrics.mrr(List.of("n", "a"), judged, 10)).isEqualTo(0.5);
        assertThat(Metrics.recall(List.of("a"), Map.of("n", 0), 10)).as("nothing relevant was judged").isZero();
    }

    @Test
    void onlyTheFirstKRanksCount() {
        assertThat(Metrics.recall(List.of("x", "a", "b"), RELEVANT, 2)).isEqualTo(0.5);
        assertThat(Metrics.recall(List.of("x", "a", "b"), RELEVANT, 3)).isEqualTo(1.0);
        assertThat(Metrics.recall(List.of("a", "a"), RELEVANT, 10)).as("a repeated id counts once").isEqualTo(0.5);
        assertThat(Metrics.mrr(List.of("x", "a"), RELEVANT, 2)).isEqualTo(0.5);
        assertThat(Metrics.ndcg(List.of("x", "a"), RELEVANT, 1)).isZero();
        assertThat(Metrics.ndcg(List.of("a"), RELEVANT, 1)).isEqualTo(1.0);
    }

    @Test
    void aRankThatFindsSeveralItemsCountsEachOnceAndNeverPassesOne() {
        Map<String, Integer> spans = Map.of("p1", 1, "p2", 1, "p3", 1);
        double log3 = Math.log(3) / Math.log(2);
        double ideal = 1 + 1 / log3 + 0.5;
        // rank 1 finds nothing judged, rank 2 finds p1 and p2, rank 3 finds p2 again
        List<Set<String>> found = List.of(Set.of("x"), Set.of("p1", "p2"), Set.of("p2"));
        assertThat(Metrics.ndcgOfFound(found, spans, 10)).isCloseTo(2 / log3 / ideal, within(1e-12));
        assertThat(Metrics.recallOfFound(found, spans, 10)).isCloseTo(2 / 3.0, within(1e-12));
        assertThat(Metrics.recallOfFound(found, spans, 1)).isZero();
        assertThat(Metrics.mrrOfFound(found, spans, 10)).isEqualTo(0.5);
        assertThat(Metrics.ndcgOfFound(List.of(Set.of("p1", "p2", "p3")), spans, 10)).as("capped at 1").isEqualTo(1.0);
        assertThat(Metrics.ndcgOfFound(List.of(Set.of("p1", "p2")), Map.of("p1", 1), 10)).isEqualTo(1.0);
    }
}
