package dev.bearings.store.sqlite;

import dev.bearings.core.note.IndexedNote;
import dev.bearings.core.search.CjkBigrams;
import dev.bearings.core.search.KeywordQuery;
import dev.bearings.core.search.RankedChunk;
import dev.bearings.core.search.SearchFilter;
import dev.bearings.core.search.StoredChunk;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.IntPredicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Search over the SQLite index: vectors from the index's vector file ({@link VectorFile}), kept in step
 * with the database and made again when a write changed the chunks; or, for an index from before the
 * file (format 3) and a folder that cannot be written, from all vectors read into memory (loaded once,
 * dropped on every write). FTS5's BM25 for keywords. Filters are applied before ranking for vectors and
 * on an over-fetched candidate list for keywords.
 */
final class SqliteSearch implements AutoCloseable {
    private static final Pattern WORD = Pattern.compile("[\\p{L}\\p{N}]+");
    private static final int KEYWORD_OVERFETCH = 4;
    /** Past this many rows kept out by {@code -word}, dropping them from a longer list costs more than FTS5's NOT. */
    private static final int MOST_KEPT_OUT = 1_000;
    private final Connection db;
    private final Path folder;
    private final boolean mayWrite;
    private Snapshot snapshot;
    private FileView file;
    /** How many chunks hold each FTS5 expression (a phrase, a clause), as of {@link #termsVersion}: what BM25's idf is made of. */
    private final Map<String, Long> chunksWithTerm = new HashMap<>();
    private long chunkCount = -1;
    private long termsVersion = -1;

    /** @param mayWrite whether a missing or stale vector file may be made in {@code folder} */
    SqliteSearch(Connection db, Path folder, boolean mayWrite) {
        this.db = db;
        this.folder = folder;
        this.mayWrite = mayWrite;
    }

    /** Our own connection wrote: what was read no longer matches ({@code data_version} sees only others' writes). */
    void invalidate() {
        snapshot = null;
        termsVersion = -1;
        if (file != null) {
            file.checkedAt = -1;
        }
    }

    /**
     * A vector search's view of the index, taken under the index's lock in a read transaction and
     * scanned without it: the vector file, or the vectors in memory, of one moment, with the rows the
     * filter keeps. {@link #done} when scanned.
     */
    interface VectorScan {
        /** The ids of the {@code limit} nearest chunks, best first, with their scores. */
        Map<Long, Double> nearest(float[] query, int limit) throws IOException;

        void done();
    }

    /** All vectors and note metadata, laid out for a fast scan, as of one {@code data_version}. */
    private record Snapshot(long[] ids, float[] vectors, int dimension, IndexedNote[] notes, long dataVersion) {
    }

    /** The vector file in use, the data version it was last found current at, and its rows' notes once a filter needed them. */
    private static final class FileView {
        final VectorFile vectors;
        long checkedAt;
        IndexedNote[] notes;

        FileView(VectorFile vectors, long checkedAt) {
            this.vectors = vectors;
            this.checkedAt = checkedAt;
        }
    }

    /** Changes whenever another connection (a {@code bearings index} beside us) commits. */
    private long dataVersion() throws SQLException {
        try (Statement s = db.createStatement(); ResultSet rows = s.executeQuery("PRAGMA data_version")) {
            return rows.getLong(1);
        }
    }

    /** Called inside a read transaction: what to scan for a query of {@code dimension} under {@code filter}. */
    VectorScan vectorScan(int dimension, SearchFilter filter) throws SQLException {
        Optional<FileView> view = fileView(dimension);
        if (view.isPresent()) {
            FileView v = view.get();
            IntPredicate keep = row -> true;
            if (!filter.isEmpty()) {
                if (v.notes == null) {
                    v.notes = rowNotes(v.vectors);
                }
                IndexedNote[] notes = v.notes;
                keep = row -> notes[row] != null && filter.matches(notes[row].source(), notes[row].tags(), notes[row].modified());
            }
            VectorFile vectors = v.vectors;
            vectors.use();
            IntPredicate kept = keep;
            return new VectorScan() {
                @Override
                public Map<Long, Double> nearest(float[] query, int limit) throws IOException {
                    Map<Long, Double> scores = new LinkedHashMap<>();
                    for (ExactScan.Hit hit : vectors.nearest(query, limit, kept)) {
                        scores.put(vectors.id(hit.row()), (double) hit.score());
                    }
                    return scores;
                }

                @Override
                public void done() {
                    vectors.done();
                }
            };
        }
        Snapshot s = snapshot(dimension);
        return new VectorScan() {
            @Override
            public Map<Long, Double> nearest(float[] query, int limit) {
                Map<Long, Double> scores = new LinkedHashMap<>();
                for (ExactScan.Hit hit : ExactScan.nearest(s.vectors(), s.ids().length, query, limit, row -> {
                    IndexedNote note = s.notes()[row];
                    return note != null && (filter.isEmpty() || filter.matches(note.source(), note.tags(), note.modified()));
                })) {
                    scores.put(s.ids()[hit.row()], (double) hit.score());
                }
                return scores;
            }

            @Override
            public void done() {
                // nothing held
            }
        };
    }

