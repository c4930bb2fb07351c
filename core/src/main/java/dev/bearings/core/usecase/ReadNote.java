package dev.bearings.core.usecase;

import dev.bearings.core.chunk.LineRange;
import dev.bearings.core.chunk.NoteSections;
import dev.bearings.core.index.ChunkIndexReader;
import dev.bearings.core.note.IndexedNote;
import dev.bearings.core.markdown.Block;
import dev.bearings.core.markdown.MarkdownDocument;
import dev.bearings.core.markdown.MarkdownParser;
import dev.bearings.core.note.Note;
import dev.bearings.core.source.NoteSource;
import dev.bearings.core.source.SourceException;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Use case: an indexed note's Markdown as it is now in its source, whole or one section (a heading's
 * text, or the heading path search results carry). Only notes in the index are read, from the source
 * they were indexed from, so an id cannot reach anything else.
 */
public final class ReadNote {
    /** Echoed input is cut to this many characters: a huge argument does not come back as a huge error. */
    private static final int ECHO = 120;

    private final MarkdownParser parser;

    public ReadNote(MarkdownParser parser) {
        this.parser = Objects.requireNonNull(parser, "parser");
    }

    /** Reads an indexed note afresh from the source it came from. */
    @FunctionalInterface
    public interface Sources {
        Optional<Note> read(IndexedNote note) throws SourceException, NoteSource.UnreadableNote;
    }

    /** @param source the note's source, needed only when two sources have a note of this id */
    public record Request(String id, Optional<String> source, Optional<String> heading) {
        public Request {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(source, "source");
            Objects.requireNonNull(heading, "heading");
        }
    }

    /**
     * @param lines    the section's lines, when a heading was asked for
     * @param markdown the note's text, or the section's
     * @param headings every heading of the note, as {@code ## Text}, for finding a section
     */
    public record Result(IndexedNote indexed, Note note, Optional<String> heading, Optional<LineRange> lines, String markdown,
                         List<String> headings) {
    }

    /**
     * @throws IllegalArgumentException naming what was asked and what there is, when no such note or heading is indexed
     * @throws IllegalStateException when the note left its source since it was indexed
     */
    public Result read(ChunkIndexReader index, Sources sources, Request request)
            throws SourceException, NoteSource.UnreadableNote {
        List<IndexedNote> matches = index.notes().stream()
                .filter(n -> n.id().equals(request.id()) && request.source().map(n.source()::equals).orElse(true)).toList();
        if (matches.isEmpty()) {
            throw new IllegalArgumentException("no note with id '" + clip(request.id()) + "' in the index"
                    + request.source().map(s -> " for source '" + clip(s) + "'").orElse("")
                    + "; use the noteId of a search or a note listing");
        }
        if (matches.size() > 1) {
            throw new IllegalArgumentException("two sources have a note with id '" + clip(request.id()) + "': give its source, one of "
                    + matches.stream().map(IndexedNote::source).toList());
        }
        IndexedNote indexed = matches.get(0);
        Note note = sources.read(indexed).orElseThrow(() -> new IllegalStateException(
                "the note '" + clip(request.id()) + "' is no longer in its source; it leaves the index at the next sync"));
        MarkdownDocument document = MarkdownDocument.parse(note.text(), parser);
        List<String> headings = document.blocks().stream().filter(Block::isHeading)
                .map(b -> "#".repeat(b.headingLevel()) + " " + b.headingText()).toList();
        if (request.heading().isEmpty()) {
            return new Result(indexed, note, Optional.empty(), Optional.empty(), note.text(), headings);
        }
        String heading = request.heading().get();
        LineRange lines = NoteSections.find(document, heading).orElseThrow(() -> new IllegalArgumentException(
                "no heading '" + clip(heading) + "' in the note '" + clip(indexed.title()) + "'; its headings are " + headings));
        return new Result(indexed, note, Optional.of(heading), Optional.of(lines), NoteSections.text(document, lines), headings);
    }

    private static String clip(String text) {
        return text.length() <= ECHO ? text : text.substring(0, ECHO) + "...";
    }
}
