package dev.bearings.app;

import dev.bearings.core.chunk.LineRange;
import dev.bearings.core.note.Note;
import dev.bearings.core.usecase.ReadNote;

import java.util.List;
import java.util.TreeSet;

/**
 * A note, whole or one section, as the MCP tool {@code read_note} and a note resource give it.
 *
 * @param heading   the heading asked for; null for the whole note
 * @param startLine the section's first line; null for the whole note
 * @param markdown  the note's text as it is now in its source, or the section's
 * @param headings  every heading of the note, as {@code ## Text}, for asking for a section
 */
public record NoteJson(String id, String title, String source, String heading, Integer startLine, Integer endLine,
                       List<String> tags, String modified, String link, String markdown, List<String> headings) {

    public static NoteJson of(ReadNote.Result read) {
        Note note = read.note();
        return new NoteJson(note.id(), read.indexed().title(), read.indexed().source(), read.heading().orElse(null),
                read.lines().map(LineRange::first).orElse(null), read.lines().map(LineRange::last).orElse(null),
                List.copyOf(new TreeSet<>(note.tags())), note.modified().toString(), note.link(), read.markdown(),
                read.headings());
    }
}
