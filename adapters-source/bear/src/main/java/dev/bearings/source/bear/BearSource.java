package dev.bearings.source.bear;

import dev.bearings.core.note.Note;
import dev.bearings.core.note.NoteText;
import dev.bearings.core.source.NoteFingerprint;
import dev.bearings.core.source.NoteSource;
import dev.bearings.core.source.SourceException;
import dev.bearings.core.source.Watched;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteErrorCode;
import org.sqlite.SQLiteOpenMode;

import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * {@link NoteSource} over Bear's SQLite database, opened strictly read-only ({@code mode=ro}; as
 * {@code immutable=1} when it is in WAL mode with no log beside it) with a busy timeout, since Bear's
 * rollback journal blocks readers while it writes. It never writes, nor makes a file beside it.
 *
 * <p>Notes live in {@code ZSFNOTE}; trashed, permanently deleted and encrypted notes are skipped and
 * counted, archived ones too unless asked for, and one over {@link NoteText#MAX_BYTES} is refused
 * unread. Tags come through a {@code Z_<n>TAGS} join table whose number differs between Bear
 * versions: it is found from the schema. Bear's OCR of attachments ({@code ZSFNOTEFILE.ZSEARCHTEXT})
 * is handed over as attachment text.
 */
public final class BearSource implements NoteSource {
    /**
     * Bear has been seen to keep two rows under one unique id (a sync conflict): the one offered, by
     * list() and read() alike, is the last modified, then the last made; the others are skipped.
     */
    private static final String ONE_ROW_PER_ID = "n.ZMODIFICATIONDATE DESC, n.Z_PK DESC";
    private static final String SHARED_ID = "sharing its id with a note modified later";
    /** Bear 2 and late Bear 1. */
    public static final Path DEFAULT_DATABASE = Path.of(System.getProperty("user.home"), "Library", "Group Containers",
            "9K33E3U3T4.net.shinyfrog.bear", "Application Data", "database.sqlite");
    /** Early Bear 1. */
    public static final Path EARLY_BEAR1_DATABASE = Path.of(System.getProperty("user.home"), "Library", "Containers",
            "net.shinyfrog.bear", "Data", "Documents", "Application Data", "database.sqlite");
    /** Core Data dates count seconds from 2001-01-01T00:00:00Z. */
    private static final long CORE_DATA_EPOCH = 978_307_200L;

    private final Path database;
    private final boolean includeArchived;
    private final Duration busyTimeout;
    private final Map<String, Integer> skipped = new TreeMap<>();
    private Connection db;
    /** Whether {@link #db} reads the file as immutable: no other process wrote to it when it was opened. */
    private boolean immutable;
    private BearSchema schema;

    public BearSource(Path database, boolean includeArchived, Duration busyTimeout) {
        this.database = database.toAbsolutePath().normalize();
        this.includeArchived = includeArchived;
        this.busyTimeout = busyTimeout;
    }

    /** The database a Bear install on this machine uses: Bear 2's place, else early Bear 1's. */
    public static Path defaultDatabase() {
        return Files.exists(DEFAULT_DATABASE) || !Files.exists(EARLY_BEAR1_DATABASE) ? DEFAULT_DATABASE : EARLY_BEAR1_DATABASE;
    }

    @Override
    public String name() {
        return "bear";
    }

    private Connection connection() throws SourceException {
        if (db != null && immutable && Files.exists(log())) {
            // Bear started writing since: read it as its writer shares it from now on.
            close();
        }
        if (db != null) {
            return db;
        }
        if (!Files.isRegularFile(database)) {
            throw new SourceException(SourceException.Problem.MISSING, "Bear's database is not at " + database
                    + (System.getProperty("os.name", "").startsWith("Mac") ? " (is Bear installed on this Mac? point to it with --bear PATH)"
                    : " (Bear runs on macOS; here, point to a copy of its database with --bear PATH)"), null);
        }
        SQLiteConfig config = new SQLiteConfig();
        config.setReadOnly(true);
        config.setOpenMode(SQLiteOpenMode.READONLY);
        config.setOpenMode(SQLiteOpenMode.OPEN_URI);
        config.setBusyTimeout((int) busyTimeout.toMillis());
        try {
            immutable = isWalWithoutLog();
            db = config.createConnection("jdbc:sqlite:file:" + database.toUri().getRawPath() + (immutable ? "?immutable=1" : "?mode=ro"));
            schema = BearSchema.discover(db, database);
            return db;
        } catch (SQLException e) {
            close();
            throw failure("open", e);
        } catch (SourceException e) {
            close();
            throw e;
        }
    }

    /**
     * Whether the database is in WAL mode with no write-ahead log beside it: a copy, or Bear's own while
     * Bear is not running. Read-only, SQLite would still make a log and shared memory beside such a
     * database to read it; with no log the file is the whole database, and is read as immutable.
     */
    private boolean isWalWithoutLog() {
        byte[] header = new byte[20];
        try (java.io.InputStream in = Files.newInputStream(database)) {
            if (in.readNBytes(header, 0, header.length) < header.length) {
                return false;
            }
        } catch (IOException unreadable) {
            return false;
        }
        // The file format's read and write versions, 2 for WAL (sqlite.org/fileformat.html, offsets 18 and 19).
        return header[18] == 2 && header[19] == 2 && !Files.exists(log());
    }

    private Path log() {
        return database.resolveSibling(database.getFileName() + "-wal");
    }

    @Override
    public List<NoteFingerprint> list() throws SourceException {
        Connection connection = connection();
        skipped.clear();
        List<NoteFingerprint> notes = new ArrayList<>();
        String sql = "SELECT n.ZUNIQUEIDENTIFIER, n.ZMODIFICATIONDATE, length(n.ZTEXT), " + flags() + ", "
                + (schema.hasFiles() ? "(SELECT total(length(f.ZSEARCHTEXT)) FROM ZSFNOTEFILE f WHERE f.ZNOTE = n.Z_PK)" : "0")
                + " FROM ZSFNOTE n ORDER BY n.ZUNIQUEIDENTIFIER, " + ONE_ROW_PER_ID;
        try (Statement s = connection.createStatement(); ResultSet rows = s.executeQuery(sql)) {
            String offered = null;
            while (rows.next()) {
                String id = rows.getString(1);
                if (id == null) {
                    continue;
                }
                String skip = skipReason(rows, 4);
                if (skip == null && id.equals(offered)) {
                    skip = SHARED_ID;
                }
                if (skip != null) {
                    skipped.merge(skip, 1, Integer::sum);
                } else {
                    offered = id;
                    notes.add(new NoteFingerprint(id, rows.getDouble(2) + ":" + rows.getLong(3) + ":" + (long) rows.getDouble(8)));
                }
            }
            return notes;
        } catch (SQLException e) {
            throw failure("list notes of", e);
        }
    }

    /** The four flags {@link #skipReason} reads, as columns of {@code ZSFNOTE n}. */
    private String flags() {
        return schema.flag("ZTRASHED") + ", " + schema.flag("ZPERMANENTLYDELETED") + ", " + schema.flag("ZENCRYPTED")
                + ", " + schema.flag("ZARCHIVED");
    }

    /** Why a note is not offered, from its four flag columns starting at {@code first}; null when it is. */
    private String skipReason(ResultSet row, int first) throws SQLException {
        if (row.getInt(first + 1) != 0) {
            return "permanently deleted";
        }
        if (row.getInt(first) != 0) {
            return "trashed";
        }
        if (row.getInt(first + 2) != 0) {
            return "encrypted";
        }
        if (row.getInt(first + 3) != 0 && !includeArchived) {
            return "archived (index them with --include-archived)";
        }
        return null;
    }

    /**
     * {@inheritDoc} A note whose text is over {@link NoteText#MAX_BYTES} is refused as a file that
     * large is, and its text is not read: SQLite gives its size in bytes ({@code octet_length}) from the
     * row's header, where {@code length} would read the text to count its characters.
     */
    @Override
    public Optional<Note> read(String id) throws SourceException, UnreadableNote {
        Connection connection = connection();
        try (PreparedStatement q = connection.prepareStatement("SELECT n.Z_PK, n.ZTITLE, CASE WHEN octet_length(n.ZTEXT) <= "
                + NoteText.MAX_BYTES + " THEN n.ZTEXT END, n.ZMODIFICATIONDATE, " + flags()
                + ", octet_length(n.ZTEXT) FROM ZSFNOTE n WHERE n.ZUNIQUEIDENTIFIER = ? ORDER BY " + ONE_ROW_PER_ID)) {
            q.setString(1, id);
            try (ResultSet row = q.executeQuery()) {
                // The first row offered is the one list() offered; a note trashed (or otherwise hidden) since it
                // was listed is gone, as list() would say.
                boolean found = false;
                while (!found && row.next()) {
                    found = skipReason(row, 5) == null;
                }
                if (!found) {
                    return Optional.empty();
                }
                String tooLarge = NoteText.tooLarge(row.getLong(9));
                if (tooLarge != null) {
                    throw new UnreadableNote(id, NoteText.TOO_LARGE, tooLarge);
                }
                if (row.getString(3) == null) {
                    // Bear keeps a note it could not save the text of (or is saving) with none: not gone, not readable.
                    throw new UnreadableNote(id, "has no text in Bear's database");
                }
                long pk = row.getLong(1);
                String title = row.getString(2) == null || row.getString(2).isBlank() ? "Untitled" : row.getString(2);
                Instant modified = Instant.ofEpochMilli(Math.round((CORE_DATA_EPOCH + row.getDouble(4)) * 1000));
                return Optional.of(new Note(id, title, row.getString(3), tags(pk), modified, link(id, null),
                        attachments(pk)));
            }
        } catch (SQLException e) {
            throw failure("read a note from", e);
        }
    }

    /** Opens the note in Bear, at a heading when one is given. */
    public static String link(String id, String heading) {
        String link = "bear://x-callback-url/open-note?id=" + encode(id);
        return heading == null || heading.isBlank() ? link : link + "&header=" + encode(heading);
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }

    private Set<String> tags(long notePk) throws SQLException {
        Set<String> tags = new LinkedHashSet<>();
        try (PreparedStatement q = db.prepareStatement("SELECT t.ZTITLE FROM ZSFNOTETAG t JOIN " + schema.tagJoin()
                + " j ON j." + schema.tagColumn() + " = t.Z_PK WHERE j." + schema.noteColumn() + " = ? ORDER BY t.ZTITLE")) {
            q.setLong(1, notePk);
            try (ResultSet rows = q.executeQuery()) {
                while (rows.next()) {
                    if (rows.getString(1) != null) {
                        tags.add(rows.getString(1));
                    }
                }
            }
        }
        return tags;
    }

    private List<Note.Attachment> attachments(long notePk) throws SQLException {
        List<Note.Attachment> attachments = new ArrayList<>();
        if (!schema.hasFiles()) {
            return attachments;
        }
        try (PreparedStatement q = db.prepareStatement("SELECT " + schema.fileNameColumn() + ", ZSEARCHTEXT FROM ZSFNOTEFILE "
                + "WHERE ZNOTE = ? AND ZSEARCHTEXT IS NOT NULL AND trim(ZSEARCHTEXT) != '' ORDER BY Z_PK")) {
            q.setLong(1, notePk);
            try (ResultSet rows = q.executeQuery()) {
                Set<String> names = new HashSet<>();
                while (rows.next()) {
                    String name = rows.getString(1) == null ? "attachment" : rows.getString(1);
                    while (!names.add(name)) {
                        name = name + "'";
                    }
                    attachments.add(new Note.Attachment(name, rows.getString(2)));
                }
            }
        }
        return attachments;
    }

    private SourceException failure(String what, SQLException e) {
        String message = String.valueOf(e.getMessage());
        // sqlite-jdbc gives SQLite's result code as the vendor code; the low byte is the primary code.
        int code = e.getErrorCode() & 0xFF;
        if (code == SQLiteErrorCode.SQLITE_BUSY.code || code == SQLiteErrorCode.SQLITE_LOCKED.code) {
            return new SourceException(SourceException.Problem.LOCKED, "Bear's database at " + database + " is locked (Bear is writing to it); waited "
                    + busyTimeout.toSeconds() + " s. Try again in a moment.", e);
        }
        if (code == SQLiteErrorCode.SQLITE_NOTADB.code || code == SQLiteErrorCode.SQLITE_CORRUPT.code) {
            return new SourceException("the file at " + database + " is not a readable Bear database", e);
        }
        return new SourceException("cannot " + what + " Bear's database at " + database + ": " + message, e);
    }

    @Override
    public Map<String, Integer> skipped() {
        return Map.copyOf(skipped);
    }

    @Override
    public List<Path> locations() {
        return List.of(database);
    }

    /** The database and its journals, polled: Bear rewrites them in place while the user types. */
    @Override
    public Watched watched() {
        return Watched.files(List.of(database, log(),
                database.resolveSibling(database.getFileName() + "-journal")));
    }

    @Override
    public void close() {
        if (db != null) {
            try {
                db.close();
            } catch (SQLException ignored) {
                // read-only: nothing to lose by closing badly
            }
            db = null;
        }
    }
}
