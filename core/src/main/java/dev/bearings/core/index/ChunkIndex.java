package dev.bearings.core.index;

import dev.bearings.core.note.IndexedNote;
import java.time.Instant;
import java.util.Collection;

/**
 * Port: an embedded index of chunks and their vectors, kept per note. Replacing or deleting a note's
 * chunks is atomic: a run killed at any moment leaves each note with its old chunks or its new ones,
 * and the note's stored version says which, so the next sync completes the work.
 */
public interface ChunkIndex extends ChunkIndexReader {

    /** Puts a note and all its chunks in place of what the index had for it, in one transaction. */
    void replaceNote(IndexedNote note, Collection<IndexedChunk> chunks);

    void deleteNote(String source, String noteId);

    /** Records that a sync of every source finished at this time. */
    void markSynced(Instant at);

    /**
     * Makes a rebuild ({@link ChunkIndexStore#open} with {@code rebuild}) what readers see. A store that
     * can builds the new index beside the old one, and readers see the old one until this is called; a
     * rebuild closed without it (stopped, or a source that could not be read) leaves the old index
     * whole. Nothing for an index not being rebuilt, and for a store that rebuilds in place.
     */
    default void publish() {
    }
}
