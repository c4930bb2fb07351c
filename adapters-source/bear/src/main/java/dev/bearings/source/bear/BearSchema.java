package dev.bearings.source.bear;

import dev.bearings.core.source.SourceException;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The parts of Bear's Core Data schema Bearings reads, found at run time: the tag join table is
 * {@code Z_5TAGS} in Bear 2 and {@code Z_7TAGS} in Bear 1, with columns numbered to match, so no
 * number is written down here.
 */
record BearSchema(String tagJoin, String noteColumn, String tagColumn, Set<String> noteColumns, boolean hasFiles,
                  String fileNameColumn) {
    private static final Pattern JOIN = Pattern.compile("Z_(\\d+)TAGS");
    private static final Pattern NOTE_COLUMN = Pattern.compile("Z_(\\d+)NOTES");
    private static final Pattern TAG_COLUMN = Pattern.compile("Z_(\\d+)TAGS");

    static BearSchema discover(Connection db, Path database) throws SQLException, SourceException {
        Set<String> tables = new HashSet<>();
        try (Statement s = db.createStatement();
             ResultSet rows = s.executeQuery("SELECT name FROM sqlite_master WHERE type = 'table'")) {
            while (rows.next()) {
                tables.add(rows.getString(1));
            }
        }
        if (!tables.contains("ZSFNOTE") || !tables.contains("ZSFNOTETAG")) {
            throw new SourceException(database + " has no ZSFNOTE and ZSFNOTETAG tables: "
                    + "it is not a Bear database, or of a Bear version Bearings does not know");
        }
        Set<String> noteColumns = columns(db, "ZSFNOTE");
        for (String needed : List.of("ZUNIQUEIDENTIFIER", "ZTITLE", "ZTEXT", "ZMODIFICATIONDATE")) {
            if (!noteColumns.contains(needed)) {
                throw new SourceException("ZSFNOTE in " + database + " has no " + needed
                        + " column; this Bear version is unknown to Bearings");
            }
        }
        String join = null;
        String noteColumn = null;
        String tagColumn = null;
        List<String> candidates = new ArrayList<>(tables);
        candidates.sort(null);
        for (String table : candidates) {
            if (!JOIN.matcher(table).matches()) {
                continue;
            }
            String notes = null;
            String tags = null;
            for (String column : columns(db, table)) {
                if (NOTE_COLUMN.matcher(column).matches()) {
                    notes = column;
                } else if (TAG_COLUMN.matcher(column).matches()) {
                    tags = column;
                }
            }
            if (notes != null && tags != null) {
                join = table;
                noteColumn = notes;
                tagColumn = tags;
                break;
            }
        }
        if (join == null) {
            throw new SourceException("no Z_<n>TAGS table joins notes to tags in " + database
                    + "; this Bear version is unknown to Bearings");
        }
        boolean hasFiles = tables.contains("ZSFNOTEFILE") && columns(db, "ZSFNOTEFILE").containsAll(List.of("ZNOTE", "ZSEARCHTEXT"));
        String fileName = hasFiles && columns(db, "ZSFNOTEFILE").contains("ZFILENAME") ? "ZFILENAME" : "NULL";
        return new BearSchema(join, noteColumn, tagColumn, noteColumns, hasFiles, fileName);
    }

    /** A flag column's value, or 0 where this Bear version has no such column. */
    String flag(String column) {
        return noteColumns.contains(column) ? "coalesce(n." + column + ", 0)" : "0";
    }

    private static Set<String> columns(Connection db, String table) throws SQLException {
        Set<String> columns = new HashSet<>();
        try (Statement s = db.createStatement(); ResultSet rows = s.executeQuery("PRAGMA table_info(" + table + ")")) {
            while (rows.next()) {
                columns.add(rows.getString("name"));
            }
        }
        return columns;
    }
}
