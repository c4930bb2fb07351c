package dev.bearings.app;

import java.nio.file.Path;
import java.util.Locale;

/**
 * The user's data folder, as each platform names it: the default index, the MCP server's token and the
 * list of running servers live there. Kept apart from the command-line classes, since the first thing
 * {@code bearings search} does, before any of them is loaded, is look there for a server to ask.
 */
public final class DataFolder {
    /** The MCP server's token, in the data folder. */
    public static final String TOKEN_FILE = "mcp-token";

    private DataFolder() {
    }

    public static Path path() {
        String xdg = System.getenv("XDG_DATA_HOME");
        if (xdg != null && !xdg.isBlank()) {
            return Path.of(xdg, "bearings");
        }
        String home = System.getProperty("user.home");
        if (System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("mac")) {
            return Path.of(home, "Library", "Application Support", "bearings");
        }
        return Path.of(home, ".local", "share", "bearings");
    }
}
