package dev.bearings.app.json;

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

    /**
     * The same, cut to {@code count} lines from the note's line {@code from} (to its end when count is null): lines
     * counted in the whole note, as search results give them.
     *
     * @throws IllegalArgumentException when the note or section has no such line
     */
    public NoteJson lines(int from, Integer count) {
        int first = startLine == null ? 1 : startLine;
        String[] all = markdown.split("\n", -1);
        int lastLine = first + (markdown.endsWith("\n") ? all.length - 2 : all.length - 1);
        if (from < first || from > lastLine) {
            throw new IllegalArgumentException("'" + title + "' has lines " + first + " to " + lastLine
                    + (heading == null ? "" : " under '" + heading + "'") + ", not " + from);
        }
        int last = count == null ? lastLine : Math.min(lastLine, from + count - 1);
        StringBuilder cut = new StringBuilder();
        for (int line = from; line <= last; line++) {
            cut.append(all[line - first]).append('\n');
        }
        return new NoteJson(id, title, source, heading, from, last, tags, modified, link, cut.toString(), headings);
    }

    public static NoteJson of(ReadNote.Result read) {
        Note note = read.note();
        return new NoteJson(note.id(), read.indexed().title(), read.indexed().source(), read.heading().orElse(null),
                read.lines().map(LineRange::first).orElse(null), read.lines().map(LineRange::last).orElse(null),
                List.copyOf(new TreeSet<>(note.tags())), note.modified().toString(), note.link(), read.markdown(),
                read.headings());
    }
}
