package dev.bearings.store.solr;

import dev.bearings.core.index.ChunkIndex;
import dev.bearings.core.index.ChunkIndexStore.IndexUnreadableException;
import dev.bearings.core.index.IndexManifest;
import dev.bearings.core.index.IndexMismatchException;
import dev.bearings.core.index.IndexRecipe;
import dev.bearings.core.index.IndexedChunk;
import dev.bearings.core.note.IndexedNote;
import org.apache.solr.client.solrj.SolrServerException;
import org.apache.solr.client.solrj.request.AbstractUpdateRequest;
import org.apache.solr.client.solrj.request.UpdateRequest;
import org.apache.solr.common.SolrDocument;
import org.apache.solr.common.SolrException;
import org.apache.solr.common.SolrInputDocument;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.Set;
import java.util.List;
import java.util.Optional;
import java.util.Properties;

/**
 * {@link ChunkIndex} in a SolrCloud collection. A note's documents share a routing prefix, so they
 * live on one shard; one update request puts them in place and removes, by id, the chunks the note no
 * longer has (its document lists its chunks), and asks for the commit that shows them, so a searcher
 * sees the note's old chunks or its new ones. The manifest and the last sync are a document of their own.
 */
final class SolrChunkIndex extends SolrIndexReader implements ChunkIndex {
    /** The layout of the documents and the configset; stamped on every manifest. */
    static final int FORMAT_VERSION = 1;

    private final int notesPerCommit;
    private int uncommitted;
    private Optional<Instant> lastSync;

    private SolrChunkIndex(SolrCollection collection, IndexManifest manifest, Optional<Instant> lastSync) {
        super(collection, manifest);
        this.notesPerCommit = collection.settings.notesPerCommit();
        this.lastSync = lastSync;
    }

    static SolrChunkIndex open(SolrSettings settings, Path folder, IndexRecipe recipe, boolean rebuild)
            throws IndexMismatchException, IndexUnreadableException {
        IndexManifest wanted = new IndexManifest(FORMAT_VERSION, recipe);
        SolrCollection collection = SolrCollection.connect(settings, folder);
        try {
            String config = SolrCollection.configName(recipe.dimension());
            if (!collection.exists()) {
                collection.create(recipe.dimension());
            } else if (rebuild && !config.equals(collection.configName())) {
                // The vector field's dimension is fixed by the configset: another model needs a new collection.
                collection.drop();
                collection.create(recipe.dimension());
            } else if (rebuild) {
                update(collection, new UpdateRequest().deleteByQuery("*:*"), true);
            }
            SolrDocument stored = manifestDocument(collection);
            Optional<IndexManifest> existing = manifestOf(collection, stored);
            if (existing.isPresent()) {
                existing.get().requireSameAs(wanted, folder);
            } else {
                String made = collection.configName();
                if (!config.equals(made)) {
                    throw new IndexMismatchException(folder, List.of("the " + settings.where() + " was made with configset "
                            + made + ", not " + config + " (vectors of " + recipe.dimension() + " dimensions)"));
                }
                writeManifest(collection, wanted, Optional.empty());
            }
            return new SolrChunkIndex(collection, wanted, SolrDocuments.lastSync(stored));
        } catch (IndexMismatchException | IndexUnreadableException | RuntimeException e) {
            collection.close();
            throw e;
        }
    }

    private static void writeManifest(SolrCollection collection, IndexManifest manifest, Optional<Instant> lastSync) {
        Properties properties = new Properties();
        properties.putAll(manifest.fields());
        StringWriter text = new StringWriter();
        try {
            properties.store(text, "Bearings index manifest");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        SolrInputDocument doc = new SolrInputDocument();
        doc.addField(SolrDocuments.ID, SolrDocuments.MANIFEST_ID);
        doc.addField(SolrDocuments.TYPE, SolrDocuments.MANIFEST);
        doc.addField(SolrDocuments.MANIFEST, text.toString());
        lastSync.ifPresent(at -> doc.addField(SolrDocuments.LAST_SYNC, at.toString()));
        update(collection, new UpdateRequest().add(doc), true);
    }

    /** Sends an update, with a commit that opens a searcher on it when {@code visible}. */
    private static void update(SolrCollection collection, UpdateRequest request, boolean visible) {
        if (visible) {
            request.setAction(AbstractUpdateRequest.ACTION.COMMIT, true, true, true);
        }
        try {
            request.process(collection.client);
        } catch (SolrServerException | IOException | SolrException e) {
            throw new UncheckedIOException(new IOException("cannot write to the " + collection.settings.where() + ": "
                    + e.getMessage(), e));
        }
    }

    private boolean dueForCommit() {
        if (++uncommitted >= notesPerCommit) {
            uncommitted = 0;
            return true;
        }
        return false;
    }

    @Override
    public synchronized void replaceNote(IndexedNote note, Collection<IndexedChunk> chunks) {
        for (IndexedChunk chunk : chunks) {
            manifest().requireDimension(chunk.vector(), "vector");
        }
        String key = SolrDocuments.key(note.source(), note.id());
        UpdateRequest request = new UpdateRequest();
        request.add(SolrDocuments.note(note, chunks));
        Set<String> kept = new HashSet<>();
        for (IndexedChunk chunk : chunks) {
            request.add(SolrDocuments.chunk(note, chunk));
            kept.add(SolrDocuments.chunkId(key, chunk.ordinal()));
        }
        // Removed by id, not by query: a delete-by-query costs every replica of every shard a search.
        List<String> stale = new ArrayList<>(SolrDocuments.chunkIds(key, stored(key)));
        stale.removeAll(kept);
        if (!stale.isEmpty()) {
            request.deleteById(stale);
        }
        update(collection, request, dueForCommit());
    }

    @Override
    public synchronized void deleteNote(String source, String noteId) {
        String key = SolrDocuments.key(source, noteId);
        SolrDocument stored = stored(key);
        if (stored == null) {
            return;
        }
        List<String> ids = new ArrayList<>(SolrDocuments.chunkIds(key, stored));
        ids.add(SolrDocuments.noteId(key));
        update(collection, new UpdateRequest().deleteById(ids), dueForCommit());
    }

    /** The note's document as the collection holds it now, committed or not (a real-time get), or null. */
    private SolrDocument stored(String key) {
        try {
            return collection.client.getById(SolrDocuments.noteId(key));
        } catch (SolrServerException | IOException | SolrException e) {
            throw new UncheckedIOException(new IOException("cannot read the " + collection.settings.where() + ": "
                    + e.getMessage(), e));
        }
    }

    @Override
    public synchronized void markSynced(Instant at) {
        writeManifest(collection, manifest(), Optional.of(at));
        uncommitted = 0;
        lastSync = Optional.of(at);
    }

    @Override
    synchronized Optional<Instant> lastSync() {
        return lastSync;
    }

    @Override
    public synchronized void close() {
        try {
            if (uncommitted > 0) {
                update(collection, new UpdateRequest(), true);
            }
        } finally {
            super.close();
        }
    }
}
