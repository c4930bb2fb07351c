package dev.bearings.core.search;

import java.util.List;

/** Optional ability of an index: chunks ranked by BM25 for the words of a query; best first. */
public interface KeywordSearch {
    List<RankedChunk> keywords(String query, int limit, SearchFilter filter);
}
