package dev.bearings.core.index;

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
}
