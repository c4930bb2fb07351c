package dev.bearings.store.lucene;

import dev.bearings.core.index.ChunkIndexReader;
import dev.bearings.core.index.IndexManifest;
import dev.bearings.core.index.IndexStats;
import dev.bearings.core.note.IndexedNote;
import dev.bearings.core.search.KeywordSearch;
import dev.bearings.core.search.RankedChunk;
import dev.bearings.core.search.SearchFilter;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.search.IndexSearcher;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Every read of a Lucene index, for the writer's view (its near-real-time searcher) and for a reader
 * of the last commit alike: a subclass says only where its searcher comes from.
 */
abstract class LuceneReader implements ChunkIndexReader, KeywordSearch {
    static {
        // Every way to an index opens one of this class's subclasses, which initialises this class first: here
        // the store asks before any of Lucene's classes is used.
        VectorScoreRounding.sameOnEveryJit();
    }

    static final Analyzer ANALYZER = LuceneChunkIndex.analyzer();
    /**
     * Searches the segments of an index side by side, one core each: a vector search walks one HNSW
     * graph per segment, and an index of 100,000 chunks has a dozen segments and more.
     */
    private static final ExecutorService SEGMENTS = Executors.newFixedThreadPool(Runtime.getRuntime().availableProcessors(),
            task -> {
                Thread thread = new Thread(task, "bearings-lucene-search");
                thread.setDaemon(true);
                return thread;
            });

    final Path folder;
    private final IndexManifest manifest;

    LuceneReader(Path folder, IndexManifest manifest) {
        this.folder = folder;
        this.manifest = manifest;
    }

    /** A searcher of these segments that searches them side by side. */
    static IndexSearcher searcher(IndexReader reader) {
        return new IndexSearcher(reader, SEGMENTS);
    }

    /** Runs a read on a searcher of the index as this view sees it. */
    abstract <T> T read(LuceneDocuments.Reading<T> reading) throws IOException;

    /** When the last complete sync ended, as the view's commit says. */
    abstract Optional<Instant> lastSync();

    private <T> T reading(LuceneDocuments.Reading<T> reading) {
        try {
            return read(reading);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the index at " + folder, e);
        }
    }

    @Override
    public IndexManifest manifest() {
        return manifest;
    }

    @Override
    public Map<String, String> versions(String source) {
        return reading(searcher -> LuceneDocuments.versions(searcher, source));
    }

    @Override
    public List<IndexedNote> notes() {
        return reading(LuceneDocuments::notes);
    }

    @Override
    public Map<String, float[]> vectorsByHash(Collection<String> contentHashes) {
        return reading(searcher -> LuceneDocuments.vectorsByHash(searcher, contentHashes));
    }

    @Override
    public List<RankedChunk> nearest(float[] query, int limit, SearchFilter filter) {
        manifest.requireDimension(query, "query");
        return reading(searcher -> LuceneDocuments.nearest(searcher, query, limit, filter));
    }

    @Override
    public List<RankedChunk> keywords(String query, int limit, SearchFilter filter) {
        return reading(searcher -> LuceneDocuments.keywords(searcher, ANALYZER, query, limit, filter));
    }

    @Override
    public IndexStats stats() {
        return reading(searcher -> LuceneDocuments.stats(searcher, folder.resolve(LuceneChunkIndex.SUBFOLDER), lastSync()));
    }
}
