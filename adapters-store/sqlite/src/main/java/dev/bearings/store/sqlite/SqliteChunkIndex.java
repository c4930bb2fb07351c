package dev.bearings.store.sqlite;

import dev.bearings.core.index.ChunkIndex;
import dev.bearings.core.index.ChunkIndexStore.IndexUnreadableException;
import dev.bearings.core.index.ChunkIndexStore.IndexUnreadableException.Problem;
import dev.bearings.core.index.IndexManifest;
import dev.bearings.core.index.IndexMismatchException;
import dev.bearings.core.index.IndexRecipe;
import dev.bearings.core.index.IndexStats;
import dev.bearings.core.index.IndexedChunk;
import dev.bearings.core.note.IndexedNote;
import dev.bearings.core.search.CjkBigrams;
import dev.bearings.core.search.KeywordSearch;
import dev.bearings.core.search.RankedChunk;
import dev.bearings.core.search.SearchFilter;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import org.sqlite.SQLiteErrorCode;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * {@link ChunkIndex} in one SQLite file ({@code bearings.sqlite}) in WAL mode: notes, chunks with
 * their vectors as little-endian float32 blobs, and an FTS5 table over the chunk text for keyword
 * search. Each note is replaced in one transaction. Two connections: one for everything but keyword
 * search, used under this object's lock, and one for keyword search under a lock of its own, so that
 * the keyword and vector lists of one question are searched side by side.
 */
public final class SqliteChunkIndex implements ChunkIndex, KeywordSearch {
    /**
     * 2: keywords stemmed (Porter) in the FTS5 table. 3: Japanese, Chinese and Korean as bigrams in
     * it; a format-2 index is upgraded in place when opened for writing (the keyword table is filled
     * again from the chunks; nothing is embedded again). 4: the vectors also in a file beside the
     * database ({@link VectorFile}), which a search reads in place, and a vector stamp in the manifest's
     * table that every write of chunks renews; a format-3 index is searched as before (its vectors read
     * into memory) and upgraded when next opened for writing, by the next sync: the stamp recorded, the
     * file written when the sync ends (or by the first search after it).
     */
    static final int FORMAT_VERSION = 4;
    static final String FILE_NAME = "bearings.sqlite";
    private static final int IN_LIST = 500;

    private final Path file;
    private final Connection db;
    private final IndexManifest manifest;
    private final SqliteSearch search;
    private final Connection keywordDb;
    private final SqliteSearch keywordSearch;
    /** Whether every write is part of one transaction that {@link #publish()} commits: a rebuild readers do not see yet. */
    private boolean rebuilding;

    private SqliteChunkIndex(Path file, Connection db, Connection keywordDb, IndexManifest manifest, boolean mayWrite) {
        this.file = file;
        this.db = db;
        this.manifest = manifest;
        this.search = new SqliteSearch(db, file.getParent(), mayWrite);
        this.keywordDb = keywordDb;
        this.keywordSearch = new SqliteSearch(keywordDb, file.getParent(), false);
    }

    /**
     * The shared-memory file, which every reader maps; the vector file, which a reader makes when a
     * write left it stale (the write itself changed the database); and an empty write-ahead log: SQLite deletes the
     * log when its last reader closes and makes it again when the next one opens, so its time would
     * tell a server its reader was stale because a reader had just been opened. A log with content is
     * a write.
     */
    static boolean leftByReaders(Path file) {
        String name = file.getFileName().toString();
        if (name.equals(FILE_NAME + "-shm") || VectorFile.isOurs(name)) {
            return true;
        }
        try {
            return name.equals(FILE_NAME + "-wal") && Files.size(file) == 0;
        } catch (IOException gone) {
            // Deleted as we looked: what is not there is no write.
            return true;
        }
    }

