package dev.bearings.core.note;

import java.util.Objects;

/**
 * A note as a source hands it over.
 *
 * @param id    stable within its source (Bear's unique identifier, or a path relative to a folder)
 * @param title the note's title, for display and for the embedded prefix
 * @param text  the note's Markdown, never modified
 */
public record Note(String id, String title, String text) {

    public Note {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(text, "text");
    }
}
