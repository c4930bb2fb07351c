package dev.bearings.core.index;

import java.time.Instant;
import java.util.Collection;
import java.util.Map;

/**
 * Port: an embedded index of chunks and their vectors, kept per note. Replacing or deleting a note's
 * chunks is atomic: a run killed at any moment leaves each note with its old chunks or its new ones,
 * and the note's stored version says which, so the next sync completes the work.
 */
public interface ChunkIndex extends AutoCloseable {

    IndexManifest manifest();

    /** The notes of one source in the index: id to the version they were indexed at. */
    Map<String, String> versions(String source);

    /** Vectors already stored for these content hashes, to reuse rather than embed again. */
    Map<String, float[]> vectorsByHash(Collection<String> contentHashes);

    /** Puts a note and all its chunks in place of what the index had for it, in one transaction. */
    void replaceNote(IndexedNote note, Collection<IndexedChunk> chunks);

    void deleteNote(String source, String noteId);

    /** Records that a sync of every source finished at this time. */
    void markSynced(Instant at);

    IndexStats stats();

    @Override
    void close();
}