    static SqliteChunkIndex open(Path folder, IndexRecipe recipe, boolean rebuild)
            throws IndexMismatchException, IndexUnreadableException {
        IndexManifest wanted = new IndexManifest(FORMAT_VERSION, recipe);
        Path file = folder.resolve(FILE_NAME);
        try {
            Files.createDirectories(folder);
            if (rebuild) {
                Optional<SqliteChunkIndex> beside = rebuildingBeside(file, wanted);
                if (beside.isPresent()) {
                    return beside.get();
                }
                for (String suffix : new String[]{"", "-wal", "-shm", "-journal"}) {
                    Files.deleteIfExists(folder.resolve(FILE_NAME + suffix));
                }
                Files.deleteIfExists(folder.resolve(VectorFile.NAME));
            }
            createPrivate(file);
        } catch (IOException e) {
            throw new IndexUnreadableException(folder, Problem.UNWRITABLE, "the folder cannot be written ("
                    + dev.bearings.core.source.Failure.of(e) + ")", e);
        }
        Connection db = null;
        try {
            db = connectWriting(file);
            Optional<IndexManifest> existing = readManifest(db);
            if (existing.isPresent() && existing.get().formatVersion() == 2) {
                existing = Optional.of(upgradeFromFormat2(db, existing.get()));
            }
            if (existing.isPresent() && existing.get().formatVersion() == 3) {
                existing = Optional.of(upgradeFromFormat3(db, existing.get()));
            }
            if (existing.isPresent()) {
                try {
                    existing.get().requireSameAs(wanted, folder);
                } catch (IndexMismatchException e) {
                    db.close();
                    throw e;
                }
            } else {
                createSchema(db, wanted);
            }
            return new SqliteChunkIndex(file, db, connect("jdbc:sqlite:" + file), wanted, true);
        } catch (SQLException e) {
            closeQuietly(db);
            throw unreadable(folder, e);
        }
    }

    /**
     * A rebuild of a readable index of this format, in one transaction on the index itself: its tables
     * made again empty, every note written, and all of it committed by {@link #publish()}. Readers (WAL)
     * see the index as it was until then; a rebuild stopped, or closed unpublished, leaves it whole.
     * Empty when the file is absent, damaged or of another format: such an index is made anew in place.
     */
    private static Optional<SqliteChunkIndex> rebuildingBeside(Path file, IndexManifest wanted) throws IndexUnreadableException {
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        Connection db = null;
        try {
            db = connectWriting(file);
            Optional<IndexManifest> existing = readManifest(db);
            if (existing.isEmpty() || existing.get().formatVersion() != FORMAT_VERSION) {
                db.close();
                return Optional.empty();
            }
            db.setAutoCommit(false);
            List<String> tables = new ArrayList<>();
            try (Statement s = db.createStatement(); ResultSet rows = s.executeQuery("SELECT name FROM sqlite_master WHERE type = 'table' "
                    + "AND name NOT LIKE 'sqlite%' AND sql NOT LIKE 'CREATE VIRTUAL%' ORDER BY name")) {
                while (rows.next()) {
                    tables.add(rows.getString(1));
                }
            }
            try (Statement s = db.createStatement()) {
                s.execute("DROP TABLE IF EXISTS chunk_text");
                for (String table : tables) {
                    if (!table.startsWith("chunk_text_")) {
                        s.execute("DROP TABLE IF EXISTS \"" + table + "\"");
                    }
                }
            }
            createSchema(db, wanted);
            SqliteChunkIndex index = new SqliteChunkIndex(file, db, connect("jdbc:sqlite:" + file), wanted, true);
            index.rebuilding = true;
            return Optional.of(index);
        } catch (SQLException e) {
            if (db != null) {
                try {
                    db.rollback();
                } catch (SQLException ignored) {
                    // not in a transaction yet: nothing to undo
                }
            }
            closeQuietly(db);
            // Only a damaged index is made anew in place; a busy, full or unwritable one is said, and left whole.
            if (Diagnosis.of(e).problem() != Problem.DAMAGED) {
                throw unreadable(file.getParent(), e);
            }
            return Optional.empty();
        }
    }

