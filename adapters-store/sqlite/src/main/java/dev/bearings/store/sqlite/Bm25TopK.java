package dev.bearings.store.sqlite;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.IntStream;

/**
 * The best rows of FTS5's bm25 for an OR of terms, without scoring every row that holds a common
 * term. FTS5 scores each matching row before it sorts (26,030 rows for "remove printer powershell"
 * at 100,000 chunks, most of them for "powershell" alone); a row's bm25 is a sum over the terms, and a
 * term adds less than its idf times (k1 + 1) however often it occurs (MaxScore). So the rows that
 * hold none of the rarest terms cannot beat the k-th best row that holds one, once what the other
 * terms can add together is below that row's score; only the rows with a rare term are scored.
 *
 * <p>FTS5's bm25 covers exactly the phrases of the MATCH expression, each with its own idf, so those
 * rows are scored by two queries over all the phrases, {@code (rare) AND (rest)} and {@code (rare) NOT
 * (rest)}: the same score as the plain query's, but for the order of the sum (the last bits). When
 * the bound holds for no split, or one would save little, or a term is a phrase of several words or a
 * prefix, the plain query ranks every row.
 */
final class Bm25TopK {
    /** FTS5's bm25 constant: a term adds less than idf * (K1 + 1). */
    private static final double K1 = 1.2;
    /**
     * Splits whose rare terms are in more rows than this share of all the terms' rows are not worth the
     * queries (each of which counts every term's rows again for its idf).
     */
    private static final double WORTH_IT = 0.4;
    static final String WEIGHTS = "1.0, 0.5, 0.5";
    /**
     * The terms the split queries score as the plain query does. A phrase of several words or a prefix
     * is not: in {@code (a OR "b c") AND d}, FTS5's bm25 leaves out the phrase's hits in some of the rows
     * that hold it (seen in {@code Bm25TopKTest}), so a query with one is ranked by the plain query.
     */
    private static final Pattern ONE_WORD = Pattern.compile("\"[^\" ]+\"");
    /** Past this many rows holding a phrase or prefix, scoring them apart costs more than scoring every row. */
    private static final int MOST_PHRASE_ROWS = 200;
    /** Scores closer than this share of the best are the same score. */
    private static final double TIE = 1e-12;

    private final Connection db;

    Bm25TopK(Connection db) {
        this.db = db;
    }

    /**
     * The best rows, best first, with their scores; whether only the rows with a rare term were scored; how many
     * queries FTS5 scored rows for.
     */
    record Top(Map<Long, Double> scores, boolean pruned, int queries) {
    }

    /**
     * The {@code k} rows that score best for the OR of {@code terms} (quoted FTS5 phrases), best first,
     * ties by row id, each with its bm25 score (positive: higher is better).
     *
     * @param rowsWithTerm how many rows hold each term, in the order of {@code terms}
     * @param rows         how many rows the table holds
     */
    Top top(List<String> terms, long[] rowsWithTerm, long rows, int k) throws SQLException {
        if (!terms.stream().allMatch(term -> ONE_WORD.matcher(term).matches())) {
            return withPhrases(terms, rowsWithTerm, rows, k);
        }
        int m = terms.size();
        double[] bound = new double[m];
        long all = 0;
        for (int i = 0; i < m; i++) {
            bound[i] = idf(rows, rowsWithTerm[i]) * (K1 + 1);
            all += rowsWithTerm[i];
        }
        // Rarest first: the terms that can add the most.
        int[] order = IntStream.range(0, m).boxed()
                .sorted(Comparator.comparingDouble((Integer i) -> -bound[i]).thenComparing(i -> i)).mapToInt(i -> i).toArray();
        List<String> byBound = IntStream.of(order).mapToObj(terms::get).toList();
        // First the rarest terms, as few as hold k rows: their k-th best row's score is a floor under the
        // k-th best of all. Then, in one more step, every term down to where what the terms left can add
        // together is below that floor. Each step's queries count every phrase's rows for its idf again,
        // so there are two steps at most.
        double[] restBound = new double[m + 1];
        for (int i = m - 1; i >= 0; i--) {
            restBound[i] = restBound[i + 1] + bound[order[i]];
        }
        long rare = 0;
        int first = 0;
        while (first < m - 1 && rare < k) {
            rare += rowsWithTerm[order[first++]];
        }
        if (rare < k || rare > WORTH_IT * all) {
            return new Top(plain(terms, k), false, 1);
        }
        Map<Long, Double> scored = new HashMap<>();
        scoreRowsOf(byBound.subList(0, first), List.of(), byBound.subList(first, m), k, true, scored);
        if (scored.size() >= k) {
            double floor = best(scored, k).get(k - 1).getValue();
            int second = first;
            while (second < m && restBound[second] >= floor) {
                rare += rowsWithTerm[order[second++]];
            }
            if (second < m && rare <= WORTH_IT * all) {
                // Scoring more rows only raises the k-th best: the terms left stay below it.
                int queries = 2;
                if (second > first) {
                    // A row with none of the other terms scores at most what these terms can add together.
                    boolean alone = restBound[first] - restBound[second] >= floor;
                    scoreRowsOf(byBound.subList(first, second), byBound.subList(0, first), byBound.subList(second, m), k, alone, scored);
                    queries += alone ? 2 : 1;
                }
                Map<Long, Double> top = new LinkedHashMap<>();
                best(scored, k).forEach(e -> top.put(e.getKey(), e.getValue()));
                return new Top(top, true, queries);
            }
        }
        return new Top(plain(terms, k), false, 3);
    }