    /**
     * The vector file of the database's stamp, made first when it is missing or stale, the folder may
     * be written and the stamp is the one the last sync ended at; empty for an index with no stamp
     * (format 3), during a sync, or when the file cannot be made.
     */
    private Optional<FileView> fileView(int dimension) throws SQLException {
        long version = dataVersion();
        if (file != null && file.checkedAt == version) {
            return Optional.of(file);
        }
        Optional<Long> stamp = VectorFiles.stamp(db);
        if (stamp.isEmpty()) {
            retire();
            return Optional.empty();
        }
        if (file != null && file.vectors.stamp() == stamp.get()) {
            file.checkedAt = version;
            return Optional.of(file);
        }
        retire();
        try {
            Optional<VectorFile> found = VectorFile.open(folder, stamp.get(), dimension);
            // Made only for a stamp a sync ended at: while a sync writes note after note, each write a new
            // stamp, the vectors are read into memory as before, rather than a file written for each.
            if (found.isEmpty() && mayWrite && VectorFiles.syncedAt(db).equals(stamp)) {
                VectorFiles.write(db, folder, stamp.get(), dimension);
                found = VectorFile.open(folder, stamp.get(), dimension);
            }
            found.ifPresent(vectors -> file = new FileView(vectors, version));
        } catch (IOException | UncheckedIOException e) {
            // A full disk, a folder made read-only, a file another process is replacing: the vectors
            // are read into memory instead, as before there was a file.
            file = null;
        }
        if (file != null) {
            snapshot = null;
        }
        return Optional.ofNullable(file);
    }

    /** Makes the vector file now if the database's stamp has none: when a sync ends, so that no reader waits for it. */
    void refreshVectorFile(int dimension) throws SQLException {
        invalidate();
        fileView(dimension);
    }

    /** Where the last vector search read its vectors: "file", "memory" (every vector in the heap), or "none" yet. */
    String vectorsHeld() {
        return file != null ? "file" : snapshot != null ? "memory" : "none";
    }

    private void retire() {
        if (file != null) {
            file.vectors.done();
            file = null;
        }
    }

    @Override
    public void close() {
        retire();
    }

    /** Each row's note, for filtering: read when a filtered search first needs it. */
    private IndexedNote[] rowNotes(VectorFile vectors) throws SQLException {
        Map<String, IndexedNote> notes = notes();
        Map<Long, IndexedNote> byId = new HashMap<>();
        try (Statement s = db.createStatement(); ResultSet rows = s.executeQuery("SELECT id, source, note_id FROM chunks")) {
            while (rows.next()) {
                byId.put(rows.getLong(1), notes.get(rows.getString(2) + "\u0000" + rows.getString(3)));
            }
        }
        IndexedNote[] byRow = new IndexedNote[vectors.rows()];
        for (int row = 0; row < byRow.length; row++) {
            byRow[row] = byId.get(vectors.id(row));
        }
        return byRow;
    }

