package dev.bearings.store.lucene;

import dev.bearings.core.index.ChunkIndex;
import dev.bearings.core.index.ChunkIndexReader;
import dev.bearings.core.index.ChunkIndexStore.IndexUnreadableException;
import dev.bearings.core.index.ChunkIndexStore.IndexUnreadableException.Problem;
import dev.bearings.core.index.IndexManifest;
import dev.bearings.core.index.IndexMismatchException;
import dev.bearings.core.index.IndexRecipe;
import dev.bearings.core.index.IndexStats;
import dev.bearings.core.index.IndexedChunk;
import dev.bearings.core.note.IndexedNote;
import dev.bearings.core.search.KeywordSearch;
import dev.bearings.core.search.RankedChunk;
import dev.bearings.core.search.SearchFilter;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.KnnFloatVectorField;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.VectorSimilarityFunction;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.MatchAllDocsQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.SearcherFactory;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.search.TermInSetQuery;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.store.LockObtainFailedException;
import org.apache.lucene.util.BytesRef;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * {@link ChunkIndex} in a Lucene directory: one document per chunk (BM25 text field, HNSW vector
 * field with dot-product similarity, as the vectors are unit length) and one per note (its version).
 * A note's documents are replaced together by one {@code updateDocuments} call; the manifest and the
 * last sync live in the commit's user data. Changes are committed every few notes and on close, so
 * a killed run loses at most the uncommitted notes, which the next run sees as not yet indexed.
 */
public final class LuceneChunkIndex extends LuceneReader implements ChunkIndex {
    /**
     * 2: English analysis (stemming, stop words) of chunk text; note facts on chunk documents. 3:
     * Japanese, Chinese and Korean as bigrams ({@link NotesAnalyzer}); a format-2 index is upgraded in
     * place when opened for writing (every document is written again from its stored fields; nothing
     * is embedded again).
     */
    static final int FORMAT_VERSION = 3;
    static final String SUBFOLDER = "lucene";
    /** The commit's user data holds the manifest's fields and this one. */
    static final String LAST_SYNC = "last_sync";
    private static final int NOTES_PER_COMMIT = 32;

    private final Directory directory;
    private final IndexWriter writer;
    private final SearcherManager searchers;
    private final Map<String, String> commitData;
    private int uncommitted;
    /** Whether nothing is committed until {@link #publish()}: a rebuild readers do not see yet. */
    private boolean rebuilding;

    private LuceneChunkIndex(Path folder, Directory directory, IndexWriter writer, SearcherManager searchers,
                             IndexManifest manifest, Map<String, String> commitData) {
        super(folder, manifest);
        this.directory = directory;
        this.writer = writer;
        this.searchers = searchers;
        this.commitData = new TreeMap<>(commitData);
    }

