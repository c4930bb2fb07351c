package dev.bearings.store.sqlite;

import dev.bearings.core.index.ChunkIndex;
import dev.bearings.core.index.IndexedChunk;
import dev.bearings.core.note.IndexedNote;
import dev.bearings.testkit.ChunkIndexContract;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The pruned keyword search against FTS5 scoring every row, on a real index of 3,000 chunks whose
 * words follow Zipf's law (a few words in most chunks, most words in few), with queries that mix
 * common and rare words, some with a phrase or a prefix among them (as {@code KeywordQuery}'s spellings
 * are): the same rows in the same order with the same scores, while most queries score only the rows
 * with a rare word.
 */
class Bm25TopKTest {
    private static final int WORDS = 3_000;
    private static final java.util.Comparator<Double> SAME_SCORE = (a, b) -> Math.abs(a - b) <= 1e-9 ? 0 : Double.compare(a, b);

    @TempDir
    Path folder;

    @Test
    void findsWhatScoringEveryRowFinds() throws Exception {
        Random random = new Random(7);
        double[] zipf = zipf();
        try (ChunkIndex index = SqliteChunkIndex.open(folder, ChunkIndexContract.RECIPE, true)) {
            for (int note = 0; note < 300; note++) {
                List<IndexedChunk> chunks = new ArrayList<>();
                for (int c = 0; c < 10; c++) {
                    chunks.add(new IndexedChunk(c, "# " + text(random, zipf, 3), 1, 2, text(random, zipf, 10 + random.nextInt(80)),
                            note + "-" + c, new float[]{1, 0, 0, 0}, ""));
                }
                index.replaceNote(new IndexedNote("folder:/n", note + ".md", "v1", text(random, zipf, 2), Set.of(),
                        Instant.EPOCH, "file:///n/" + note + ".md"), chunks);
            }
        }
        int pruned = 0;
        int loneWordsPassedOver = 0;
        int words = 0;
        int queries = 300;
        try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + folder.resolve(SqliteChunkIndex.FILE_NAME))) {
            Bm25TopK topK = new Bm25TopK(db);
            long rows = count(db, "SELECT count(*) FROM chunks", null);
            for (int q = 0; q < queries; q++) {
                List<String> terms = new ArrayList<>();
                int length = 2 + random.nextInt(4);
                for (int w = 0; w < length; w++) {
                    // Half the words among the 30 commonest, half anywhere.
                    String term = "\"" + word(w % 2 == 0 ? random.nextInt(30) : draw(random, zipf)) + "\"";
                    if (!terms.contains(term)) {
                        terms.add(term);
                    }
                }
                // Spellings as KeywordQuery makes them: two words in a row, and the start of a word.
                if (q % 4 == 1) {
                    terms.add("\"" + word(random.nextInt(4)) + " " + word(random.nextInt(4)) + "\"");
                } else if (q % 4 == 2) {
                    terms.add("\"" + word(random.nextInt(30)).substring(0, 2) + "\" *");
                }
                terms.removeIf(term -> count(db, "SELECT count(*) FROM chunk_text WHERE chunk_text MATCH ?", term) == 0);
                long[] rowsWithTerm = new long[terms.size()];
                for (int i = 0; i < terms.size(); i++) {
                    rowsWithTerm[i] = count(db, "SELECT count(*) FROM chunk_text WHERE chunk_text MATCH ?", terms.get(i));
                }
                int k = q % 3 == 0 ? 200 : 50;
                Bm25TopK.Top top = topK.top(terms, rowsWithTerm, rows, k);
                Map<Long, Double> expected = topK.plain(terms, k);
                // The same scores in the same order; rows whose scores differ only in the last bits (the
                // same sum taken in another order) may change places.
                assertThat(top.scores().values()).as("scores for %s", terms).usingElementComparator(SAME_SCORE)
                        .containsExactlyElementsOf(expected.values());
                double last = new ArrayList<>(expected.values()).get(expected.size() - 1);
                for (Map.Entry<Long, Double> hit : top.scores().entrySet()) {
                    assertThat(hit.getValue()).as("row %d for %s", hit.getKey(), terms)
                            .isCloseTo(expected.getOrDefault(hit.getKey(), last), within(1e-9));
                }
                if (terms.stream().allMatch(term -> term.matches("\"[a-z0-9]+\""))) {
                    words++;
                    pruned += top.pruned() ? 1 : 0;
                    // Two queries for the rarest words, one for the next ones with the rest: the rows with only the next
                    // words could not reach the k-th best.
                    loneWordsPassedOver += top.pruned() && top.queries() == 3 ? 1 : 0;
                }
            }
        }
        assertThat(pruned).as("queries of single words answered from the rows with a rare word").isGreaterThan(words / 2);
        assertThat(loneWordsPassedOver).as("second steps whose words alone could not reach the k-th best, not scored").isPositive();
    }

    private static long count(Connection db, String sql, String term) {
        try (PreparedStatement q = db.prepareStatement(sql)) {
            if (term != null) {
                q.setString(1, term);
            }
            try (ResultSet rows = q.executeQuery()) {
                return rows.getLong(1);
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static double[] zipf() {
        double[] cumulative = new double[WORDS];
        double sum = 0;
        for (int i = 0; i < WORDS; i++) {
            sum += 1.0 / (i + 1);
            cumulative[i] = sum;
        }
        for (int i = 0; i < WORDS; i++) {
            cumulative[i] /= sum;
        }
        return cumulative;
    }

    private static int draw(Random random, double[] zipf) {
        int at = java.util.Arrays.binarySearch(zipf, random.nextDouble());
        return Math.min(WORDS - 1, at < 0 ? -at - 1 : at);
    }

    /** Words the Porter stemmer leaves as they are. */
    private static String word(int rank) {
        return "w" + Integer.toString(rank, 26).replace('0', 'q') + "x";
    }

    private static String text(Random random, double[] zipf, int words) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < words; i++) {
            text.append(i == 0 ? "" : " ").append(word(draw(random, zipf)));
        }
        return text.toString();
    }
}
