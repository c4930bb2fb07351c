package dev.bearings.source.bear;

import dev.bearings.core.plugin.Settings;
import dev.bearings.core.source.NoteSource;
import dev.bearings.testkit.NoteSourceContract;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;

/**
 * A real SQLite file with Bear's schema, written the way Bear writes it: Bear 2 joins notes to tags
 * through {@code Z_5TAGS(Z_5NOTES, Z_13TAGS)}, Bear 1 through {@code Z_7TAGS(Z_7NOTES, Z_10TAGS)} and
 * lacks some flag columns.
 */
public final class BearFixture implements NoteSourceContract.Fixture {
    public enum Version { BEAR_1, BEAR_2 }

    public final Path database;
    private final Version version;
    private double clock = 700_000_000;

    private final java.util.function.Function<Path, NoteSource> sourceFactory;

    /** @param sourceFactory opens the source under test on the database file */
    public BearFixture(Path folder, Version version, java.util.function.Function<Path, NoteSource> sourceFactory)
            throws SQLException {
        this.sourceFactory = sourceFactory;
        this.database = folder.resolve("database.sqlite");
        this.version = version;
        String join = version == Version.BEAR_2 ? "Z_5TAGS (Z_5NOTES INTEGER, Z_13TAGS INTEGER)"
                : "Z_7TAGS (Z_7NOTES INTEGER, Z_10TAGS INTEGER)";
        String flags = version == Version.BEAR_2
                ? "ZARCHIVED INTEGER, ZENCRYPTED INTEGER, ZPERMANENTLYDELETED INTEGER, ZPINNED INTEGER, ZTRASHED INTEGER"
                : "ZARCHIVED INTEGER, ZPINNED INTEGER, ZTRASHED INTEGER";
        execute("CREATE TABLE ZSFNOTE (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, " + flags
                + ", ZCREATIONDATE TIMESTAMP, ZMODIFICATIONDATE TIMESTAMP, ZTITLE VARCHAR, ZTEXT VARCHAR, ZUNIQUEIDENTIFIER VARCHAR)",
                "CREATE TABLE ZSFNOTETAG (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, ZTITLE VARCHAR)",
                "CREATE TABLE " + join,
                "CREATE TABLE ZSFNOTEFILE (Z_PK INTEGER PRIMARY KEY, ZNOTE INTEGER, ZFILENAME VARCHAR, ZSEARCHTEXT VARCHAR)",
                "CREATE TABLE Z_PRIMARYKEY (Z_ENT INTEGER PRIMARY KEY, Z_NAME VARCHAR, Z_SUPER INTEGER, Z_MAX INTEGER)");
    }

    public Connection connect() throws SQLException {
        return DriverManager.getConnection("jdbc:sqlite:" + database);
    }

    public void execute(String... statements) throws SQLException {
        try (Connection db = connect(); Statement s = db.createStatement()) {
            for (String sql : statements) {
                s.execute(sql);
            }
        }
    }

    @Override
    public String add(String title, String text) throws SQLException {
        return add(title, text, "");
    }

    /** @param flags extra column assignments, such as {@code ZTRASHED = 1} */
    public String add(String title, String text, String flags) throws SQLException {
        String id = UUID.randomUUID().toString().toUpperCase();
        try (Connection db = connect(); PreparedStatement insert = db.prepareStatement(
                "INSERT INTO ZSFNOTE (Z_ENT, Z_OPT, ZCREATIONDATE, ZMODIFICATIONDATE, ZTITLE, ZTEXT, ZUNIQUEIDENTIFIER, "
                        + "ZARCHIVED, ZTRASHED, ZPINNED) VALUES (7, 1, ?, ?, ?, ?, ?, 0, 0, 0)")) {
            insert.setDouble(1, clock);
            insert.setDouble(2, clock += 60);
            insert.setString(3, title);
            insert.setString(4, text);
            insert.setString(5, id);
            insert.executeUpdate();
        }
        if (!flags.isEmpty()) {
            execute("UPDATE ZSFNOTE SET " + flags + " WHERE ZUNIQUEIDENTIFIER = '" + id + "'");
        }
        // Bear turns the #tags it finds in a note's text into tag rows.
        java.util.regex.Matcher tags = java.util.regex.Pattern.compile("(?<=^|\\s)#([\\p{L}][\\p{L}\\p{N}_/-]*)")
                .matcher(text == null ? "" : text);
        while (tags.find()) {
            tag(id, tags.group(1));
        }
        return id;
    }

    public void tag(String noteId, String tag) throws SQLException {
        String join = version == Version.BEAR_2 ? "Z_5TAGS (Z_5NOTES, Z_13TAGS)" : "Z_7TAGS (Z_7NOTES, Z_10TAGS)";
        try (Connection db = connect(); Statement s = db.createStatement()) {
            long tagPk;
            try (ResultSet existing = s.executeQuery("SELECT Z_PK FROM ZSFNOTETAG WHERE ZTITLE = '" + tag + "'")) {
                if (existing.next()) {
                    tagPk = existing.getLong(1);
                } else {
                    s.execute("INSERT INTO ZSFNOTETAG (Z_ENT, ZTITLE) VALUES (9, '" + tag + "')");
                    try (ResultSet id = s.executeQuery("SELECT last_insert_rowid()")) {
                        tagPk = id.getLong(1);
                    }
                }
            }
            s.execute("INSERT INTO " + join + " VALUES ((SELECT Z_PK FROM ZSFNOTE WHERE ZUNIQUEIDENTIFIER = '"
                    + noteId + "'), " + tagPk + ")");
        }
    }

    public void attach(String noteId, String fileName, String ocr) throws SQLException {
        execute("INSERT INTO ZSFNOTEFILE (ZNOTE, ZFILENAME, ZSEARCHTEXT) VALUES ((SELECT Z_PK FROM ZSFNOTE WHERE "
                + "ZUNIQUEIDENTIFIER = '" + noteId + "'), '" + fileName + "', '" + ocr.replace("'", "''") + "')");
    }

    @Override
    public void edit(String id, String text) throws SQLException {
        try (Connection db = connect(); PreparedStatement update = db.prepareStatement(
                "UPDATE ZSFNOTE SET ZTEXT = ?, ZMODIFICATIONDATE = ? WHERE ZUNIQUEIDENTIFIER = ?")) {
            update.setString(1, text);
            update.setDouble(2, clock += 60);
            update.setString(3, id);
            update.executeUpdate();
        }
    }

    /** Bear trashes without touching the modification date. */
    @Override
    public void remove(String id) throws SQLException {
        execute("UPDATE ZSFNOTE SET ZTRASHED = 1 WHERE ZUNIQUEIDENTIFIER = '" + id + "'");
    }

    @Override
    public NoteSource source() {
        return sourceFactory.apply(database);
    }

    @Override
    public Settings settings() {
        return Settings.of(java.util.Map.of("database", database.toString()));
    }
}
