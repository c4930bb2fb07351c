package dev.bearings.app;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;

/** Dates as people give them to a search, on the command line and to the MCP tools alike. */
public final class Dates {
    private Dates() {
    }

    /** A day (2026-03-01, from local midnight) or an instant (2026-03-01T08:00:00Z). */
    public static Instant instant(String value) {
        return value.contains("T") ? Instant.parse(value) : LocalDate.parse(value).atStartOfDay(ZoneId.systemDefault()).toInstant();
    }
}
