package dev.bearings.store.sqlite;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Keeps an index's vector file ({@link VectorFile}) in step with its database. Every write of chunks
 * gives the database a new vector stamp ({@value #STAMP} in its meta table, in the write's own
 * transaction), and the end of a sync records the stamp it ended at ({@value #SYNCED}); a file is made
 * for such a stamp from the database as one read transaction sees it, taking the vectors of rows it
 * already holds (same id, same content hash) from the file before, and the rest from the database.
 */
final class VectorFiles {
    static final String STAMP = "vectors-stamp";
    /** The stamp the last sync ended at: another stamp means a sync is writing (or was killed). */
    static final String SYNCED = "vectors-synced";
    /** Beyond this share of rows to read from the database, one pass over the table beats a lookup each. */
    private static final double LOOKUPS_UP_TO = 0.25;
    private static final int IN_LIST = 500;

    private VectorFiles() {
    }

    /** The database's vector stamp; empty for an index from before the vector file (format 3). */
    static Optional<Long> stamp(Connection db) throws SQLException {
        try (PreparedStatement q = db.prepareStatement("SELECT value FROM meta WHERE key = ?")) {
            q.setString(1, STAMP);
            try (ResultSet rows = q.executeQuery()) {
                return rows.next() ? Optional.of(Long.parseUnsignedLong(rows.getString(1), 16)) : Optional.empty();
            }
        }
    }

    /** The stamp the last sync ended at, if one did since the stamp was first recorded. */
    static Optional<Long> syncedAt(Connection db) throws SQLException {
        try (PreparedStatement q = db.prepareStatement("SELECT value FROM meta WHERE key = ?")) {
            q.setString(1, SYNCED);
            try (ResultSet rows = q.executeQuery()) {
                return rows.next() ? Optional.of(Long.parseUnsignedLong(rows.getString(1), 16)) : Optional.empty();
            }
        }
    }

    /** Records that a sync ended at the current stamp, in the caller's transaction. */
    static void synced(Connection db) throws SQLException {
        try (PreparedStatement upsert = db.prepareStatement(
                "INSERT OR REPLACE INTO meta (key, value) SELECT ?, value FROM meta WHERE key = ?")) {
            upsert.setString(1, SYNCED);
            upsert.setString(2, STAMP);
            upsert.executeUpdate();
        }
    }

    /** Gives the database a new stamp, in the caller's transaction: the chunks changed. */
    static void restamp(Connection db) throws SQLException {
        try (PreparedStatement upsert = db.prepareStatement("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)")) {
            upsert.setString(1, STAMP);
            upsert.setString(2, Long.toHexString(ThreadLocalRandom.current().nextLong()));
            upsert.executeUpdate();
        }
    }

    /** What tells one chunk text from another in 64 bits: FNV-1a of its content hash. */
    static long fingerprint(String contentHash) {
        long hash = 0xcbf29ce484222325L;
        for (byte b : contentHash.getBytes(StandardCharsets.UTF_8)) {
            hash = (hash ^ (b & 0xff)) * 0x100000001b3L;
        }
        return hash;
    }

    /** Writes the file of {@code stamp} in {@code folder}, inside the caller's read transaction. */
    static void write(Connection db, Path folder, long stamp, int dimension) throws SQLException, IOException {
        long[][] rows = idsAndFingerprints(db);
        long[] ids = rows[0];
        long[] fingerprints = rows[1];
        int[] before = new int[ids.length];
        Arrays.fill(before, -1);
        try (VectorFile old = VectorFile.openAnyStamp(folder, dimension).orElse(null)) {
            int missing = ids.length;
            if (old != null) {
                missing = 0;
                for (int row = 0, at = 0; row < ids.length; row++) {
                    while (at < old.rows() && old.id(at) < ids[row]) {
                        at++;
                    }
                    if (at < old.rows() && old.id(at) == ids[row] && old.hash(at) == fingerprints[row]) {
                        before[row] = at;
                    } else {
                        missing++;
                    }
                }
            }
            if (missing > LOOKUPS_UP_TO * ids.length) {
                try (Statement s = db.createStatement(); ResultSet all = s.executeQuery("SELECT id, vector FROM chunks ORDER BY id")) {
                    VectorFile.write(folder, stamp, dimension, new FromDatabase(ids, fingerprints, all));
                }
            } else {
                Map<Long, float[]> read = vectors(db, ids, before);
                VectorFile.Ahead ahead = old == null ? null : old.ahead();
                VectorFile.write(folder, stamp, dimension, new Rows(ids, fingerprints) {
                    @Override
                    public float[] vector(int row) throws IOException {
                        return before[row] >= 0 ? ahead.vector(before[row]) : read.get(ids[row]);
                    }
                });
            }
        }
    }

    /** Every chunk's id and content-hash fingerprint, by id; from the content-hash index, not the table. */
    private static long[][] idsAndFingerprints(Connection db) throws SQLException {
        List<long[]> rows = new ArrayList<>();
        try (Statement s = db.createStatement(); ResultSet all = s.executeQuery("SELECT id, content_hash FROM chunks")) {
            while (all.next()) {
                rows.add(new long[]{all.getLong(1), fingerprint(all.getString(2))});
            }
        }
        rows.sort((a, b) -> Long.compare(a[0], b[0]));
        long[] ids = new long[rows.size()];
        long[] fingerprints = new long[rows.size()];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = rows.get(i)[0];
            fingerprints[i] = rows.get(i)[1];
        }
        return new long[][]{ids, fingerprints};
    }

    /** The vectors of the rows the file before does not hold, by id. */
    private static Map<Long, float[]> vectors(Connection db, long[] ids, int[] before) throws SQLException {
        List<Long> wanted = new ArrayList<>();
        for (int row = 0; row < ids.length; row++) {
            if (before[row] < 0) {
                wanted.add(ids[row]);
            }
        }
        Map<Long, float[]> vectors = new HashMap<>();
        for (int from = 0; from < wanted.size(); from += IN_LIST) {
            List<Long> part = wanted.subList(from, Math.min(wanted.size(), from + IN_LIST));
            try (PreparedStatement q = db.prepareStatement("SELECT id, vector FROM chunks WHERE id IN ("
                    + String.join(",", Collections.nCopies(part.size(), "?")) + ")")) {
                for (int i = 0; i < part.size(); i++) {
                    q.setLong(i + 1, part.get(i));
                }
                try (ResultSet rows = q.executeQuery()) {
                    while (rows.next()) {
                        vectors.put(rows.getLong(1), SqliteChunkIndex.floats(rows.getBytes(2)));
                    }
                }
            }
        }
        return vectors;
    }

    /** Rows by id, with their fingerprints; the vectors from wherever the subclass reads them. */
    private abstract static class Rows implements VectorFile.Rows {
        private final long[] ids;
        private final long[] fingerprints;

        Rows(long[] ids, long[] fingerprints) {
            this.ids = ids;
            this.fingerprints = fingerprints;
        }

        @Override
        public int count() {
            return ids.length;
        }

        @Override
        public long id(int row) {
            return ids[row];
        }

        @Override
        public long hash(int row) {
            return fingerprints[row];
        }
    }

    /** The vectors from one pass over the table in id order (rows asked for in the same order). */
    private static final class FromDatabase extends Rows {
        private final ResultSet all;
        private final long[] ids;

        FromDatabase(long[] ids, long[] fingerprints, ResultSet all) {
            super(ids, fingerprints);
            this.ids = ids;
            this.all = all;
        }

        @Override
        public float[] vector(int row) throws IOException {
            try {
                if (!all.next() || all.getLong(1) != ids[row]) {
                    throw new IllegalStateException("the chunks changed while their vectors were read");
                }
                return SqliteChunkIndex.floats(all.getBytes(2));
            } catch (SQLException e) {
                throw new IOException("cannot read the vectors: " + e.getMessage(), e);
            }
        }
    }
}