    /** Called inside the search's read transaction, so the snapshot and the chunks loaded after it agree. */
    private Snapshot snapshot(int dimension) throws SQLException {
        long version = dataVersion();
        if (snapshot != null && snapshot.dataVersion() == version) {
            return snapshot;
        }
        Map<String, IndexedNote> notes = notes();
        int count;
        try (Statement s = db.createStatement(); ResultSet rows = s.executeQuery("SELECT count(*) FROM chunks")) {
            count = rows.getInt(1);
        }
        long[] ids = new long[count];
        float[] vectors = new float[count * dimension];
        IndexedNote[] owners = new IndexedNote[count];
        int i = 0;
        try (Statement s = db.createStatement();
             ResultSet rows = s.executeQuery("SELECT id, source, note_id, vector FROM chunks")) {
            while (rows.next() && i < count) {
                ids[i] = rows.getLong(1);
                owners[i] = notes.get(rows.getString(2) + "\u0000" + rows.getString(3));
                float[] vector = SqliteChunkIndex.floats(rows.getBytes(4));
                System.arraycopy(vector, 0, vectors, i * dimension, dimension);
                i++;
            }
        }
        snapshot = new Snapshot(Arrays.copyOf(ids, i), vectors, dimension, Arrays.copyOf(owners, i), version);
        return snapshot;
    }

    /**
     * FTS5's BM25, each score divided by what a chunk of average length holding each of the query's
     * clauses once would score ({@link dev.bearings.core.search.KeywordSearch}): the sum of the clauses' idf,
     * as FTS5 computes it, for one occurrence at average length contributes exactly its idf. A clause is
     * its spellings OR-ed ({@link KeywordQuery}), each a phrase FTS5 scores with its own idf; spellings
     * no chunk holds are left out, and the best rows are found by {@link Bm25TopK}, which scores only the
     * rows that can be among them. A quoted phrase is required of every hit, and what the query keeps
     * out is left out with FTS5's NOT: such a query is ranked by FTS5 alone.
     */
    List<RankedChunk> keywords(String query, int limit, SearchFilter filter) throws SQLException {
        Expression expression = expression(KeywordQuery.of(query));
        if (expression.clauses().isEmpty()) {
            return List.of();
        }
        double fullMatch = 0;
        for (long n : rowsWithTerms(expression.clauses())) {
            fullMatch += Bm25TopK.idf(chunkCount, n);
        }
        int k = filter.isEmpty() ? limit : limit * KEYWORD_OVERFETCH;
        Map<Long, Double> found = expression.required().isEmpty() ? withoutExcluded(expression, k) : matching(expression, k);
        // The full-text table alone: joining each match to its chunk row before the top few are
        // picked costs a lookup per matching row, which made the query 4x slower at 100k chunks.
        Map<Long, Double> scores = new LinkedHashMap<>();
        for (Map.Entry<Long, Double> hit : found.entrySet()) {
            scores.put(hit.getKey(), hit.getValue() / fullMatch);
        }
        List<RankedChunk> ranked = load(scores);
        if (!filter.isEmpty()) {
            ranked = ranked.stream().filter(hit -> filter.matches(hit.chunk().note().source(), hit.chunk().note().tags(),
                    hit.chunk().note().modified())).limit(limit).toList();
        }
        return ranked;
    }

    /**
     * The best rows for an OR of phrases, those no row holds left out (they add nothing to any score), by
     * {@link Bm25TopK}.
     */
    private Map<Long, Double> anyPhrase(List<String> phrases, int k) throws SQLException {
        long[] counts = rowsWithTerms(phrases);
        List<String> held = new ArrayList<>();
        List<Long> heldCounts = new ArrayList<>();
        for (int i = 0; i < counts.length; i++) {
            if (counts[i] > 0) {
                held.add(phrases.get(i));
                heldCounts.add(counts[i]);
            }
        }
        if (held.isEmpty()) {
            return Map.of();
        }
        return new Bm25TopK(db).top(held, heldCounts.stream().mapToLong(Long::longValue).toArray(), chunkCount, k).scores();
    }

