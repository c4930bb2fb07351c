package dev.bearings.store.lucene;

import dev.bearings.core.index.IndexStats;
import dev.bearings.core.index.IndexedChunk;
import dev.bearings.core.index.IndexedNote;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.index.StoredFields;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;

/** How notes and chunks are laid out as Lucene documents, and the reads both index views share. */
final class LuceneDocuments {
    static final String KEY = "key";
    static final String TYPE = "type";
    static final String SOURCE = "source";
    static final String NOTE_ID = "note_id";
    static final String VERSION = "version";
    static final String TITLE = "title";
    /** A field name has one schema in Lucene: the note's stored title cannot share the chunks' text field. */
    static final String NOTE_TITLE = "note_title";
    static final String TAGS = "tags";
    static final String MODIFIED = "modified";
    static final String LINK = "link";
    static final String ORDINAL = "ordinal";
    static final String HEADINGS = "headings";
    static final String START_LINE = "start_line";
    static final String END_LINE = "end_line";
    static final String TEXT = "text";
    static final String HASH = "content_hash";
    static final String VECTOR = "vector";
    static final String VECTOR_BYTES = "vector_bytes";
    static final String ATTACHMENT = "attachment";

    private LuceneDocuments() {
    }

    @FunctionalInterface
    interface Reading<T> {
        T read(IndexSearcher searcher) throws IOException;
    }

    static String key(String source, String noteId) {
        return source + "\u0000" + noteId;
    }

    static Document note(IndexedNote note) {
        Document doc = new Document();
        doc.add(LuceneChunkIndex.keyword(KEY, key(note.source(), note.id())));
        doc.add(LuceneChunkIndex.keyword(TYPE, "note"));
        doc.add(LuceneChunkIndex.keyword(SOURCE, note.source()));
        doc.add(LuceneChunkIndex.keyword(NOTE_ID, note.id()));
        doc.add(LuceneChunkIndex.stored(VERSION, note.version()));
        doc.add(LuceneChunkIndex.stored(NOTE_TITLE, note.title()));
        doc.add(LuceneChunkIndex.stored(TAGS, String.join("\n", new TreeSet<>(note.tags()))));
        doc.add(new StoredField(MODIFIED, note.modified().toEpochMilli()));
        doc.add(LuceneChunkIndex.stored(LINK, note.link()));
        return doc;
    }

    static Document chunk(IndexedNote note, IndexedChunk chunk) {
        Document doc = new Document();
        doc.add(LuceneChunkIndex.keyword(KEY, key(note.source(), note.id())));
        doc.add(LuceneChunkIndex.keyword(TYPE, "chunk"));
        doc.add(LuceneChunkIndex.keyword(SOURCE, note.source()));
        doc.add(LuceneChunkIndex.keyword(NOTE_ID, note.id()));
        doc.add(new StoredField(ORDINAL, chunk.ordinal()));
        doc.add(LuceneChunkIndex.text(HEADINGS, chunk.headingPath()));
        doc.add(new StoredField(START_LINE, chunk.startLine()));
        doc.add(new StoredField(END_LINE, chunk.endLine()));
        doc.add(LuceneChunkIndex.text(TEXT, chunk.text()));
        doc.add(LuceneChunkIndex.text(TITLE, note.title()));
        doc.add(LuceneChunkIndex.keyword(HASH, chunk.contentHash()));
        doc.add(LuceneChunkIndex.vector(chunk.vector()));
        doc.add(new StoredField(VECTOR_BYTES, LuceneChunkIndex.bytes(chunk.vector())));
        doc.add(LuceneChunkIndex.stored(ATTACHMENT, chunk.attachment()));
        return doc;
    }

    static Map<String, String> versions(IndexSearcher searcher, String source) throws IOException {
        Map<String, String> versions = new HashMap<>();
        StoredFields stored = searcher.storedFields();
        for (ScoreDoc hit : LuceneChunkIndex.everything(searcher, LuceneChunkIndex.and(
                LuceneChunkIndex.term(TYPE, "note"), LuceneChunkIndex.term(SOURCE, source)))) {
            Document doc = stored.document(hit.doc);
            versions.put(doc.get(NOTE_ID), doc.get(VERSION));
        }
        return versions;
    }

    static Map<String, float[]> vectorsByHash(IndexSearcher searcher, Collection<String> hashes) throws IOException {
        Map<String, float[]> vectors = new HashMap<>();
        if (hashes.isEmpty()) {
            return vectors;
        }
        StoredFields stored = searcher.storedFields();
        for (ScoreDoc hit : LuceneChunkIndex.everything(searcher, LuceneChunkIndex.anyOf(HASH, hashes))) {
            Document doc = stored.document(hit.doc);
            vectors.putIfAbsent(doc.get(HASH), LuceneChunkIndex.floats(doc.getBinaryValue(VECTOR_BYTES)));
        }
        return vectors;
    }

    static IndexStats stats(IndexSearcher searcher, Path location, Optional<Instant> lastSync) throws IOException {
        Map<String, Integer> notes = new TreeMap<>();
        StoredFields stored = searcher.storedFields();
        for (ScoreDoc hit : LuceneChunkIndex.everything(searcher, LuceneChunkIndex.term(TYPE, "note"))) {
            notes.merge(stored.document(hit.doc).get(SOURCE), 1, Integer::sum);
        }
        int chunks = searcher.count(LuceneChunkIndex.term(TYPE, "chunk"));
        long bytes = 0;
        try (Stream<Path> files = Files.walk(location)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                bytes += Files.size(file);
            }
        }
        return new IndexStats(notes, chunks, bytes, lastSync);
    }
}