    static LuceneChunkIndex open(Path folder, IndexRecipe recipe, boolean rebuild)
            throws IndexMismatchException, IndexUnreadableException {
        IndexManifest wanted = new IndexManifest(FORMAT_VERSION, recipe);
        Path location = folder.resolve(SUBFOLDER);
        Directory directory = null;
        IndexWriter writer = null;
        try {
            // A rebuild of an index that is there is written beside its last commit, which readers see
            // until the rebuild is published: Lucene replaces it with the rebuild's first commit alone.
            boolean beside = rebuild && Files.isDirectory(location) && hasCommit(location);
            if (rebuild && !beside) {
                deleteTree(location);
            }
            if (!Files.isDirectory(location)) {
                // Its owner's alone from the start: Lucene makes its files readable by all, and the folder keeps them private.
                Files.createDirectories(location.getParent());
                if (Files.getFileAttributeView(location.getParent(), java.nio.file.attribute.PosixFileAttributeView.class) != null) {
                    Files.createDirectory(location, java.nio.file.attribute.PosixFilePermissions.asFileAttribute(
                            java.nio.file.attribute.PosixFilePermissions.fromString("rwx------")));
                } else {
                    Files.createDirectory(location);
                }
            }
            directory = FSDirectory.open(location);
            IndexWriterConfig config = new IndexWriterConfig(analyzer())
                    .setOpenMode(beside ? IndexWriterConfig.OpenMode.CREATE : IndexWriterConfig.OpenMode.CREATE_OR_APPEND)
                    .setCommitOnClose(!beside);
            writer = new IndexWriter(directory, config);
            Map<String, String> data = new HashMap<>();
            if (beside) {
                data.putAll(wanted.fields());
                writer.setLiveCommitData(data.entrySet());
                LuceneChunkIndex index = new LuceneChunkIndex(folder, directory, writer, searchers(writer), wanted, data);
                index.rebuilding = true;
                return index;
            }
            if (writer.getLiveCommitData() != null) {
                writer.getLiveCommitData().forEach(e -> data.put(e.getKey(), e.getValue()));
            }
            if (data.containsKey("model") && "2".equals(data.get("format"))) {
                LuceneDocuments.reindexAll(writer);
                data.put("format", Integer.toString(FORMAT_VERSION));
                writer.setLiveCommitData(data.entrySet());
                writer.commit();
            }
            if (data.containsKey("model")) {
                try {
                    manifestOf(data).requireSameAs(wanted, folder);
                } catch (IndexMismatchException e) {
                    writer.rollback();
                    directory.close();
                    throw e;
                }
            } else {
                data.putAll(wanted.fields());
                writer.setLiveCommitData(data.entrySet());
                writer.commit();
            }
            return new LuceneChunkIndex(folder, directory, writer, searchers(writer), wanted, data);
        } catch (LockObtainFailedException e) {
            closeQuietly(writer, directory);
            throw new IndexUnreadableException(folder, Problem.BUSY, "another process holds the index", e);
        } catch (IOException | RuntimeException e) {
            closeQuietly(writer, directory);
            throw damaged(folder, e);
        }
    }

    /** Opens for reading only, while a writer may be at work. */
    static ChunkIndexReader openExisting(Path folder) throws IndexUnreadableException {
        Path location = folder.resolve(SUBFOLDER);
        if (!Files.isDirectory(location)) {
            throw new IndexUnreadableException(folder, Problem.ABSENT, "there is no index here yet", null);
        }
        try {
            Directory directory = FSDirectory.open(location);
            try {
                DirectoryReader reader = DirectoryReader.open(directory);
                Map<String, String> data = reader.getIndexCommit().getUserData();
                return new ReadOnlyLuceneIndex(folder, directory, reader, manifestOf(data), data);
            } catch (IOException | RuntimeException e) {
                directory.close();
                throw e;
            }
        } catch (IOException | RuntimeException e) {
            throw damaged(folder, e);
        }
    }

    private static IndexUnreadableException damaged(Path folder, Exception e) {
        return new IndexUnreadableException(folder, Problem.DAMAGED, "the index is damaged or not a Lucene index ("
                + (e instanceof org.apache.lucene.index.CorruptIndexException ? "its files do not agree with each other"
                : dev.bearings.core.source.Failure.of(e)) + ")", e);
    }

    static IndexManifest manifestOf(Map<String, String> data) {
        return IndexManifest.ofFields(data);
    }

    @Override
    public synchronized void replaceNote(IndexedNote note, Collection<IndexedChunk> chunks) {
        List<Document> documents = new ArrayList<>();
        documents.add(LuceneDocuments.note(note));
        for (IndexedChunk chunk : chunks) {
            manifest().requireDimension(chunk.vector(), "vector");
            documents.add(LuceneDocuments.chunk(note, chunk));
        }
        try {
            writer.updateDocuments(new Term(LuceneDocuments.KEY, LuceneDocuments.key(note.source(), note.id())), documents);
            afterWrite();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write to the index at " + folder, e);
        }
    }

    @Override
    public synchronized void deleteNote(String source, String noteId) {
        try {
            writer.deleteDocuments(new Term(LuceneDocuments.KEY, LuceneDocuments.key(source, noteId)));
            afterWrite();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write to the index at " + folder, e);
        }
    }

    private static boolean hasCommit(Path location) {
        try (Directory existing = FSDirectory.open(location)) {
            if (!DirectoryReader.indexExists(existing)) {
                return false;
            }
            DirectoryReader.open(existing).close();
            return true;
        } catch (IOException | RuntimeException unreadable) {
            // Damaged: made anew in place.
            return false;
        }
    }

