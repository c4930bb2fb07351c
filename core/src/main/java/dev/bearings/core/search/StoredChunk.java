package dev.bearings.core.search;

import dev.bearings.core.note.IndexedNote;

import java.util.Objects;

/** A chunk as a search finds it, with its note. */
public record StoredChunk(IndexedNote note, int ordinal, String headingPath, int startLine, int endLine, String text,
                          String attachment) {

    public StoredChunk {
        Objects.requireNonNull(note, "note");
        Objects.requireNonNull(headingPath, "headingPath");
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(attachment, "attachment");
    }

    /** What tells this chunk from every other in an index: its note's source and id, and its place in the note. */
    public String key() {
        return note.source() + "\u0000" + note.id() + "\u0000" + ordinal;
    }
}
