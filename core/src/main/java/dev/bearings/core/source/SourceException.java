package dev.bearings.core.source;

/** A source cannot be read at all (missing or locked database, unreadable folder); says which and why. */
public final class SourceException extends Exception {
    private static final long serialVersionUID = 1L;

    public SourceException(String message) {
        super(message);
    }

    public SourceException(String message, Throwable cause) {
        super(message, cause);
    }
}
