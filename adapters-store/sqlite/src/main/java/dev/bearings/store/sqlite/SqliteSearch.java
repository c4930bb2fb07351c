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
    private final Connection db;
    private final Path folder;
    private final boolean mayWrite;
    private Snapshot snapshot;
    private FileView file;
    /** How many chunks hold each query term, as of {@link #termsVersion}: what BM25's idf is made of. */
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
     * FTS5's BM25, each score divided by what a chunk of average length holding each query term once
     * would score ({@link dev.bearings.core.search.KeywordSearch}): the sum of the terms' idf, as FTS5
     * computes it, for one occurrence at average length contributes exactly its idf. The best rows are
     * found by {@link Bm25TopK}, which scores only the rows that can be among them.
     */
    List<RankedChunk> keywords(String query, int limit, SearchFilter filter) throws SQLException {
        List<String> terms = terms(query);
        if (terms.isEmpty()) {
            return List.of();
        }
        long[] rowsWithTerm = rowsWithTerms(terms);
        double fullMatch = 0;
        for (long n : rowsWithTerm) {
            fullMatch += Bm25TopK.idf(chunkCount, n);
        }
        // The full-text table alone: joining each match to its chunk row before the top few are
        // picked costs a lookup per matching row, which made the query 4x slower at 100k chunks.
        Map<Long, Double> scores = new LinkedHashMap<>();
        for (Map.Entry<Long, Double> hit : new Bm25TopK(db).top(terms, rowsWithTerm, chunkCount,
                filter.isEmpty() ? limit : limit * KEYWORD_OVERFETCH).scores().entrySet()) {
            scores.put(hit.getKey(), hit.getValue() / fullMatch);
        }
        List<RankedChunk> ranked = load(scores);
        if (!filter.isEmpty()) {
            ranked = ranked.stream().filter(hit -> filter.matches(hit.chunk().note().source(), hit.chunk().note().tags(),
                    hit.chunk().note().modified())).limit(limit).toList();
        }
        return ranked;
    }

    /** How many chunks hold each term, as FTS5 counts them for its idf; the chunk count as of the same version. */
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

    /**
     * The words keyword search matches ({@link KeywordQuery}), Japanese, Chinese and Korean as bigrams
     * as they are indexed, each as a quoted FTS5 term, so that no word is read as FTS5 syntax.
     */
    static List<String> terms(String query) {
        Set<String> words = new LinkedHashSet<>();
        Matcher m = WORD.matcher(CjkBigrams.segment(KeywordQuery.of(query).text()).toLowerCase(Locale.ROOT));
        while (m.find()) {
            words.add(m.group());
        }
        List<String> terms = new ArrayList<>();
        for (String word : words) {
            terms.add("\"" + word + "\"");
        }
        return terms;
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
