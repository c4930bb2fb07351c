package dev.bearings.store.lucene;

import org.apache.lucene.index.IndexReader;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * How many documents match a query, counted once per reader: a phrase or a union of spellings costs a
 * pass over its terms' postings, and a server asks the same words again and again. A reader's counts go
 * with it (its cache key is weakly held); at most {@value #MAX_PER_READER} are kept for one reader.
 */
final class ReaderCounts {
    private static final int MAX_PER_READER = 10_000;
    private final Map<IndexReader.CacheKey, Map<Query, Long>> counts = new WeakHashMap<>();

    long count(IndexSearcher searcher, Query query) throws IOException {
        IndexReader.CacheHelper helper = searcher.getIndexReader().getReaderCacheHelper();
        if (helper == null) {
            return searcher.count(query);
        }
        Map<Query, Long> ofReader;
        synchronized (counts) {
            ofReader = counts.computeIfAbsent(helper.getKey(), key -> new HashMap<>());
            Long known = ofReader.get(query);
            if (known != null) {
                return known;
            }
        }
        long n = searcher.count(query);
        synchronized (counts) {
            if (ofReader.size() >= MAX_PER_READER) {
                ofReader.clear();
            }
            ofReader.put(query, n);
        }
        return n;
    }
}
