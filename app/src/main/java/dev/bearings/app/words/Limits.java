package dev.bearings.app.words;

/**
 * How much one answer holds and one request may ask, the same for every driver (the command line, MCP, the
 * page). The command line takes any {@code --limit}: a person asking for 500 passages reads them in a pager;
 * an agent's are capped at {@link #MOST}, as its context holds only so much.
 */
public final class Limits {
    /** Passages a search returns unless asked for another number. */
    public static final int SEARCH = 10;
    /** Notes a listing returns (a page of them, for an agent) unless asked for another number. */
    public static final int NOTES = 50;
    /** The most a client may ask for in one answer: more is paged. */
    public static final int MOST = 100;
    /** Notes read at once by {@code read_notes}. */
    public static final int READ_AT_ONCE = 20;
    /**
     * The longest message a client may send an MCP server, in bytes of UTF-8, over stdio and HTTP alike: a
     * question is at most 4,000 characters, so anything near this is not one.
     */
    public static final int MESSAGE_BYTES = 1 << 20;
    /** Note resources listed in one page of {@code resources/list}. */
    public static final int RESOURCES_PAGE = 200;

    private Limits() {
    }
}
