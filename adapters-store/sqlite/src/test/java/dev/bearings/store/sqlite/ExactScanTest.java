package dev.bearings.store.sqlite;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.function.IntPredicate;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

/**
 * The scan against the plainest reference there is: every dot product in double precision, sorted.
 * Sizes below and above the split, a dimension that is not a multiple of eight, a filter, the best
 * rows put on the first row, the last row and the rows where the work is split.
 */
class ExactScanTest {

    @ParameterizedTest
    @CsvSource({"1000, 384", "20000, 13", "50001, 24"})
    void findsWhatEveryDotProductSortedFinds(int rows, int dimension) {
        Random random = new Random(rows);
        float[] vectors = new float[(rows + 5) * dimension]; // rows beyond the count are never read
        for (int i = 0; i < vectors.length; i++) {
            vectors[i] = (float) random.nextGaussian();
        }
        float[] query = new float[dimension];
        for (int d = 0; d < dimension; d++) {
            query[d] = (float) random.nextGaussian();
        }
        int cores = Runtime.getRuntime().availableProcessors();
        for (int row : IntStream.concat(IntStream.of(0, rows - 1, rows / 2, rows / 2 - 1),
                IntStream.range(1, cores).map(p -> (int) ((long) rows * p / cores))).toArray()) {
            for (int d = 0; d < dimension; d++) {
                vectors[row * dimension + d] = query[d] * 3;
            }
        }
        Arrays.fill(vectors, rows * dimension, vectors.length, 1000f); // would win, if they were read
        for (IntPredicate keep : List.<IntPredicate>of(row -> true, row -> row % 3 != 1)) {
            List<ExactScan.Hit> found = ExactScan.nearest(vectors, rows, query, 12, keep);
            List<Integer> expected = IntStream.range(0, rows).filter(keep).boxed()
                    .sorted(Comparator.comparingDouble((Integer row) -> -reference(vectors, row, query))).limit(12).toList();
            assertThat(found).extracting(ExactScan.Hit::row).containsExactlyElementsOf(expected);
            for (ExactScan.Hit hit : found) {
                assertThat((double) hit.score()).isCloseTo(reference(vectors, hit.row(), query),
                        offset(1e-3 * Math.max(1, Math.abs(hit.score()))));
            }
        }
    }

    @ParameterizedTest
    @CsvSource({"10, 8", "30000, 8"})
    void givesEveryKeptRowWhenThereAreFewerThanTheLimit(int rows, int dimension) {
        float[] vectors = new float[rows * dimension];
        float[] query = new float[dimension];
        Arrays.fill(query, 1);
        for (int row = 0; row < rows; row++) {
            vectors[row * dimension] = row;
        }
        assertThat(ExactScan.nearest(vectors, rows, query, 50, row -> row % 1000 == 7)).extracting(ExactScan.Hit::row)
                .containsExactlyElementsOf(IntStream.range(0, rows).filter(row -> row % 1000 == 7).boxed()
                        .sorted(Comparator.reverseOrder()).toList());
    }

    private static double reference(float[] vectors, int row, float[] query) {
        double dot = 0;
        for (int d = 0; d < query.length; d++) {
            dot += (double) query[d] * vectors[row * query.length + d];
        }
        return dot;
    }

}
