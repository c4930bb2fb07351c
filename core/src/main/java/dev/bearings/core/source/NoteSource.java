package dev.bearings.core.source;

import dev.bearings.core.note.Note;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Port: where notes come from (Bear's database, a folder of Markdown). A source only reads: it never
 * changes a note.
 */
public interface NoteSource extends AutoCloseable {

    /** Names the source in the index, such as {@code folder:/home/me/notes} or {@code bear}. */
    String name();

    /** Every note the source offers now, with a cheap fingerprint; skipped ones are counted in {@link #skipped()}. */
    List<NoteFingerprint> list() throws SourceException;

    /**
     * Reads one listed note.
     *
     * @return empty when the source does not offer the note (any more): an unknown id, or a note deleted
     *         or hidden (as {@link #list()} would hide it) since it was listed
     * @throws UnreadableNote when this note cannot be read (invalid UTF-8, binary): others still can
     */
    Optional<Note> read(String id) throws SourceException, UnreadableNote;

    /** Notes the last {@link #list()} or {@link #read} left out, counted by reason ("trashed", "invalid UTF-8"). */
    Map<String, Integer> skipped();

    /**
     * What the last {@link #list()} left out that a person would look for, each named with its reason
     * ({@code "old/link.md: link leading out of the folder"}): links, folders that cannot be listed. Notes left
     * out on purpose (trashed, archived) need no naming. None by default.
     */
    default List<String> passedOver() {
        return List.of();
    }

    /**
     * Where on disk the notes come from (a folder, a database file): the paths messages to an agent may
     * name. A source that names none has its paths hidden.
     */
    default List<Path> locations() {
        return List.of();
    }

    /**
     * Where a watcher sees this source's notes change. By default its {@link #locations()}: folders watched
     * whole, files polled; a source whose notes live elsewhere names none, and is synced on a timer instead.
     */
    default Watched watched() {
        List<Path> folders = locations().stream().filter(java.nio.file.Files::isDirectory).toList();
        List<Path> files = locations().stream().filter(location -> !java.nio.file.Files.isDirectory(location)).toList();
        return new Watched(folders, folder -> false, files);
    }

    @Override
    void close();

    /** One note that cannot be read; the reason names the note. */
    final class UnreadableNote extends Exception {
        private static final long serialVersionUID = 1L;
        private final String reason;

        public UnreadableNote(String noteId, String reason) {
            this(noteId, reason, reason);
        }

        /**
         * @param reason what is wrong, the same for every note it is wrong with: skipped notes are counted by it
         * @param said   what is wrong with this note, where it differs from the reason (a byte offset, a size)
         */
        public UnreadableNote(String noteId, String reason, String said) {
            super(noteId + ": " + said);
            this.reason = reason;
        }

        public String reason() {
            return reason;
        }
    }
}
