package dev.bearings.store.solr;

import dev.bearings.core.index.IndexedChunk;
import dev.bearings.core.note.IndexedNote;
import dev.bearings.core.search.KeywordQuery;
import dev.bearings.core.search.SearchFilter;
import dev.bearings.core.search.StoredChunk;
import org.apache.solr.client.solrj.util.ClientUtils;
import org.apache.solr.common.SolrDocument;
import org.apache.solr.common.SolrInputDocument;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * How notes and chunks are laid out as Solr documents (field for field the Lucene store's), and the
 * filters of a search as filter queries.
 */
final class SolrDocuments {
    static final String ID = "id";
    static final String TYPE = "type";
    static final String KEY = "key";
    static final String SOURCE = "source";
    static final String NOTE_ID = "note_id";
    static final String VERSION = "version";
    static final String NOTE_TITLE = "note_title";
    static final String TITLE = "title";
    static final String TAGS = "tags";
    static final String TAG = "tag";
    static final String MODIFIED = "modified";
    static final String LINK = "link";
    static final String ORDINALS = "ordinals";
    static final String ORDINAL = "ordinal";
    static final String HEADINGS = "headings";
    static final String START_LINE = "start_line";
    static final String END_LINE = "end_line";
    static final String TEXT = "text";
    static final String HASH = "content_hash";
    static final String VECTOR = "vector";
    static final String ATTACHMENT = "attachment";
    static final String MANIFEST = "manifest";
    static final String LAST_SYNC = "last_sync";
    static final String MANIFEST_ID = "bearings-manifest";

    static final String NOTE = "note";
    static final String CHUNK = "chunk";

    private SolrDocuments() {
    }

    static String key(String source, String noteId) {
        return source + "\u0000" + noteId;
    }

    /**
     * A note's documents all carry this prefix before the '!' of Solr's composite ids, so they live on
     * one shard: one shard's commit then shows all of them or none. A hash, as a note's key may hold '!'.
     */
    static String route(String key) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 12);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    static String noteId(String key) {
        return route(key) + "!note";
    }

    static String chunkId(String key, int ordinal) {
        return route(key) + "!" + ordinal;
    }

    static SolrInputDocument note(IndexedNote note, Collection<IndexedChunk> chunks) {
        String key = key(note.source(), note.id());
        SolrInputDocument doc = document(noteId(key), NOTE, key, note);
        doc.addField(ORDINALS, chunks.stream().map(c -> Integer.toString(c.ordinal())).collect(Collectors.joining(" ")));
        doc.addField(NOTE_TITLE, note.title());
        return doc;
    }

    static SolrInputDocument chunk(IndexedNote note, IndexedChunk chunk) {
        String key = key(note.source(), note.id());
        // The note's facts again on each chunk: a hit then needs no second lookup, and filters apply in the query.
        SolrInputDocument doc = document(chunkId(key, chunk.ordinal()), CHUNK, key, note);
        doc.addField(ORDINAL, chunk.ordinal());
        doc.addField(HEADINGS, chunk.headingPath());
        doc.addField(START_LINE, chunk.startLine());
        doc.addField(END_LINE, chunk.endLine());
        doc.addField(TEXT, chunk.text());
        doc.addField(TITLE, note.title());
        doc.addField(HASH, chunk.contentHash());
        List<Float> vector = new ArrayList<>(chunk.vector().length);
        for (float v : chunk.vector()) {
            vector.add(v);
        }
        doc.setField(VECTOR, vector);
        doc.addField(ATTACHMENT, chunk.attachment());
        for (String tag : note.tags()) {
            for (String prefix : SearchFilter.withParents(tag)) {
                doc.addField(TAG, prefix);
            }
        }
        return doc;
    }

    /** A document of {@code type} with the note's facts that notes and chunks both carry. */
    private static SolrInputDocument document(String id, String type, String key, IndexedNote note) {
        SolrInputDocument doc = new SolrInputDocument();
        doc.addField(ID, id);
        doc.addField(TYPE, type);
        doc.addField(KEY, key);
        doc.addField(SOURCE, note.source());
        doc.addField(NOTE_ID, note.id());
        doc.addField(VERSION, note.version());
        doc.addField(TAGS, String.join("\n", new TreeSet<>(note.tags())));
        doc.addField(MODIFIED, note.modified().toEpochMilli());
        doc.addField(LINK, note.link());
        return doc;
    }

    /** When the last complete sync ended, as the manifest's document says (null: none yet). */
    static Optional<Instant> lastSync(SolrDocument manifest) {
        Object at = manifest == null ? null : manifest.getFirstValue(LAST_SYNC);
        return Optional.ofNullable(at).map(Object::toString).map(Instant::parse);
    }

    /** The ids of the chunks a note's document says it has. */
    static List<String> chunkIds(String key, SolrDocument note) {
        Object ordinals = note == null ? null : note.getFirstValue(ORDINALS);
        if (ordinals == null || ordinals.toString().isBlank()) {
            return List.of();
        }
        return java.util.Arrays.stream(ordinals.toString().strip().split(" ")).map(o -> chunkId(key, Integer.parseInt(o))).toList();
    }

    static String term(String field, String value) {
        return field + ":" + ClientUtils.escapeQueryChars(value);
    }

    static IndexedNote note(SolrDocument doc, String titleField) {
        return new IndexedNote(text(doc, SOURCE), text(doc, NOTE_ID), text(doc, VERSION), text(doc, titleField),
                tags(text(doc, TAGS)), Instant.ofEpochMilli(((Number) doc.getFirstValue(MODIFIED)).longValue()), text(doc, LINK));
    }

    static StoredChunk storedChunk(SolrDocument doc) {
        return new StoredChunk(note(doc, TITLE), number(doc, ORDINAL), text(doc, HEADINGS), number(doc, START_LINE),
                number(doc, END_LINE), text(doc, TEXT), text(doc, ATTACHMENT));
    }

    static float[] vector(SolrDocument doc) {
        Collection<Object> values = doc.getFieldValues(VECTOR);
        float[] vector = new float[values.size()];
        int i = 0;
        for (Object value : values) {
            vector[i++] = ((Number) value).floatValue();
        }
        return vector;
    }

    private static Set<String> tags(String joined) {
        return joined.isEmpty() ? Set.of() : Set.of(joined.split("\n"));
    }

    private static String text(SolrDocument doc, String field) {
        Object value = doc.getFirstValue(field);
        return value == null ? "" : value.toString();
    }

    private static int number(SolrDocument doc, String field) {
        return ((Number) doc.getFirstValue(field)).intValue();
    }

    /** The filter as filter queries on chunk documents. */
    static List<String> filters(SearchFilter filter) {
        List<String> fq = new ArrayList<>();
        fq.add(TYPE + ":" + CHUNK);
        filter.source().ifPresent(source -> fq.add(term(SOURCE, source)));
        if (!filter.tags().isEmpty()) {
            fq.add(filter.tags().stream().map(t -> term(TAG, t.toLowerCase(Locale.ROOT)))
                    .collect(Collectors.joining(" OR ", "(", ")")));
        }
        if (filter.since().isPresent() || filter.before().isPresent()) {
            String from = filter.since().map(i -> Long.toString(i.toEpochMilli())).orElse("*");
            String to = filter.before().map(i -> Long.toString(i.toEpochMilli() - 1)).orElse("*");
            fq.add(MODIFIED + ":[" + from + " TO " + to + "]");
        }
        return fq;
    }

    /**
     * A clause of {@link KeywordQuery} in Solr's query syntax: its spellings OR-ed, each word escaped so
     * that no character is taken as syntax, words in a row quoted as a phrase, a prefix with its star.
     */
    static String clause(KeywordQuery.Clause clause) {
        List<String> forms = new ArrayList<>();
        for (KeywordQuery.Form form : clause.forms()) {
            if (form.prefix()) {
                forms.add(ClientUtils.escapeQueryChars(form.words().get(0)) + "*");
            } else if (form.phrase()) {
                forms.add("\"" + form.words().stream().map(ClientUtils::escapeQueryChars).collect(Collectors.joining(" ")) + "\"");
            } else {
                forms.add(ClientUtils.escapeQueryChars(form.words().get(0)));
            }
        }
        return forms.size() == 1 ? forms.get(0) : "(" + String.join(" OR ", forms) + ")";
    }
}
