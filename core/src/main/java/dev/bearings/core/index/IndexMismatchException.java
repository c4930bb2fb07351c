package dev.bearings.core.index;

import java.nio.file.Path;
import java.util.List;

/** An index was built with another recipe than this run's; it says what differs (the application says what to do). */
public final class IndexMismatchException extends Exception {
    private static final long serialVersionUID = 1L;

    public IndexMismatchException(Path location, List<String> differences) {
        super("the index at " + location + " was built with " + String.join("; ", differences));
    }

    public IndexMismatchException(String message) {
        super(message);
    }
}
