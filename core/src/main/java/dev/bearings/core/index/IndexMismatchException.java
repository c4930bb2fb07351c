package dev.bearings.core.index;

import java.nio.file.Path;
import java.util.List;

/** An index was built with other settings than this run's; it says which, and how to rebuild. */
public final class IndexMismatchException extends Exception {
    private static final long serialVersionUID = 1L;

    public IndexMismatchException(Path location, List<String> differences) {
        super("the index at " + location + " was built with " + String.join("; ", differences)
                + ". Rebuild it with: bearings index --rebuild (or choose another --index folder)");
    }

    public IndexMismatchException(String message) {
        super(message);
    }
}
