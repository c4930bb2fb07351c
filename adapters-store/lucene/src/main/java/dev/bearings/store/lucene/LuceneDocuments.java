package dev.bearings.store.lucene;

import dev.bearings.core.index.IndexStats;
import dev.bearings.core.index.IndexedChunk;
import dev.bearings.core.note.IndexedNote;
import dev.bearings.core.search.KeywordQuery;
import dev.bearings.core.search.RankedChunk;
import dev.bearings.core.search.SearchFilter;
import dev.bearings.core.search.StoredChunk;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.analysis.tokenattributes.PositionIncrementAttribute;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.LongPoint;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.ConstantScoreQuery;
import org.apache.lucene.search.DisjunctionMaxQuery;
import org.apache.lucene.search.PhraseQuery;
import org.apache.lucene.search.PrefixQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.search.similarities.BM25Similarity;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.index.MultiTerms;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.util.BytesRef;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Collection;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Set;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;

/** How notes and chunks are laid out as Lucene documents, and the reads both index views share. */
final class LuceneDocuments {
    /** The similarity an {@link IndexSearcher} scores with unless told otherwise. */
    private static final BM25Similarity BM25 = new BM25Similarity();
    /** How many chunks hold a spelling or a clause, per reader: asked again by every search that has the word. */
    private static final ReaderCounts HELD = new ReaderCounts();
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
    static final String TAG = "tag";
    static final String MODIFIED_POINT = "modified_point";

