package dev.bearings.core.source;

import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;

/**
 * What went wrong with a file, in a person's words rather than a Java class's name: what a message shows
 * where the JDK would say {@code AccessDeniedException}.
 */
public final class Failure {
    private Failure() {
    }

    /** {@code e} in a few words: "permission denied", "no such file", or the system's own reason. */
    public static String of(Throwable e) {
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof NoSuchFileException) {
            return "no such file or folder";
        }
        if (e instanceof NotDirectoryException) {
            return "not a folder";
        }
        if (e instanceof FileSystemException system && system.getReason() != null && !system.getReason().isBlank()) {
            return system.getReason().toLowerCase(java.util.Locale.ROOT);
        }
        if (e instanceof StackOverflowError) {
            return "nested too deeply";
        }
        if (e instanceof OutOfMemoryError) {
            return "too large to hold";
        }
        String message = e.getMessage();
        return message == null || message.isBlank() ? "an unexpected error" : message;
    }
}
