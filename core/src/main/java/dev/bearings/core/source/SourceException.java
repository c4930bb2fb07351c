package dev.bearings.core.source;

import java.util.Objects;

/** A source cannot be read at all (missing or locked database, unreadable folder); says which and why. */
public final class SourceException extends Exception {
    private static final long serialVersionUID = 1L;

    /** What is wrong, so that the application can say what to do about it. */
    public enum Problem {
        /** Its folder or database is not there (moved, deleted, a drive unplugged). */
        MISSING,
        /** Its writer holds it (Bear writing its database); it clears by itself. */
        LOCKED,
        /** It is there but cannot be read (permissions, damage). */
        UNREADABLE
    }

    private final Problem problem;

    public SourceException(String message) {
        this(Problem.UNREADABLE, message, null);
    }

    public SourceException(String message, Throwable cause) {
        this(Problem.UNREADABLE, message, cause);
    }

    public SourceException(Problem problem, String message, Throwable cause) {
        super(message, cause);
        this.problem = Objects.requireNonNull(problem, "problem");
    }

    public Problem problem() {
        return problem;
    }
}
