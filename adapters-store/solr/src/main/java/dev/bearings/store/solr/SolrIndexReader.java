package dev.bearings.store.solr;

import dev.bearings.core.index.ChunkIndexReader;
import dev.bearings.core.index.ChunkIndexStore.IndexUnreadableException;
import dev.bearings.core.index.ChunkIndexStore.IndexUnreadableException.Problem;
import dev.bearings.core.index.IndexManifest;
import dev.bearings.core.index.IndexStats;
import dev.bearings.core.note.IndexedNote;
import dev.bearings.core.search.KeywordQuery;
import dev.bearings.core.search.KeywordSearch;
import dev.bearings.core.search.RankedChunk;
import dev.bearings.core.search.SearchFilter;
import org.apache.solr.client.solrj.SolrQuery;
import org.apache.solr.client.solrj.SolrRequest;
import org.apache.solr.client.solrj.SolrServerException;
import org.apache.solr.client.solrj.response.FacetField;
import org.apache.solr.client.solrj.response.QueryResponse;
import org.apache.solr.common.SolrDocument;
import org.apache.solr.common.SolrException;
import org.apache.solr.common.params.CursorMarkParams;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * Every read of the index in a SolrCloud collection, for a writer and a reader alike: what the last
 * commit shows. Vector search is Solr's {@code {!knn}} with the filters as pre-filters; keyword search
 * is edismax over text and headings (headings at half weight, summed as the Lucene store sums them),
 * with BM25 statistics of the whole collection, not of each shard (the configset's exact stats cache).
 */
class SolrIndexReader implements ChunkIndexReader, KeywordSearch {
    private static final int PAGE = 1000;
    /** What a hit shows: not its vector, which would be most of every response. */
    private static final String[] HIT_FIELDS = {SolrDocuments.SOURCE, SolrDocuments.NOTE_ID, SolrDocuments.VERSION,
            SolrDocuments.TITLE, SolrDocuments.TAGS, SolrDocuments.MODIFIED, SolrDocuments.LINK, SolrDocuments.ORDINAL,
            SolrDocuments.HEADINGS, SolrDocuments.START_LINE, SolrDocuments.END_LINE, SolrDocuments.TEXT,
            SolrDocuments.ATTACHMENT, "score"};

    final SolrCollection collection;
    private final IndexManifest manifest;

    SolrIndexReader(SolrCollection collection, IndexManifest manifest) {
        this.collection = collection;
        this.manifest = manifest;
    }

    static ChunkIndexReader openExisting(SolrSettings settings, java.nio.file.Path folder) throws IndexUnreadableException {
        SolrCollection collection = SolrCollection.connect(settings, folder);
        try {
            if (!collection.exists()) {
                throw new IndexUnreadableException(folder, Problem.ABSENT, "there is no index here yet (no "
                        + settings.where() + ")", null);
            }
            Optional<IndexManifest> manifest = manifestOf(collection, manifestDocument(collection));
            if (manifest.isEmpty()) {
                throw new IndexUnreadableException(folder, Problem.ABSENT, "there is no index here yet (the "
                        + settings.where() + " holds no Bearings manifest)", null);
            }
            return new SolrIndexReader(collection, manifest.get());
        } catch (IndexUnreadableException | RuntimeException e) {
            collection.close();
            throw e;
        }
    }

    /** The manifest in the collection's manifest document ({@link #manifestDocument}), or empty when it has none. */
    static Optional<IndexManifest> manifestOf(SolrCollection collection, SolrDocument doc) throws IndexUnreadableException {
        if (doc == null) {
            return Optional.empty();
        }
        try {
            Properties properties = new Properties();
            properties.load(new StringReader(String.valueOf(doc.getFirstValue(SolrDocuments.MANIFEST))));
            Map<String, String> fields = new TreeMap<>();
            properties.stringPropertyNames().forEach(name -> fields.put(name, properties.getProperty(name)));
            return Optional.of(IndexManifest.ofFields(fields));
        } catch (IOException | RuntimeException e) {
            throw new IndexUnreadableException(collection.folder, Problem.DAMAGED, "the " + collection.settings.where()
                    + " holds a manifest Bearings cannot read (" + e.getMessage() + ")", e);
        }
    }

    /** The collection's manifest document, read in real time (a writer's last change included), or null. */
    static SolrDocument manifestDocument(SolrCollection collection) throws IndexUnreadableException {
        try {
            return collection.client.getById(SolrDocuments.MANIFEST_ID);
        } catch (SolrServerException | IOException | RuntimeException e) {
            throw collection.unreachable(e);
        }
    }

    @Override
    public IndexManifest manifest() {
        return manifest;
    }

    QueryResponse query(SolrQuery query) {
        try {
            // POST: a query vector or a list of content hashes is longer than a server takes in a URL.
            return collection.client.query(query, SolrRequest.METHOD.POST);
        } catch (SolrServerException | IOException | SolrException e) {
            throw new UncheckedIOException(new IOException("cannot read the " + collection.settings.where() + ": "
                    + e.getMessage(), e));
        }
    }

    /** Every document of a query, page by page in id order, so that no result set must fit one response. */
    private void everything(String q, List<String> filters, String fields, Consumer<SolrDocument> each) {
        SolrQuery query = new SolrQuery(q).setRows(PAGE).setFields(fields).setSort(SolrDocuments.ID, SolrQuery.ORDER.asc);
        filters.forEach(query::addFilterQuery);
        String cursor = CursorMarkParams.CURSOR_MARK_START;
        while (true) {
            query.set(CursorMarkParams.CURSOR_MARK_PARAM, cursor);
            QueryResponse response = query(query);
            response.getResults().forEach(each);
            if (cursor.equals(response.getNextCursorMark())) {
                return;
            }
            cursor = response.getNextCursorMark();
        }
    }

    @Override
    public Map<String, String> versions(String source) {
        Map<String, String> versions = new HashMap<>();
        everything(SolrDocuments.TYPE + ":" + SolrDocuments.NOTE, List.of(SolrDocuments.term(SolrDocuments.SOURCE, source)),
                SolrDocuments.NOTE_ID + "," + SolrDocuments.VERSION,
                doc -> versions.put((String) doc.getFirstValue(SolrDocuments.NOTE_ID), (String) doc.getFirstValue(SolrDocuments.VERSION)));
        return versions;
    }

    @Override
    public List<IndexedNote> notes() {
        List<IndexedNote> notes = new ArrayList<>();
        everything(SolrDocuments.TYPE + ":" + SolrDocuments.NOTE, List.of(), "*",
                doc -> notes.add(SolrDocuments.note(doc, SolrDocuments.NOTE_TITLE)));
        notes.sort(Comparator.comparing(IndexedNote::source).thenComparing(IndexedNote::id));
        return notes;
    }

    @Override
    public Map<String, float[]> vectorsByHash(Collection<String> contentHashes) {
        Map<String, float[]> vectors = new HashMap<>();
        if (contentHashes.isEmpty()) {
            return vectors;
        }
        String hashes = contentHashes.stream().distinct().collect(Collectors.joining(","));
        everything("{!terms f=" + SolrDocuments.HASH + "}" + hashes, List.of(SolrDocuments.TYPE + ":" + SolrDocuments.CHUNK),
                SolrDocuments.HASH + "," + SolrDocuments.VECTOR,
                doc -> vectors.putIfAbsent((String) doc.getFirstValue(SolrDocuments.HASH), SolrDocuments.vector(doc)));
        return vectors;
    }

    @Override
    public List<RankedChunk> nearest(float[] query, int limit, SearchFilter filter) {
        manifest.requireDimension(query, "query");
        StringBuilder vector = new StringBuilder("[");
        for (int i = 0; i < query.length; i++) {
            vector.append(i == 0 ? "" : ",").append(query[i]);
        }
        SolrQuery q = new SolrQuery("{!knn f=" + SolrDocuments.VECTOR + " topK=" + limit + "}" + vector.append(']'))
                .setRows(limit).setFields(HIT_FIELDS);
        SolrDocuments.filters(filter).forEach(q::addFilterQuery);
        List<RankedChunk> hits = new ArrayList<>();
        for (SolrDocument doc : query(q).getResults()) {
            // Solr scores a dot product d as (1 + d) / 2, as Lucene does: give back the cosine of unit vectors.
            hits.add(new RankedChunk(SolrDocuments.storedChunk(doc), 2.0 * ((Number) doc.getFieldValue("score")).doubleValue() - 1));
        }
        return hits;
    }

    @Override
    public List<RankedChunk> keywords(String query, int limit, SearchFilter filter) {
        KeywordQuery keywords = KeywordQuery.of(query);
        List<KeywordQuery.Clause> clauses = keywords.clauses();
        if (clauses.isEmpty()) {
            return List.of();
        }
        // A prefix scores as one word held once (a full match of its clause): its count comes first.
        Map<Integer, Double> prefixFull = new HashMap<>();
        List<Integer> prefixes = new ArrayList<>();
        for (int i = 0; i < clauses.size(); i++) {
            if (clauses.get(i).typed().prefix()) {
                prefixes.add(i);
            }
        }
        if (!prefixes.isEmpty()) {
            SolrQuery counts = new SolrQuery("*:*").setRows(0);
            counts.addFilterQuery(SolrDocuments.TYPE + ":" + SolrDocuments.CHUNK);
            QueryResponse response = query(withCounts(counts, clauses, prefixes));
            long chunks = Math.max(1, response.getResults().getNumFound());
            for (int i : prefixes) {
                prefixFull.put(i, full(chunks, response.getJsonFacetingResponse().getQueryFacet("kw" + i).getCount()));
            }
        }
        StringBuilder q = new StringBuilder();
        boolean required = false;
        for (int i = 0; i < clauses.size(); i++) {
            KeywordQuery.Clause clause = clauses.get(i);
            required |= clause.required();
            q.append(q.length() == 0 ? "" : " ").append(clause.required() ? "+" : "").append(SolrDocuments.clause(clause))
                    .append(prefixFull.containsKey(i) ? "^" + (float) (double) prefixFull.get(i) : "");
        }
        for (KeywordQuery.Clause out : keywords.excluded()) {
            q.append(" -").append(SolrDocuments.clause(out));
        }
        SolrQuery search = new SolrQuery(q.toString()).setRows(limit).setFields(HIT_FIELDS);
        search.set("defType", "edismax");
        search.set("qf", SolrDocuments.TEXT + " " + SolrDocuments.HEADINGS + "^0.5");
        search.set("tie", "1.0");
        search.set("q.op", "OR");
        // With a required clause the others only add to the score; without one, a hit holds at least one.
        search.set("mm", required ? "0" : "1");
        SolrDocuments.filters(filter).forEach(search::addFilterQuery);
        QueryResponse response = query(withCounts(search, clauses, java.util.stream.IntStream.range(0, clauses.size()).boxed().toList()));
        var facets = response.getJsonFacetingResponse();
        long chunks = Math.max(1, facets.getQueryFacet("chunks").getCount());
        double fullMatch = 0;
        for (int i = 0; i < clauses.size(); i++) {
            fullMatch += prefixFull.containsKey(i) ? prefixFull.get(i) : full(chunks, facets.getQueryFacet("kw" + i).getCount());
        }
        List<RankedChunk> hits = new ArrayList<>();
        for (SolrDocument doc : response.getResults()) {
            hits.add(new RankedChunk(SolrDocuments.storedChunk(doc),
                    ((Number) doc.getFieldValue("score")).doubleValue() / fullMatch));
        }
        return hits;
    }

    /**
     * The query with, in the same request, how many chunks the collection holds and how many hold each of
     * these clauses (any of its spellings, in the text), over the whole collection: what a full match scores.
     */
    private static SolrQuery withCounts(SolrQuery query, List<KeywordQuery.Clause> clauses, List<Integer> which) {
        StringBuilder facets = new StringBuilder("{\"chunks\":{\"type\":\"query\",\"q\":\"*:*\",\"domain\":{\"query\":\""
                + SolrDocuments.TYPE + ":" + SolrDocuments.CHUNK + "\"}}");
        for (int i : which) {
            query.set("kw" + i, SolrDocuments.clause(clauses.get(i)));
            facets.append(",\"kw").append(i).append("\":{\"type\":\"query\",\"q\":\"{!lucene df=").append(SolrDocuments.TEXT)
                    .append(" q.op=OR v=$kw").append(i).append("}\",\"domain\":{\"query\":\"").append(SolrDocuments.TYPE).append(':')
                    .append(SolrDocuments.CHUNK).append("\"}}");
        }
        query.set("json.facet", facets.append('}').toString());
        return query;
    }

    /**
     * What one clause held once by a chunk of average length scores with Solr's BM25 (Lucene's, k1 1.2):
     * {@code idf / (1 + k1)}, from how many chunks hold it.
     */
    private static double full(long chunks, long withClause) {
        return Math.log(1 + (chunks - withClause + 0.5) / (withClause + 0.5)) / 2.2;
    }

    @Override
    public IndexStats stats() {
        SolrQuery notes = new SolrQuery(SolrDocuments.TYPE + ":" + SolrDocuments.NOTE).setRows(0).setFacet(true)
                .addFacetField(SolrDocuments.SOURCE).setFacetLimit(-1).setFacetMinCount(1);
        Map<String, Integer> bySource = new TreeMap<>();
        FacetField sources = query(notes).getFacetField(SolrDocuments.SOURCE);
        if (sources != null) {
            sources.getValues().forEach(count -> bySource.put(count.getName(), (int) count.getCount()));
        }
        long chunks = query(new SolrQuery(SolrDocuments.TYPE + ":" + SolrDocuments.CHUNK).setRows(0)).getResults().getNumFound();
        return new IndexStats(bySource, (int) chunks, collection.bytesOnDisk(), lastSync());
    }

    Optional<Instant> lastSync() {
        try {
            return SolrDocuments.lastSync(manifestDocument(collection));
        } catch (IndexUnreadableException e) {
            throw new UncheckedIOException(new IOException(e.getMessage(), e));
        }
    }

    @Override
    public void close() {
        collection.close();
    }
}
