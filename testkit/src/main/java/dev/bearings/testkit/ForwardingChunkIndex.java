package dev.bearings.testkit;

import dev.bearings.core.index.ChunkIndex;
import dev.bearings.core.index.IndexManifest;
import dev.bearings.core.index.IndexStats;
import dev.bearings.core.index.IndexedChunk;
import dev.bearings.core.note.IndexedNote;
import dev.bearings.core.search.KeywordSearch;
import dev.bearings.core.search.RankedChunk;
import dev.bearings.core.search.SearchFilter;

import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * An index that passes every call to another: a test overrides the calls it wants to watch or to
 * break (a disk that fills up, a search that records its limits). Keyword search is passed on when the
 * other index has it, and finds nothing when it has not.
 */
public class ForwardingChunkIndex implements ChunkIndex, KeywordSearch {
    protected final ChunkIndex delegate;

    public ForwardingChunkIndex(ChunkIndex delegate) {
        this.delegate = delegate;
    }

    @Override
    public void replaceNote(IndexedNote note, Collection<IndexedChunk> chunks) {
        delegate.replaceNote(note, chunks);
    }

    @Override
    public void deleteNote(String source, String noteId) {
        delegate.deleteNote(source, noteId);
    }

    @Override
    public void markSynced(Instant at) {
        delegate.markSynced(at);
    }

    @Override
    public IndexManifest manifest() {
        return delegate.manifest();
    }

    @Override
    public Map<String, String> versions(String source) {
        return delegate.versions(source);
    }

    @Override
    public List<IndexedNote> notes() {
        return delegate.notes();
    }

    @Override
    public Map<String, float[]> vectorsByHash(Collection<String> contentHashes) {
        return delegate.vectorsByHash(contentHashes);
    }

    @Override
    public IndexStats stats() {
        return delegate.stats();
    }

    @Override
    public List<RankedChunk> nearest(float[] query, int limit, SearchFilter filter) {
        return delegate.nearest(query, limit, filter);
    }

    @Override
    public List<RankedChunk> keywords(String query, int limit, SearchFilter filter) {
        return delegate instanceof KeywordSearch keywords ? keywords.keywords(query, limit, filter) : List.of();
    }

    @Override
    public void close() {
        delegate.close();
    }
}
