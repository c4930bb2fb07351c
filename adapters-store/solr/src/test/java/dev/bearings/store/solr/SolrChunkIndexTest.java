package dev.bearings.store.solr;

import dev.bearings.core.index.ChunkIndexStore;
import dev.bearings.testkit.KeywordSearchContract;
import org.apache.solr.client.solrj.request.UpdateRequest;
import org.apache.solr.common.SolrInputDocument;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.ExtendWith;

import java.nio.file.Path;

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
