package dev.bearings.store.lucene;

import dev.bearings.core.index.ChunkIndexReader;
import dev.bearings.core.index.IndexManifest;
import dev.bearings.core.index.IndexedNote;
import dev.bearings.core.index.IndexStats;
import dev.bearings.core.search.KeywordSearch;
import dev.bearings.core.search.RankedChunk;
import dev.bearings.core.search.SearchFilter;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.store.Directory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A Lucene index opened for reading: the last commit, without the writer's lock. */
final class ReadOnlyLuceneIndex implements ChunkIndexReader, KeywordSearch {
    private static final Analyzer ANALYZER = LuceneChunkIndex.analyzer();
    private final Path folder;
    private final Directory directory;
    private final DirectoryReader reader;
    private final IndexManifest manifest;
    private final Map<String, String> commitData;

    ReadOnlyLuceneIndex(Path folder, Directory directory, DirectoryReader reader, IndexManifest manifest,
                        Map<String, String> commitData) {
        this.folder = folder;
        this.directory = directory;
        this.reader = reader;
        this.manifest = manifest;
        this.commitData = Map.copyOf(commitData);
    }

    @Override
    public IndexManifest manifest() {
        return manifest;
    }

    @Override
    public Map<String, String> versions(String source) {
        return read(searcher -> LuceneDocuments.versions(searcher, source));
    }

    @Override
    public List<IndexedNote> notes() {
        return read(LuceneDocuments::notes);
    }

    @Override
    public Map<String, float[]> vectorsByHash(Collection<String> contentHashes) {
        return read(searcher -> LuceneDocuments.vectorsByHash(searcher, contentHashes));
    }

    @Override
    public List<RankedChunk> nearest(float[] query, int limit, SearchFilter filter) {
        return read(searcher -> LuceneDocuments.nearest(searcher, query, limit, filter));
    }

    @Override
    public List<RankedChunk> keywords(String query, int limit, SearchFilter filter) {
        return read(searcher -> LuceneDocuments.keywords(searcher, ANALYZER, query, limit, filter));
    }

    @Override
    public IndexStats stats() {
        return read(searcher -> LuceneDocuments.stats(searcher, folder.resolve(LuceneChunkIndex.SUBFOLDER),
                Optional.ofNullable(commitData.get("last_sync")).map(Instant::parse)));
    }

    private <T> T read(LuceneDocuments.Reading<T> reading) {
        try {
            return reading.read(new IndexSearcher(reader));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the index at " + folder, e);
        }
    }

    @Override
    public void close() {
        try {
            reader.close();
            directory.close();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot close the index at " + folder, e);
        }
    }
}
