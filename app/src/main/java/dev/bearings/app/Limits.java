package dev.bearings.app;

/** How much one answer holds, the same for every driver (the command line, MCP, the page). */
public final class Limits {
    /** Passages a search returns unless asked for another number. */
    public static final int SEARCH = 10;
    /** Notes a listing returns (a page of them, for an agent) unless asked for another number. */
    public static final int NOTES = 50;
    /** The most a client may ask for in one answer: more is paged. */
    public static final int MOST = 100;
    /** Notes read at once by {@code read_notes}. */
    public static final int READ_AT_ONCE = 20;
    /** Note resources listed in one page of {@code resources/list}. */
    public static final int RESOURCES_PAGE = 200;

    private Limits() {
    }
}
