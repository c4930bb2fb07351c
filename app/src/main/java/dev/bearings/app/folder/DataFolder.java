package dev.bearings.app.folder;

import dev.bearings.core.folder.UserFolders;

import java.nio.file.Path;

/**
 * The user's data folder ({@link UserFolders#data}): the default index, the MCP server's token and the
 * list of running servers live there. Kept apart from the command-line classes, since the first thing
 * {@code bearings search} does, before any of them is loaded, is look there for a server to ask.
 */
public final class DataFolder {
    /** The MCP server's token, in the data folder. */
    public static final String TOKEN_FILE = "mcp-token";
    /** The running MCP servers' entries and the background servers' locks, a folder in the data folder. */
    public static final String SERVERS = "servers";
    /** The background servers' logs, a folder in the data folder. */
    public static final String LOGS = "logs";

    private DataFolder() {
    }

    public static Path path() {
        return UserFolders.here().data();
    }
}
