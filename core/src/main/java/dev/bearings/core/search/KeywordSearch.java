package dev.bearings.core.search;

import java.util.List;

/**
 * Optional ability of an index: chunks ranked by BM25 for the words of a query, best first.
 *
 * <p>The words matched are {@link KeywordQuery}'s: the query's words less its function words. Each
 * hit's score is its BM25 divided by what a chunk of average length holding each of those words once
 * would score (the sum of their idf, in the store's own formula): 1 is a full match, 0.3 a chunk that
 * holds only a common third of the query. A chunk may pass 1 (a word repeated, or also in a heading).
 * Read this way a weak keyword list looks weak, which is what hybrid search weighs the lists by.
 */
public interface KeywordSearch {
    List<RankedChunk> keywords(String query, int limit, SearchFilter filter);
}
