package dev.bearings.core.index;

import dev.bearings.core.note.IndexedNote;
import dev.bearings.core.search.VectorSearch;

import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * The reading side of an index: what status, search and sync planning need. Every index searches by
 * vector; one that also ranks by keywords implements {@link dev.bearings.core.search.KeywordSearch}.
 */
public interface ChunkIndexReader extends VectorSearch, AutoCloseable {

    IndexManifest manifest();

    /** The notes of one source in the index: id to the version they were indexed at. */
    Map<String, String> versions(String source);

    /** Every note in the index, ordered by source, then id: what listing tools show. */
    List<IndexedNote> notes();

    /** Vectors already stored for these content hashes, to reuse rather than embed again. */
    Map<String, float[]> vectorsByHash(Collection<String> contentHashes);

    IndexStats stats();

    @Override
    void close();
}