    /** What a hit reads of its chunk: all but the stored vector, a kilobyte and more that a hit does not return. */
    private static final Set<String> HIT_FIELDS = Set.of(SOURCE, NOTE_ID, VERSION, TITLE, TAGS, MODIFIED, LINK, ORDINAL,
            HEADINGS, START_LINE, END_LINE, TEXT, ATTACHMENT);

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
        // The note's facts again on each chunk: a hit then needs no second lookup, and filters apply in the query.
        doc.add(LuceneChunkIndex.stored(VERSION, note.version()));
        doc.add(LuceneChunkIndex.stored(TAGS, String.join("\n", new TreeSet<>(note.tags()))));
        for (String tag : note.tags()) {
            for (String prefix : SearchFilter.withParents(tag)) {
                doc.add(new StringField(TAG, prefix, Field.Store.NO));
            }
        }
        doc.add(new StoredField(MODIFIED, note.modified().toEpochMilli()));
        doc.add(new LongPoint(MODIFIED_POINT, note.modified().toEpochMilli()));
        doc.add(LuceneChunkIndex.stored(LINK, note.link()));
        return doc;
    }

    static StoredChunk storedChunk(Document doc) {
        String tags = doc.get(TAGS);
        IndexedNote note = new IndexedNote(doc.get(SOURCE), doc.get(NOTE_ID), doc.get(VERSION), doc.get(TITLE),
                tags == null || tags.isEmpty() ? Set.of() : Set.of(tags.split("\n")),
                Instant.ofEpochMilli(doc.getField(MODIFIED).numericValue().longValue()), doc.get(LINK));
        return new StoredChunk(note, doc.getField(ORDINAL).numericValue().intValue(), doc.get(HEADINGS),
                doc.getField(START_LINE).numericValue().intValue(), doc.getField(END_LINE).numericValue().intValue(),
                doc.get(TEXT), doc.get(ATTACHMENT));
    }

    /**
     * The filter as query clauses on chunk documents; none when it keeps every chunk. Only chunks carry
     * the vector and the text, so a search needs no clause to leave notes out, and a vector search with
     * a filter first collects the id of every document it lets through, on every query.
     */
    static Optional<Query> filter(SearchFilter filter) {
        if (filter.isEmpty()) {
            return Optional.empty();
        }
        BooleanQuery.Builder builder = new BooleanQuery.Builder();
        builder.add(LuceneChunkIndex.term(TYPE, "chunk"), BooleanClause.Occur.FILTER);
        filter.source().ifPresent(source -> builder.add(LuceneChunkIndex.term(SOURCE, source), BooleanClause.Occur.FILTER));
        if (!filter.tags().isEmpty()) {
            builder.add(LuceneChunkIndex.anyOf(TAG, filter.tags().stream().map(t -> t.toLowerCase(java.util.Locale.ROOT)).toList()),
                    BooleanClause.Occur.FILTER);
        }
        if (filter.since().isPresent() || filter.before().isPresent()) {
            long from = filter.since().map(Instant::toEpochMilli).orElse(Long.MIN_VALUE);
            long to = filter.before().map(i -> i.toEpochMilli() - 1).orElse(Long.MAX_VALUE);
            builder.add(LongPoint.newRangeQuery(MODIFIED_POINT, from, to), BooleanClause.Occur.FILTER);
        }
        return Optional.of(builder.build());
    }

    static List<RankedChunk> nearest(IndexSearcher searcher, float[] query, int limit, SearchFilter filter) throws IOException {
        TopDocs top = searcher.search(new SegmentwiseKnnQuery(VECTOR, query, limit, filter(filter).orElse(null)), limit);
        List<RankedChunk> hits = new ArrayList<>();
        StoredFields stored = searcher.storedFields();
        for (ScoreDoc hit : top.scoreDocs) {
            // Lucene scores a dot product d as (1 + d) / 2: give back the cosine of unit vectors.
            hits.add(new RankedChunk(storedChunk(stored.document(hit.doc, HIT_FIELDS)), 2.0 * hit.score - 1));
        }
        return hits;
    }

    /**
     * BM25 over the text (and the headings at half weight), each score divided by what a chunk of average
     * length holding each query clause once in its text would score ({@link dev.bearings.core.search.KeywordSearch}):
     * with Lucene's BM25, one occurrence at average length scores {@code idf / (1 + k1)}. A clause
     * ({@link KeywordQuery}) is its spellings as one disjunction, its idf that of the chunks holding any of
     * them, a chunk scoring the best of the spellings it holds (not their sum: on SciFact the sum cost
     * hybrid search 0.0025 nDCG@10); a spelling no chunk holds is left out (counted once per reader), the one typed
     * excepted (its absence counts in the full match). A prefix scores a full match wherever it matches.
     */
    static List<RankedChunk> keywords(IndexSearcher searcher, Analyzer analyzer, String query, int limit,
                                      SearchFilter filter) throws IOException {
        KeywordQuery keywords = KeywordQuery.of(query);
        IndexReader reader = searcher.getIndexReader();
        long chunks = Math.max(1, reader.getDocCount(TEXT));
        BooleanQuery.Builder words = new BooleanQuery.Builder();
        int leaves = 0;
        int typed = 0;
        double fullMatch = 0;
        for (KeywordQuery.Clause clause : keywords.clauses()) {
            if (typed >= IndexSearcher.getMaxClauseCount() / 2) {
                break;
            }
            List<Query> inText = new ArrayList<>();
            List<Query> inHeadings = new ArrayList<>();
            boolean prefix = clause.typed().prefix();
            for (KeywordQuery.Form form : clause.forms()) {
                boolean first = inText.isEmpty();
                if (!first && leaves >= IndexSearcher.getMaxClauseCount() / 2) {
                    break;
                }
                Optional<Query> text = form(analyzer, TEXT, form);
                // Another spelling no chunk holds adds nothing but the cost of asking for it (once per reader).
                if (text.isPresent() && (first || HELD.count(searcher, text.get()) > 0)) {
                    inText.add(text.get());
                    inHeadings.add(form(analyzer, HEADINGS, form).orElseThrow());
                    leaves += 2;
                }
            }
            if (inText.isEmpty()) {
                continue;
            }
            typed++;
            Query union = inText.size() == 1 ? inText.get(0) : anyOf(inText);
            long withClause = union instanceof TermQuery term ? reader.docFreq(term.getTerm()) : HELD.count(searcher, union);
            double full = Math.log(1 + (chunks - withClause + 0.5) / (withClause + 0.5)) / (1 + BM25.getK1());
            fullMatch += full;
            // A clause is one word however it is written: a chunk that holds it two ways scores its best way.
            List<Query> ways = new ArrayList<>();
            for (int i = 0; i < inText.size(); i++) {
                BooleanQuery.Builder way = new BooleanQuery.Builder();
                // A prefix matches many words: it scores as one word held once, a full match of its clause.
                way.add(prefix ? new BoostQuery(new ConstantScoreQuery(inText.get(i)), (float) full) : inText.get(i),
                        BooleanClause.Occur.SHOULD);
                way.add(new BoostQuery(prefix ? new ConstantScoreQuery(inHeadings.get(i)) : inHeadings.get(i),
                        prefix ? (float) (0.5 * full) : 0.5f), BooleanClause.Occur.SHOULD);
                ways.add(way.build());
            }
            Query spellings = ways.size() == 1 ? ways.get(0) : new DisjunctionMaxQuery(ways, 0f);
            words.add(spellings, clause.required() ? BooleanClause.Occur.MUST : BooleanClause.Occur.SHOULD);
        }
        if (typed == 0) {
            return List.of();
        }
        for (KeywordQuery.Clause out : keywords.excluded()) {
            for (KeywordQuery.Form form : out.forms()) {
                for (String field : List.of(TEXT, HEADINGS)) {
                    form(analyzer, field, form).ifPresent(q -> words.add(q, BooleanClause.Occur.MUST_NOT));
                }
            }
        }
        BooleanQuery.Builder q = new BooleanQuery.Builder().add(words.build(), BooleanClause.Occur.MUST);
        filter(filter).ifPresent(only -> q.add(only, BooleanClause.Occur.FILTER));
        List<RankedChunk> hits = new ArrayList<>();
        StoredFields stored = searcher.storedFields();
        for (ScoreDoc hit : searcher.search(q.build(), limit).scoreDocs) {
            hits.add(new RankedChunk(storedChunk(stored.document(hit.doc, HIT_FIELDS)), hit.score / fullMatch));
        }
        return hits;
    }

    /**
     * A spelling as a query on a field, its words analysed as notes are: one term, a phrase of the terms
     * in their positions, or a prefix. Empty when analysis leaves nothing.
     */
    private static Optional<Query> form(Analyzer analyzer, String field, KeywordQuery.Form form) throws IOException {
        if (form.prefix()) {
            return Optional.of(new PrefixQuery(new Term(field, form.words().get(0))));
        }
        PhraseQuery.Builder phrase = new PhraseQuery.Builder();
        List<Term> terms = new ArrayList<>();
        try (TokenStream tokens = analyzer.tokenStream(field, form.text())) {
            CharTermAttribute term = tokens.addAttribute(CharTermAttribute.class);
            PositionIncrementAttribute increment = tokens.addAttribute(PositionIncrementAttribute.class);
            tokens.reset();
            int position = -1;
            while (tokens.incrementToken()) {
                position += increment.getPositionIncrement();
                Term t = new Term(field, term.toString());
                terms.add(t);
                phrase.add(t, position);
            }
            tokens.end();
        }
        return terms.isEmpty() ? Optional.empty() : Optional.of(terms.size() == 1 ? new TermQuery(terms.get(0)) : phrase.build());
    }

    private static Query anyOf(List<Query> queries) {
        BooleanQuery.Builder any = new BooleanQuery.Builder();
        queries.forEach(query -> any.add(query, BooleanClause.Occur.SHOULD));
        return any.build();
    }

    /**
     * Writes every note's documents again from what they store, so that they are analysed by today's
     * analyzer: how an index of an older format is upgraded without embedding anything again.
     */
    static void reindexAll(IndexWriter writer) throws IOException {
        Map<String, IndexedNote> notes = new HashMap<>();
        Map<String, List<IndexedChunk>> chunks = new HashMap<>();
        try (DirectoryReader reader = DirectoryReader.open(writer)) {
            IndexSearcher searcher = new IndexSearcher(reader);
            StoredFields stored = searcher.storedFields();
            for (IndexedNote note : notes(searcher)) {
                notes.put(key(note.source(), note.id()), note);
            }
            for (ScoreDoc hit : LuceneChunkIndex.everything(searcher, LuceneChunkIndex.term(TYPE, "chunk"))) {
                Document doc = stored.document(hit.doc);
                StoredChunk chunk = storedChunk(doc);
                chunks.computeIfAbsent(doc.get(KEY), k -> new ArrayList<>()).add(new IndexedChunk(chunk.ordinal(),
                        chunk.headingPath(), chunk.startLine(), chunk.endLine(), chunk.text(), doc.get(HASH),
                        LuceneChunkIndex.floats(doc.getBinaryValue(VECTOR_BYTES)), chunk.attachment()));
            }
        }
        for (Map.Entry<String, IndexedNote> note : notes.entrySet()) {
            List<Document> documents = new ArrayList<>();
            documents.add(note(note.getValue()));
            for (IndexedChunk chunk : chunks.getOrDefault(note.getKey(), List.of())) {
                documents.add(chunk(note.getValue(), chunk));
            }
            writer.updateDocuments(new Term(KEY, note.getKey()), documents);
        }
    }

    static List<IndexedNote> notes(IndexSearcher searcher) throws IOException {
        List<IndexedNote> notes = new ArrayList<>();
        StoredFields stored = searcher.storedFields();
        for (ScoreDoc hit : LuceneChunkIndex.everything(searcher, LuceneChunkIndex.term(TYPE, "note"))) {
            Document doc = stored.document(hit.doc);
            String tags = doc.get(TAGS);
            notes.add(new IndexedNote(doc.get(SOURCE), doc.get(NOTE_ID), doc.get(VERSION), doc.get(NOTE_TITLE),
                    tags == null || tags.isEmpty() ? Set.of() : Set.of(tags.split("\n")),
                    Instant.ofEpochMilli(doc.getField(MODIFIED).numericValue().longValue()), doc.get(LINK)));
        }
        notes.sort(Comparator.comparing(IndexedNote::source).thenComparing(IndexedNote::id));
        return notes;
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
        // Counted per source name in the term index: reading every note's stored fields costs far more.
        Map<String, Integer> notes = new TreeMap<>();
        Terms sources = MultiTerms.getTerms(searcher.getIndexReader(), SOURCE);
        if (sources != null) {
            TermsEnum source = sources.iterator();
            for (BytesRef name = source.next(); name != null; name = source.next()) {
                String value = name.utf8ToString();
                int count = searcher.count(LuceneChunkIndex.and(LuceneChunkIndex.term(TYPE, "note"),
                        LuceneChunkIndex.term(SOURCE, value)));
                if (count > 0) {
                    notes.put(value, count);
                }
            }
        }
        int chunks = searcher.count(LuceneChunkIndex.term(TYPE, "chunk"));
        return new IndexStats(notes, chunks, IndexStats.bytesOnDisk(location), lastSync);
    }
}