    private static SearcherManager searchers(IndexWriter writer) throws IOException {
        return new SearcherManager(writer, new SearcherFactory() {
            @Override
            public IndexSearcher newSearcher(IndexReader reader, IndexReader previous) {
                return LuceneReader.searcher(reader);
            }
        });
    }

    private void afterWrite() throws IOException {
        if (++uncommitted >= NOTES_PER_COMMIT && !rebuilding) {
            commit();
        }
        searchers.maybeRefreshBlocking();
    }

    private void commit() throws IOException {
        writer.setLiveCommitData(commitData.entrySet());
        writer.commit();
        uncommitted = 0;
    }

    @Override
    public synchronized void markSynced(Instant at) {
        commitData.put(LAST_SYNC, at.toString());
        if (rebuilding) {
            return;
        }
        try {
            commit();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot commit the index at " + folder, e);
        }
    }

    @Override
    public synchronized void publish() {
        if (!rebuilding) {
            return;
        }
        try {
            commit();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot commit the rebuilt index at " + folder, e);
        }
        rebuilding = false;
    }

    /** English analysis (what Anserini's BM25 baselines use, stemming included) with CJK bigrams. */
    static Analyzer analyzer() {
        return new NotesAnalyzer();
    }

    @Override
    synchronized Optional<Instant> lastSync() {
        return Optional.ofNullable(commitData.get(LAST_SYNC)).map(Instant::parse);
    }

    @Override
    public synchronized void close() {
        try {
            searchers.close();
            if (rebuilding) {
                // Never published: the last commit, the index before the rebuild, stays what readers see.
                writer.rollback();
            } else {
                // Committed here, not by close: a writer opened for a rebuild closes without committing.
                writer.setLiveCommitData(commitData.entrySet());
                writer.commit();
                writer.close();
            }
            directory.close();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot close the index at " + folder, e);
        }
    }

    @Override
    <T> T read(LuceneDocuments.Reading<T> reading) throws IOException {
        IndexSearcher searcher = searchers.acquire();
        try {
            return reading.read(searcher);
        } finally {
            searchers.release(searcher);
        }
    }

    private static void deleteTree(Path location) throws IOException {
        if (!Files.exists(location)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(location)) {
            for (Path path : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }

    private static void closeQuietly(IndexWriter writer, Directory directory) {
        try {
            if (writer != null) {
                writer.rollback();
            }
        } catch (IOException | RuntimeException ignored) {
            // already failing: report the first error
        }
        try {
            if (directory != null) {
                directory.close();
            }
        } catch (IOException ignored) {
            // already failing: report the first error
        }
    }

    static byte[] bytes(float[] vector) {
        ByteBuffer buffer = ByteBuffer.allocate(vector.length * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        buffer.asFloatBuffer().put(vector);
        return buffer.array();
    }

    static float[] floats(BytesRef bytes) {
        float[] vector = new float[bytes.length / Float.BYTES];
        ByteBuffer.wrap(bytes.bytes, bytes.offset, bytes.length).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().get(vector);
        return vector;
    }

    static Query all() {
        return new MatchAllDocsQuery();
    }

    static Query and(Query... clauses) {
        BooleanQuery.Builder builder = new BooleanQuery.Builder();
        for (Query clause : clauses) {
            builder.add(clause, BooleanClause.Occur.FILTER);
        }
        return builder.build();
    }

    static Query term(String field, String value) {
        return new TermQuery(new Term(field, value));
    }

    static Query anyOf(String field, Collection<String> values) {
        return new TermInSetQuery(field, new TreeSet<>(values).stream().map(BytesRef::new).toList());
    }

    static Field text(String name, String value) {
        return new TextField(name, value, Field.Store.YES);
    }

    static Field keyword(String name, String value) {
        return new StringField(name, value, Field.Store.YES);
    }

    static Field stored(String name, String value) {
        return new StoredField(name, value);
    }

    static Field vector(float[] vector) {
        return new KnnFloatVectorField(LuceneDocuments.VECTOR, vector, VectorSimilarityFunction.DOT_PRODUCT);
    }

    static ScoreDoc[] everything(IndexSearcher searcher, Query query) throws IOException {
        int count = Math.max(1, searcher.count(query));
        return searcher.search(query, count).scoreDocs;
    }
}