    /**
     * The best rows for the OR of the phrases less the rows that hold what the query keeps out: the best
     * {@code k} plus as many as are kept out, those dropped. FTS5's {@code NOT} scores the same rows the
     * same (a phrase a row does not hold adds nothing) but scores every row of the OR first. When more than
     * {@value #MOST_KEPT_OUT} rows are kept out, FTS5 ranks the whole expression.
     */
    private Map<Long, Double> withoutExcluded(Expression expression, int k) throws SQLException {
        if (expression.excluded().isEmpty()) {
            return anyPhrase(expression.phrases(), k);
        }
        Set<Long> out = new HashSet<>();
        try (PreparedStatement q = db.prepareStatement("SELECT rowid FROM chunk_text WHERE chunk_text MATCH ? LIMIT ?")) {
            q.setString(1, String.join(" OR ", expression.excluded()));
            q.setInt(2, MOST_KEPT_OUT + 1);
            try (ResultSet rows = q.executeQuery()) {
                while (rows.next()) {
                    out.add(rows.getLong(1));
                }
            }
        }
        if (out.size() > MOST_KEPT_OUT) {
            return matching(expression, k);
        }
        Map<Long, Double> found = new LinkedHashMap<>();
        for (Map.Entry<Long, Double> hit : anyPhrase(expression.phrases(), k + out.size()).entrySet()) {
            if (found.size() < k && !out.contains(hit.getKey())) {
                found.put(hit.getKey(), hit.getValue());
            }
        }
        return found;
    }

    /** The best rows for the whole expression, required phrases and exclusions included, ranked by FTS5. */
    private Map<Long, Double> matching(Expression expression, int k) throws SQLException {
        Map<Long, Double> scores = new LinkedHashMap<>();
        String required = expression.required().isEmpty() ? ""
                : "AND rowid IN (SELECT rowid FROM chunk_text WHERE chunk_text MATCH ?) ";
        try (PreparedStatement q = db.prepareStatement("SELECT rowid, -bm25(chunk_text, " + Bm25TopK.WEIGHTS + ") FROM chunk_text "
                + "WHERE chunk_text MATCH ? " + required + "ORDER BY bm25(chunk_text, " + Bm25TopK.WEIGHTS + ") LIMIT ?")) {
            int at = 1;
            q.setString(at++, expression.match());
            if (!expression.required().isEmpty()) {
                q.setString(at++, String.join(" AND ", expression.required()));
            }
            q.setInt(at, k);
            try (ResultSet rows = q.executeQuery()) {
                while (rows.next()) {
                    scores.put(rows.getLong(1), rows.getDouble(2));
                }
            }
        }
        return scores;
    }

    /**
     * A query as FTS5 expressions: each clause, each spelling of every clause (a phrase), the whole
     * match (the clauses OR-ed, less what is kept out), the required clauses and the excluded ones.
     */
    record Expression(List<String> clauses, List<String> phrases, String match, List<String> required,
                      List<String> excluded) {
    }

    static Expression expression(KeywordQuery query) {
        List<String> clauses = new ArrayList<>();
        Set<String> phrases = new LinkedHashSet<>();
        List<String> required = new ArrayList<>();
        for (KeywordQuery.Clause clause : query.clauses()) {
            List<String> forms = phrases(clause);
            if (!forms.isEmpty()) {
                String expression = forms.size() == 1 ? forms.get(0) : "(" + String.join(" OR ", forms) + ")";
                clauses.add(expression);
                phrases.addAll(forms);
                if (clause.required()) {
                    required.add(expression);
                }
            }
        }
        List<String> excluded = new ArrayList<>();
        for (KeywordQuery.Clause clause : query.excluded()) {
            excluded.addAll(phrases(clause));
        }
        // NOT binds tighter than OR in FTS5: the clauses are grouped before anything is taken from them.
        String match = excluded.isEmpty() ? String.join(" OR ", clauses)
                : "(" + String.join(" OR ", clauses) + ") NOT (" + String.join(" OR ", excluded) + ")";
        return new Expression(clauses, List.copyOf(phrases), match, required, excluded);
    }

    /**
     * A clause's spellings as FTS5 phrases: each a quoted string, which FTS5 reads as a phrase of the
     * words its tokenizer finds (so no character of a query is read as FTS5 syntax), Japanese, Chinese
     * and Korean cut into the bigrams they are indexed as; a prefix as FTS5's {@code "word" *}. Empty
     * when no spelling has a word.
     */
    static List<String> phrases(KeywordQuery.Clause clause) {
        Set<String> forms = new LinkedHashSet<>();
        for (KeywordQuery.Form form : clause.forms()) {
            String words = String.join(" ", words(form.text()));
            if (!words.isEmpty()) {
                forms.add("\"" + words + "\"" + (form.prefix() ? " *" : ""));
            }
        }
        return List.copyOf(forms);
    }

