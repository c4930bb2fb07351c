package dev.bearings.app.words;

import dev.bearings.core.index.ChunkIndexStore.IndexUnreadableException;
import dev.bearings.core.index.IndexMismatchException;

/**
 * What to do about a failure, in the words of this command line: core and the adapters say what is
 * wrong and name no command or flag; the application adds how to fix it with its own.
 */
public final class Advice {

    /** What {@code bearings index} is given to add a source, in {@link #addSource} and in help text alike. */
    public static final String SOURCE_FLAGS = "--folder DIR (or --bear)";

    private Advice() {
    }

    /**
     * The command that adds a source to an index, said the same wherever one is missing.
     *
     * @param flags empty, or flags each with a leading space, naming the index: {@code " --index idx"}
     */
    public static String addSource(String flags) {
        return "bearings index" + flags + " " + SOURCE_FLAGS;
    }

    /** The failure's message, followed by what to do when there is something to do. */
    public static String message(Throwable failure) {
        return message(failure, "");
    }

    /**
     * The same, the {@code bearings index} it suggests carrying {@code flags}: the flags of the failed
     * command that say which index and how it is made, so that pasted it acts on the same index.
     *
     * @param flags empty, or flags each with a leading space: {@code " --index idx --window 128"}
     */
    public static String message(Throwable failure, String flags) {
        String message = failure.getMessage() == null ? failure.toString() : failure.getMessage();
        if (failure instanceof IndexMismatchException) {
            return message + ". Rebuild it with: bearings index" + flags + " --rebuild (or choose another --index folder)";
        }
        if (failure instanceof IndexUnreadableException unreadable) {
            return switch (unreadable.problem()) {
                case ABSENT -> message + " (run " + addSource(flags) + " first)";
                case DAMAGED -> message + "; rebuild it from the notes with: bearings index" + flags + " --rebuild";
                case BUSY -> message + "; try again when it is done";
                case UNWRITABLE -> message;
                case UNREACHABLE -> message + "; check the address and that the server runs";
                case DENIED -> message;
            };
        }
        return message;
    }
}
