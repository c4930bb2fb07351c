package dev.bearings.store.solr;

import dev.bearings.core.index.ChunkIndexStore;
import dev.bearings.testkit.KeywordSearchContract;
import org.apache.solr.client.solrj.request.UpdateRequest;
import org.apache.solr.common.SolrInputDocument;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.ExtendWith;

import dev.bearings.core.index.ChunkIndex;
import dev.bearings.core.index.IndexedChunk;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The whole contract on a real SolrCloud: a collection of two shards with two replicas each, on two nodes. */
@ExtendWith(MiniCloud.class)
class SolrChunkIndexTest extends KeywordSearchContract {
    private static final String COLLECTION = "contract";

    @BeforeEach
    void emptyCollection() throws Exception {
        MiniCloud.running().clear(COLLECTION);
    }

    @Override
    protected ChunkIndexStore store() {
        return new SolrIndexProvider().create(MiniCloud.running().settings(COLLECTION));
    }

    /** A long list of content hashes goes through: longer than any server takes in a URL. */
    @Test
    void vectorsOfAThousandChunksAreFoundInOneRequest() throws Exception {
        try (ChunkIndex index = open()) {
            List<IndexedChunk> many = chunks("long-note.md", 1000);
            index.replaceNote(note("long-note.md", "v1"), many);
            List<String> hashes = new ArrayList<>(many.stream().map(IndexedChunk::contentHash).toList());
            hashes.add("unknown");
            assertThat(index.vectorsByHash(hashes)).hasSize(1000);
            assertThat(index.stats().chunks()).isEqualTo(1000);
        }
    }

    /** What a disk error does to a folder, done to the collection: its manifest no longer reads as one. */
    @Override
    protected void damage(Path folder) throws Exception {
        SolrInputDocument garbage = new SolrInputDocument();
        garbage.addField(SolrDocuments.ID, SolrDocuments.MANIFEST_ID);
        garbage.addField(SolrDocuments.TYPE, SolrDocuments.MANIFEST);
        garbage.addField(SolrDocuments.MANIFEST, "this is not an index, just some bytes ".repeat(200));
        new UpdateRequest().add(garbage).commit(MiniCloud.running().cluster.getSolrClient(), COLLECTION);
    }
}
