package dev.bearings.core;

import dev.bearings.core.eval.Metrics;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

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
}
