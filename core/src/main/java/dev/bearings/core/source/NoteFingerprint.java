package dev.bearings.core.source;

import java.util.Objects;

/**
 * What a source can tell cheaply about a note without reading it: its id and a version string that
 * changes whenever the note does (modification time and size for a file; modification date and text
 * length for Bear). Equal versions mean the note need not be read again.
 */
public record NoteFingerprint(String id, String version) {

    public NoteFingerprint {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(version, "version");
    }
}