    /**
     * Makes the database file, empty and its owner's alone, before SQLite opens it: SQLite gives its journal,
     * log and shared-memory files the database file's permissions, so none of them is ever readable by others.
     */
    private static void createPrivate(Path file) throws IOException {
        if (Files.exists(file, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        if (Files.getFileAttributeView(file.getParent(), java.nio.file.attribute.PosixFileAttributeView.class) != null) {
            Files.createFile(file, java.nio.file.attribute.PosixFilePermissions.asFileAttribute(
                    java.nio.file.attribute.PosixFilePermissions.fromString("rw-------")));
        } else {
            Files.createFile(file);
        }
    }

    /** The writer's connection: WAL, so that readers see the last commit while it writes. */
    private static Connection connectWriting(Path file) throws SQLException {
        Connection db = connect("jdbc:sqlite:" + file);
        try (Statement s = db.createStatement()) {
            s.execute("PRAGMA journal_mode = WAL");
            s.execute("PRAGMA synchronous = NORMAL");
        } catch (SQLException e) {
            closeQuietly(db);
            throw e;
        }
        return db;
    }

    private static Connection connect(String url) throws SQLException {
        Connection db = DriverManager.getConnection(url);
        try (Statement s = db.createStatement()) {
            s.execute("PRAGMA busy_timeout = 10000");
        } catch (SQLException e) {
            closeQuietly(db);
            throw e;
        }
        return db;
    }

    static SqliteChunkIndex openExisting(Path folder) throws IndexUnreadableException {
        Path file = folder.resolve(FILE_NAME);
        if (!Files.isRegularFile(file)) {
            throw new IndexUnreadableException(folder, Problem.ABSENT, "there is no index here yet", null);
        }
        Connection db = null;
        try {
            // A WAL database is read through a shared-memory file beside it, which a read-only folder
            // (read-only media, a snapshot, a folder of someone else's) cannot create. Without a WAL
            // file the main file is the whole index and is read as immutable (no locks, no shared
            // memory); with one (its writer still open, or killed before a checkpoint) the
            // existing files are read read-only, as immutable would miss what the WAL holds.
            String url = Files.isWritable(folder) ? "jdbc:sqlite:" + file : "jdbc:sqlite:" + file.toUri()
                    + (Files.exists(folder.resolve(FILE_NAME + "-wal")) ? "?mode=ro" : "?immutable=1");
            db = connect(url);
            Optional<IndexManifest> manifest = readManifest(db);
            if (manifest.isEmpty()) {
                throw new SQLException("not a database: no Bearings manifest");
            }
            return new SqliteChunkIndex(file, db, connect(url), manifest.get(), Files.isWritable(folder));
        } catch (SQLException e) {
            closeQuietly(db);
            throw unreadable(folder, e);
        }
    }

    private static IndexUnreadableException unreadable(Path folder, SQLException e) {
        Diagnosis diagnosis = Diagnosis.of(e);
        return new IndexUnreadableException(folder, diagnosis.problem(), diagnosis.reason(), e);
    }

    /** What a SQLite error means for the index, in words: by SQLite's result code, or ours. */
    private record Diagnosis(Problem problem, String reason) {
        static Diagnosis of(SQLException e) {
            // sqlite-jdbc gives SQLite's result code as the vendor code; the low byte is the primary code.
            int code = e.getErrorCode() & 0xFF;
            String message = String.valueOf(e.getMessage());
            if (code == SQLiteErrorCode.SQLITE_NOTADB.code || message.startsWith("not a database")) {
                return new Diagnosis(Problem.DAMAGED, "the file is not a Bearings index or is damaged");
            }
            if (code == SQLiteErrorCode.SQLITE_CORRUPT.code || message.contains("the index manifest")) {
                return new Diagnosis(Problem.DAMAGED, "the index file is damaged");
            }
            if (code == SQLiteErrorCode.SQLITE_BUSY.code || code == SQLiteErrorCode.SQLITE_LOCKED.code) {
                return new Diagnosis(Problem.BUSY, "another process holds the index");
            }
            if (code == SQLiteErrorCode.SQLITE_FULL.code) {
                return new Diagnosis(Problem.UNWRITABLE, "the disk is full (free some space and run it again: the notes"
                        + " written so far are kept)");
            }
            if (code == SQLiteErrorCode.SQLITE_READONLY.code || code == SQLiteErrorCode.SQLITE_CANTOPEN.code
                    || code == SQLiteErrorCode.SQLITE_PERM.code) {
                return new Diagnosis(Problem.UNWRITABLE,
                        "the index file cannot be written (check the permissions of the folder and its files)");
            }
            return new Diagnosis(Problem.DAMAGED, message);
        }
    }

    private static Optional<IndexManifest> readManifest(Connection db) throws SQLException {
        try (Statement s = db.createStatement();
             ResultSet tables = s.executeQuery("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'meta'")) {
            if (tables.getInt(1) == 0) {
                try (ResultSet any = s.executeQuery("SELECT count(*) FROM sqlite_master")) {
                    if (any.getInt(1) > 0) {
                        throw new SQLException("not a database: a SQLite file without Bearings' tables");
                    }
                }
                return Optional.empty();
            }
        }
        Map<String, String> meta = new HashMap<>();
        try (Statement s = db.createStatement(); ResultSet rows = s.executeQuery("SELECT key, value FROM meta")) {
            while (rows.next()) {
                meta.put(rows.getString(1), rows.getString(2));
            }
        }
        try {
            return Optional.of(IndexManifest.ofFields(meta));
        } catch (IllegalArgumentException e) {
            throw new SQLException("the index manifest cannot be read: " + e.getMessage(), e);
        }
    }

    /** Fills the keyword table again with bigram-segmented text, and records format 3. */
    private static IndexManifest upgradeFromFormat2(Connection db, IndexManifest old) throws SQLException {
        db.setAutoCommit(false);
        try (Statement s = db.createStatement();
             PreparedStatement insert = db.prepareStatement(
                     "INSERT INTO chunk_text (rowid, text, headings, title) VALUES (?, ?, ?, ?)");
             PreparedStatement format = db.prepareStatement("UPDATE meta SET value = '3' WHERE key = 'format'")) {
            s.execute("DELETE FROM chunk_text");
            try (ResultSet rows = s.executeQuery("SELECT c.id, c.text, c.heading_path, n.title FROM chunks c "
                    + "JOIN notes n ON n.source = c.source AND n.id = c.note_id")) {
                while (rows.next()) {
                    insert.setLong(1, rows.getLong(1));
                    insert.setString(2, CjkBigrams.segment(rows.getString(2)));
                    insert.setString(3, CjkBigrams.segment(rows.getString(3)));
                    insert.setString(4, CjkBigrams.segment(rows.getString(4)));
                    insert.executeUpdate();
                }
            }
            format.executeUpdate();
            db.commit();
        } catch (SQLException e) {
            db.rollback();
            throw e;
        } finally {
            db.setAutoCommit(true);
        }
        return new IndexManifest(3, old.recipe());
    }

    /** Records a vector stamp, and format 4: the vector file is made for it when the sync ends. */
    private static IndexManifest upgradeFromFormat3(Connection db, IndexManifest old) throws SQLException {
        db.setAutoCommit(false);
        try (PreparedStatement format = db.prepareStatement("UPDATE meta SET value = '4' WHERE key = 'format'")) {
            VectorFiles.restamp(db);
            format.executeUpdate();
            db.commit();
        } catch (SQLException e) {
            db.rollback();
            throw e;
        } finally {
            db.setAutoCommit(true);
        }
        return new IndexManifest(4, old.recipe());
    }

    /** Makes the tables, in a transaction of its own unless in a rebuild's, which commits them with the rest. */
    private static void createSchema(Connection db, IndexManifest manifest) throws SQLException {
        boolean own = db.getAutoCommit();
        db.setAutoCommit(false);
        try (Statement s = db.createStatement()) {
            s.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)");
            s.execute("CREATE TABLE notes (source TEXT NOT NULL, id TEXT NOT NULL, version TEXT NOT NULL, "
                    + "title TEXT NOT NULL, tags TEXT NOT NULL, modified INTEGER NOT NULL, link TEXT NOT NULL, "
                    + "PRIMARY KEY (source, id))");
            s.execute("CREATE TABLE chunks (id INTEGER PRIMARY KEY, source TEXT NOT NULL, note_id TEXT NOT NULL, "
                    + "ordinal INTEGER NOT NULL, heading_path TEXT NOT NULL, start_line INTEGER NOT NULL, "
                    + "end_line INTEGER NOT NULL, text TEXT NOT NULL, content_hash TEXT NOT NULL, vector BLOB NOT NULL, "
                    + "attachment TEXT NOT NULL)");
            s.execute("CREATE INDEX chunks_by_note ON chunks (source, note_id)");
            s.execute("CREATE INDEX chunks_by_hash ON chunks (content_hash)");
            s.execute("CREATE VIRTUAL TABLE chunk_text USING fts5 (text, headings, title, "
                    + "tokenize = 'porter unicode61 remove_diacritics 2')");
        }
        try (PreparedStatement insert = db.prepareStatement("INSERT INTO meta (key, value) VALUES (?, ?)")) {
            for (Map.Entry<String, String> field : manifest.fields().entrySet()) {
                insert.setString(1, field.getKey());
                insert.setString(2, field.getValue());
                insert.addBatch();
            }
            insert.executeBatch();
        }
        VectorFiles.restamp(db);
        if (own) {
            db.commit();
            db.setAutoCommit(true);
        }
    }

    @Override
    public IndexManifest manifest() {
        return manifest;
    }

    @Override
    public synchronized Map<String, String> versions(String source) {
        Map<String, String> versions = new HashMap<>();
        try (PreparedStatement q = db.prepareStatement("SELECT id, version FROM notes WHERE source = ?")) {
            q.setString(1, source);
            try (ResultSet rows = q.executeQuery()) {
                while (rows.next()) {
                    versions.put(rows.getString(1), rows.getString(2));
                }
            }
            return versions;
        } catch (SQLException e) {
            throw failure("read note versions", e);
        }
    }

    @Override
    public synchronized List<IndexedNote> notes() {
        try {
            return search.noteList();
        } catch (SQLException e) {
            throw failure("list notes", e);
        }
    }

    @Override
    public synchronized Map<String, float[]> vectorsByHash(Collection<String> contentHashes) {
        Map<String, float[]> vectors = new HashMap<>();
        List<String> hashes = new ArrayList<>(new TreeSet<>(contentHashes));
        try {
            for (int from = 0; from < hashes.size(); from += IN_LIST) {
                List<String> part = hashes.subList(from, Math.min(hashes.size(), from + IN_LIST));
                String marks = String.join(",", java.util.Collections.nCopies(part.size(), "?"));
                try (PreparedStatement q = db.prepareStatement(
                        "SELECT content_hash, vector FROM chunks WHERE content_hash IN (" + marks + ")")) {
                    for (int i = 0; i < part.size(); i++) {
                        q.setString(i + 1, part.get(i));
                    }
                    try (ResultSet rows = q.executeQuery()) {
                        while (rows.next()) {
                            vectors.putIfAbsent(rows.getString(1), floats(rows.getBytes(2)));
                        }
                    }
                }
            }
            return vectors;
        } catch (SQLException e) {
            throw failure("read stored vectors", e);
        }
    }

    @Override
    public synchronized void replaceNote(IndexedNote note, Collection<IndexedChunk> chunks) {
        for (IndexedChunk chunk : chunks) {
            manifest.requireDimension(chunk.vector(), "vector");
        }
        inTransaction("replace note " + note.id(), () -> {
            deleteChunks(note.source(), note.id());
            VectorFiles.restamp(db);
            try (PreparedStatement upsert = db.prepareStatement("INSERT OR REPLACE INTO notes "
                    + "(source, id, version, title, tags, modified, link) VALUES (?, ?, ?, ?, ?, ?, ?)")) {
                upsert.setString(1, note.source());
                upsert.setString(2, note.id());
                upsert.setString(3, note.version());
                upsert.setString(4, note.title());
                upsert.setString(5, String.join("\n", new TreeSet<>(note.tags())));
                upsert.setLong(6, note.modified().toEpochMilli());
                upsert.setString(7, note.link());
                upsert.executeUpdate();
            }
            try (PreparedStatement insert = db.prepareStatement("INSERT INTO chunks (source, note_id, ordinal, "
                    + "heading_path, start_line, end_line, text, content_hash, vector, attachment) "
                    + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", Statement.RETURN_GENERATED_KEYS);
                 PreparedStatement text = db.prepareStatement(
                         "INSERT INTO chunk_text (rowid, text, headings, title) VALUES (?, ?, ?, ?)")) {
                for (IndexedChunk chunk : chunks) {
                    insert.setString(1, note.source());
                    insert.setString(2, note.id());
                    insert.setInt(3, chunk.ordinal());
                    insert.setString(4, chunk.headingPath());
                    insert.setInt(5, chunk.startLine());
                    insert.setInt(6, chunk.endLine());
                    insert.setString(7, chunk.text());
                    insert.setString(8, chunk.contentHash());
                    insert.setBytes(9, bytes(chunk.vector()));
                    insert.setString(10, chunk.attachment());
                    insert.executeUpdate();
                    long id;
                    try (ResultSet keys = insert.getGeneratedKeys()) {
                        keys.next();
                        id = keys.getLong(1);
                    }
                    text.setLong(1, id);
                    text.setString(2, CjkBigrams.segment(chunk.text()));
                    text.setString(3, CjkBigrams.segment(chunk.headingPath()));
                    text.setString(4, CjkBigrams.segment(note.title()));
                    text.executeUpdate();
                }
            }
        });
    }

    @Override
    public synchronized void deleteNote(String source, String noteId) {
        inTransaction("delete note " + noteId, () -> {
            deleteChunks(source, noteId);
            VectorFiles.restamp(db);
            try (PreparedStatement delete = db.prepareStatement("DELETE FROM notes WHERE source = ? AND id = ?")) {
                delete.setString(1, source);
                delete.setString(2, noteId);
                delete.executeUpdate();
            }
        });
    }

    private void deleteChunks(String source, String noteId) throws SQLException {
        try (PreparedStatement text = db.prepareStatement("DELETE FROM chunk_text WHERE rowid IN "
                + "(SELECT id FROM chunks WHERE source = ? AND note_id = ?)");
             PreparedStatement chunks = db.prepareStatement("DELETE FROM chunks WHERE source = ? AND note_id = ?")) {
            text.setString(1, source);
            text.setString(2, noteId);
            text.executeUpdate();
            chunks.setString(1, source);
            chunks.setString(2, noteId);
            chunks.executeUpdate();
        }
    }

    @Override
    public synchronized void markSynced(Instant at) {
        inTransaction("record the sync", () -> {
            try (PreparedStatement upsert = db.prepareStatement("INSERT OR REPLACE INTO meta (key, value) VALUES ('last_sync', ?)")) {
                upsert.setString(1, at.toString());
                upsert.executeUpdate();
            }
            VectorFiles.synced(db);
        });
        if (!rebuilding) {
            writeVectorFile();
        }
    }

    private void writeVectorFile() {
        reading("write the vector file of", () -> {
            search.refreshVectorFile(manifest.recipe().dimension());
            return null;
        });
    }

    @Override
    public synchronized void publish() {
        if (!rebuilding) {
            return;
        }
        try {
            db.commit();
            db.setAutoCommit(true);
        } catch (SQLException e) {
            throw failure("keep the rebuilt index", e);
        }
        rebuilding = false;
        search.invalidate();
        writeVectorFile();
    }

    /**
     * Takes what to scan under the lock, scans it without (the vectors of one moment are read only), and
     * loads the hits under it again: a keyword search of the same question runs meanwhile.
     */
    @Override
    public List<RankedChunk> nearest(float[] query, int limit, SearchFilter filter) {
        manifest.requireDimension(query, "query");
        SqliteSearch.VectorScan scan;
        synchronized (this) {
            scan = reading("search", () -> search.vectorScan(query.length, filter));
        }
        Map<Long, Double> scores;
        try {
            scores = scan.nearest(query, limit);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the vectors of the index at " + file + ": " + e.getMessage(), e);
        } finally {
            scan.done();
        }
        synchronized (this) {
            return reading("search", () -> search.load(scores));
        }
    }

    @Override
    public List<RankedChunk> keywords(String query, int limit, SearchFilter filter) {
        synchronized (keywordDb) {
            return reading(keywordDb, "search", () -> keywordSearch.keywords(query, limit, filter));
        }
    }

    /** {@link SqliteSearch#vectorsHeld}. */
    synchronized String vectorsHeld() {
        return search.vectorsHeld();
    }

    @Override
    public synchronized IndexStats stats() {
        return reading("read the statistics of", this::readStats);
    }

    private IndexStats readStats() throws SQLException {
        try (Statement s = db.createStatement()) {
            Map<String, Integer> notes = new TreeMap<>();
            try (ResultSet rows = s.executeQuery("SELECT source, count(*) FROM notes GROUP BY source")) {
                while (rows.next()) {
                    notes.put(rows.getString(1), rows.getInt(2));
                }
            }
            int chunks;
            try (ResultSet rows = s.executeQuery("SELECT count(*) FROM chunks")) {
                chunks = rows.getInt(1);
            }
            Optional<Instant> lastSync = Optional.empty();
            try (ResultSet rows = s.executeQuery("SELECT value FROM meta WHERE key = 'last_sync'")) {
                if (rows.next()) {
                    lastSync = Optional.of(Instant.parse(rows.getString(1)));
                }
            }
            long bytes = IndexStats.bytesOnDisk(file, file.resolveSibling(FILE_NAME + "-wal"),
                    file.resolveSibling(FILE_NAME + "-shm"), file.resolveSibling(VectorFile.NAME));
            return new IndexStats(notes, chunks, bytes, lastSync);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot measure the index at " + file, e);
        }
    }

    @Override
    public synchronized void close() {
        search.close();
        if (rebuilding) {
            // Never published: the index stays as it was before the rebuild.
            try {
                db.rollback();
            } catch (SQLException ignored) {
                // closing rolls back what was not committed all the same
            }
        }
        closeQuietly(db);
        synchronized (keywordDb) {
            closeQuietly(keywordDb);
        }
    }

    private interface Work {
        void run() throws SQLException;
    }

    private interface Read<T> {
        T run() throws SQLException;
    }

    /**
     * Runs reads in one read transaction: every statement sees the same snapshot, so a note that a
     * writer replaces between two of them is seen wholly old or wholly new, never half gone.
     */
    private <T> T reading(String what, Read<T> read) {
        if (rebuilding) {
            // Inside the rebuild's transaction, which sees what it wrote; committing it here would publish it.
            try {
                return read.run();
            } catch (SQLException e) {
                throw failure(what, e);
            }
        }
        return reading(db, what, read);
    }

    /** Runs {@code read} (or a write) in one transaction of {@code db}, committed when it succeeds. */
    private <T> T reading(Connection db, String what, Read<T> read) {
        try {
            db.setAutoCommit(false);
            T result;
            try {
                result = read.run();
            } catch (SQLException | RuntimeException e) {
                // SQLite rolls back by itself on some errors (a full disk): the errors of ending a transaction
                // that is no longer there ("no transaction is active") must not hide the one that says what
                // happened, and the connection must be left usable.
                try {
                    db.rollback();
                } catch (SQLException ending) {
                    e.addSuppressed(ending);
                }
                try {
                    db.setAutoCommit(true);
                } catch (SQLException ending) {
                    e.addSuppressed(ending);
                }
                throw e;
            }
            db.commit();
            db.setAutoCommit(true);
            return result;
        } catch (SQLException e) {
            throw failure(what, e);
        }
    }

    private void inTransaction(String what, Work work) {
        search.invalidate();
        if (rebuilding) {
            inSavepoint(what, work);
            return;
        }
        reading(db, what, () -> {
            work.run();
            return null;
        });
    }

    /** One write of a rebuild: undone alone when it fails, the rebuild's transaction kept. */
    private void inSavepoint(String what, Work work) {
        try {
            java.sql.Savepoint savepoint = db.setSavepoint();
            try {
                work.run();
                db.releaseSavepoint(savepoint);
            } catch (SQLException | RuntimeException e) {
                try {
                    db.rollback(savepoint);
                    db.releaseSavepoint(savepoint);
                } catch (SQLException undoing) {
                    e.addSuppressed(undoing);
                }
                throw e;
            }
        } catch (SQLException e) {
            throw failure(what, e);
        }
    }

    private IllegalStateException failure(String what, SQLException e) {
        return new IllegalStateException("cannot " + what + " in the index at " + file + ": " + Diagnosis.of(e).reason(), e);
    }

    static byte[] bytes(float[] vector) {
        ByteBuffer buffer = ByteBuffer.allocate(vector.length * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        buffer.asFloatBuffer().put(vector);
        return buffer.array();
    }

    static float[] floats(byte[] bytes) {
        float[] vector = new float[bytes.length / Float.BYTES];
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().get(vector);
        return vector;
    }

    private static void closeQuietly(Connection db) {
        if (db != null) {
            try {
                db.close();
            } catch (SQLException ignored) {
                // closing after a failure: the first error is the one to report
            }
        }
    }
}
