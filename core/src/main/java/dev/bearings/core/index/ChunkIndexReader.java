package dev.bearings.core.index;

import java.util.Collection;
import java.util.Map;

/** The reading side of an index: what status, search and sync planning need. */
public interface ChunkIndexReader extends AutoCloseable {

    IndexManifest manifest();

    /** The notes of one source in the index: id to the version they were indexed at. */
    Map<String, String> versions(String source);

    /** Vectors already stored for these content hashes, to reuse rather than embed again. */
    Map<String, float[]> vectorsByHash(Collection<String> contentHashes);

    IndexStats stats();

    @Override
    void close();
}