    /** The words FTS5 would index in a text: Japanese, Chinese and Korean as bigrams, the rest as runs of letters and digits. */
    private static List<String> words(String text) {
        List<String> words = new ArrayList<>();
        Matcher m = WORD.matcher(CjkBigrams.segment(text).toLowerCase(Locale.ROOT));
        while (m.find()) {
            words.add(m.group());
        }
        return words;
    }

    /** How many chunks match each FTS5 expression, as FTS5 counts them for its idf; the chunk count as of the same version. */
    private long[] rowsWithTerms(List<String> terms) throws SQLException {
        long version = dataVersion();
        if (version != termsVersion) {
            chunksWithTerm.clear();
            try (Statement s = db.createStatement(); ResultSet rows = s.executeQuery("SELECT count(*) FROM chunks")) {
                chunkCount = rows.getLong(1);
            }
            termsVersion = version;
        }
        long[] counts = new long[terms.size()];
        for (int i = 0; i < counts.length; i++) {
            String term = terms.get(i);
            Long n = chunksWithTerm.get(term);
            if (n == null) {
                try (PreparedStatement q = db.prepareStatement("SELECT count(*) FROM chunk_text WHERE chunk_text MATCH ?")) {
                    q.setString(1, term);
                    try (ResultSet rows = q.executeQuery()) {
                        n = rows.getLong(1);
                    }
                }
                if (chunksWithTerm.size() > 10_000) {
                    chunksWithTerm.clear();
                }
                chunksWithTerm.put(term, n);
            }
            counts[i] = n;
        }
        return counts;
    }

    List<IndexedNote> noteList() throws SQLException {
        List<IndexedNote> notes = new ArrayList<>();
        try (Statement s = db.createStatement(); ResultSet rows = s.executeQuery(
                "SELECT source, id, version, title, tags, modified, link FROM notes ORDER BY source, id")) {
            while (rows.next()) {
                notes.add(note(rows, 1));
            }
        }
        return notes;
    }

    /** The notes by source and id, for filtering hits. */
    private Map<String, IndexedNote> notes() throws SQLException {
        Map<String, IndexedNote> notes = new HashMap<>();
        for (IndexedNote note : noteList()) {
            notes.put(note.source() + "\u0000" + note.id(), note);
        }
        return notes;
    }

    private static IndexedNote note(ResultSet rows, int first) throws SQLException {
        String tags = rows.getString(first + 4);
        return new IndexedNote(rows.getString(first), rows.getString(first + 1), rows.getString(first + 2),
                rows.getString(first + 3), tags.isEmpty() ? Set.of() : Set.of(tags.split("\n")),
                Instant.ofEpochMilli(rows.getLong(first + 5)), rows.getString(first + 6));
    }

    /** The chunks with these ids, in the order of the map, each with its score. */
    List<RankedChunk> load(Map<Long, Double> scores) throws SQLException {
        if (scores.isEmpty()) {
            return List.of();
        }
        String marks = String.join(",", Collections.nCopies(scores.size(), "?"));
        Map<Long, StoredChunk> chunks = new HashMap<>();
        try (PreparedStatement q = db.prepareStatement("SELECT c.id, n.source, n.id, n.version, n.title, n.tags, n.modified, "
                + "n.link, c.ordinal, c.heading_path, c.start_line, c.end_line, c.text, c.attachment FROM chunks c "
                + "JOIN notes n ON n.source = c.source AND n.id = c.note_id WHERE c.id IN (" + marks + ")")) {
            int i = 1;
            for (Long id : scores.keySet()) {
                q.setLong(i++, id);
            }
            try (ResultSet rows = q.executeQuery()) {
                while (rows.next()) {
                    chunks.put(rows.getLong(1), new StoredChunk(note(rows, 2), rows.getInt(9), rows.getString(10),
                            rows.getInt(11), rows.getInt(12), rows.getString(13), rows.getString(14)));
                }
            }
        }
        List<RankedChunk> ranked = new ArrayList<>();
        scores.forEach((id, score) -> {
            if (chunks.containsKey(id)) {
                ranked.add(new RankedChunk(chunks.get(id), score));
            }
        });
        return ranked;
    }
}