    /**
     * The best rows when some terms are phrases or prefixes: a row that holds none of them scores by the
     * single words alone (a phrase a row does not hold adds nothing), so the best of those come from the
     * words' pruned search, asked for as many more rows as hold a phrase; the rows that hold one are
     * scored by the plain query, one by one. When those rows are many, or there is no single word, the
     * plain query ranks every row.
     */
    private Top withPhrases(List<String> terms, long[] rowsWithTerm, long rows, int k) throws SQLException {
        List<String> words = new ArrayList<>();
        List<Long> wordRows = new ArrayList<>();
        List<String> phrases = new ArrayList<>();
        long phraseRows = 0;
        for (int i = 0; i < terms.size(); i++) {
            if (ONE_WORD.matcher(terms.get(i)).matches()) {
                words.add(terms.get(i));
                wordRows.add(rowsWithTerm[i]);
            } else {
                phrases.add(terms.get(i));
                phraseRows += rowsWithTerm[i];
            }
        }
        if (words.isEmpty() || phraseRows > MOST_PHRASE_ROWS) {
            return new Top(plain(terms, k), false, 1);
        }
        Top byWords = top(words, wordRows.stream().mapToLong(Long::longValue).toArray(), rows, k + (int) phraseRows);
        Map<Long, Double> scored = new HashMap<>(byWords.scores());
        // One row at a time: FTS5 scores a row it is pointed at as the plain query does, and a list of rows
        // (rowid IN) it scored a hundred times slower.
        List<Long> holding = new ArrayList<>();
        try (PreparedStatement q = db.prepareStatement("SELECT rowid FROM chunk_text WHERE chunk_text MATCH ?")) {
            q.setString(1, String.join(" OR ", phrases));
            try (ResultSet found = q.executeQuery()) {
                while (found.next()) {
                    holding.add(found.getLong(1));
                }
            }
        }
        try (PreparedStatement q = db.prepareStatement("SELECT -bm25(chunk_text, " + WEIGHTS + ") FROM chunk_text "
                + "WHERE chunk_text MATCH ? AND rowid = ?")) {
            q.setString(1, String.join(" OR ", terms));
            for (long row : holding) {
                q.setLong(2, row);
                try (ResultSet found = q.executeQuery()) {
                    if (found.next()) {
                        scored.put(row, found.getDouble(1));
                    }
                }
            }
        }
        Map<Long, Double> top = new LinkedHashMap<>();
        best(scored, k).forEach(e -> top.put(e.getKey(), e.getValue()));
        return new Top(top, byWords.pruned(), byWords.queries() + holding.size());
    }

    /** FTS5's idf: ln((N - n + 0.5) / (n + 0.5)), at least 1e-6. */
    static double idf(long rows, long rowsWithTerm) {
        return Math.max(1e-6, Math.log((rows - rowsWithTerm + 0.5) / (rowsWithTerm + 0.5)));
    }

    /**
     * Scores the best {@code k} of the rows that hold one of {@code terms} and none of {@code taken}, with
     * their score for the OR of all three lists: the best {@code k} of those that also hold one of {@code rest},
     * and, if {@code alone}, of those that do not, each scored by FTS5 over every phrase (the phrases a row does
     * not hold add nothing). SQLite keeps the best as it scores: a row that is not among them never reaches Java.
     */
    private void scoreRowsOf(List<String> terms, List<String> taken, List<String> rest, int k, boolean alone,
                             Map<Long, Double> scored) throws SQLException {
        String any = "(" + String.join(" OR ", terms) + ")";
        String without = taken.isEmpty() ? "" : " NOT (" + String.join(" OR ", taken) + ")";
        scored.putAll(ranked("(" + any + " AND (" + String.join(" OR ", rest) + "))" + without, k));
        if (alone) {
            scored.putAll(ranked(any + " NOT (" + String.join(" OR ", concat(taken, rest)) + ")", k));
        }
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> both = new ArrayList<>(a);
        both.addAll(b);
        return both;
    }

    /**
     * Best first, ties by row id as the plain query orders them. Scores are compared to 12 digits of
     * the best one, as two rows that FTS5 scores the same may differ here in the last bits, their sums
     * taken in other orders.
     */
    private static List<Map.Entry<Long, Double>> best(Map<Long, Double> scored, int k) {
        double step = scored.values().stream().mapToDouble(Math::abs).max().orElse(1) * TIE;
        List<Map.Entry<Long, Double>> sorted = new ArrayList<>(scored.entrySet());
        sorted.sort(Comparator.comparingDouble((Map.Entry<Long, Double> e) -> -Math.rint(e.getValue() / step))
                .thenComparing(Map.Entry.comparingByKey()));
        return sorted.subList(0, Math.min(k, sorted.size()));
    }

    /** Every matching row scored by FTS5, the best {@code k} kept, ties by row id. */
    Map<Long, Double> plain(List<String> terms, int k) throws SQLException {
        return ranked(String.join(" OR ", terms), k);
    }

    /** The {@code k} rows that FTS5 scores best for {@code match}, best first, ties by row id. */
    private Map<Long, Double> ranked(String match, int k) throws SQLException {
        Map<Long, Double> scores = new LinkedHashMap<>();
        try (PreparedStatement q = db.prepareStatement("SELECT rowid, -bm25(chunk_text, " + WEIGHTS + ") FROM chunk_text "
                + "WHERE chunk_text MATCH ? ORDER BY bm25(chunk_text, " + WEIGHTS + "), rowid LIMIT ?")) {
            q.setString(1, match);
            q.setInt(2, k);
            try (ResultSet rows = q.executeQuery()) {
                while (rows.next()) {
                    scores.put(rows.getLong(1), rows.getDouble(2));
                }
            }
        }
        return scores;
    }
}
