package dev.bearings.store.lucene;

import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.KnnFloatVectorQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TopKnnCollector;
import org.apache.lucene.search.knn.KnnCollectorManager;

/**
 * A vector search whose answer does not depend on which segment's search ends first. Since 9.10 Lucene lets the
 * segments searched side by side share the best scores found so far, each walk of a segment's graph stopping
 * sooner for what another one found: the passages found then depend on the threads' timing, and the same question
 * could get another tenth passage from one search to the next. Here each segment keeps its own best k, as before.
 */
final class SegmentwiseKnnQuery extends KnnFloatVectorQuery {
    SegmentwiseKnnQuery(String field, float[] target, int k, Query filter) {
        super(field, target, k, filter);
    }

    @Override
    protected KnnCollectorManager getKnnCollectorManager(int k, IndexSearcher searcher) {
        return (visitedLimit, segment) -> new TopKnnCollector(k, visitedLimit);
    }
}
