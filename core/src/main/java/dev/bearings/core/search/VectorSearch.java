package dev.bearings.core.search;

import java.util.List;

/** Nearest chunks to a unit query vector, by cosine, among those the filter allows; best first. */
public interface VectorSearch {
    List<RankedChunk> nearest(float[] query, int limit, SearchFilter filter);
}
