package dev.bearings.store.solr;

import dev.bearings.core.chunk.ChunkingRules;
import dev.bearings.core.index.ChunkIndex;
import dev.bearings.core.index.ChunkIndexReader;
import dev.bearings.core.index.ChunkIndexStore;
import dev.bearings.core.index.IndexRecipe;
import dev.bearings.core.note.Note;
import dev.bearings.core.search.KeywordSearch;
import dev.bearings.core.search.SearchFilter;
import dev.bearings.core.source.MemorySource;
import dev.bearings.core.usecase.SyncIndex;
import dev.bearings.testkit.LineParser;
import dev.bearings.testkit.WordHashingEmbedder;
import org.apache.solr.common.cloud.DocCollection;
import org.apache.solr.common.cloud.Replica;
import org.apache.solr.embedded.JettySolrRunner;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A Solr node stops in the middle of an index run: the run completes on the replicas left, and every
 * search still answers in full.
 */
@ExtendWith(MiniCloud.class)
class NodeLossTest {
    private static final String COLLECTION = "node-loss";
    private static final int NOTES = 60;

    @TempDir
    Path folder;

    private final WordHashingEmbedder embedder = new WordHashingEmbedder(256, 64);
    private JettySolrRunner stopped;

    private static Note note(int i) {
        return new Note("note-" + i + ".md", "Note " + i, "# Note " + i + "\n## Part\nword" + i + " appears only here, with "
                + "common words about tunnels and gateways.\n## Other\nMore about harbour" + i + " and ferries.\n",
                Set.of("n/" + (i % 3)), Instant.parse("2026-03-01T00:00:00Z").plusSeconds(i), "file:///" + i, List.of());
    }

    @AfterEach
    void restartTheNode() throws Exception {
        InJvmSolrCloud cloud = MiniCloud.running();
        if (stopped != null) {
            cloud.cluster.startJettySolrRunner(stopped);
            cloud.cluster.waitForAllNodes(60);
            cloud.cluster.waitForActiveCollection(COLLECTION, 60, TimeUnit.SECONDS);
        }
        cloud.drop(COLLECTION);
    }

    @Test
    void aNodeStoppedMidRunLeavesACompleteIndexThatAnswersFromTheReplicas() throws Exception {
        InJvmSolrCloud cloud = MiniCloud.running();
        cloud.drop(COLLECTION);
        ChunkIndexStore store = new SolrIndexProvider().create(cloud.settings(COLLECTION));
        IndexRecipe recipe = IndexRecipe.of("lines", new ChunkingRules(40, 3, 5), true, IndexRecipe.Prefix.TITLED,
                "word-hashing", Map.of(), embedder);
        List<Note> notes = new ArrayList<>();
        for (int i = 0; i < NOTES; i++) {
            notes.add(note(i));
        }
        SyncIndex sync = new SyncIndex(new LineParser(), recipe, embedder, Clock.systemUTC());
        List<Integer> doneWhenStopped = new ArrayList<>();
        SyncIndex.Report report;
        try (ChunkIndex index = store.open(folder, recipe, false)) {
            DocCollection collection = cloud.cluster.getSolrClient().getClusterState().getCollection(COLLECTION);
            assertThat(collection.getSlices()).hasSize(2);
            assertThat(collection.getSlices()).allSatisfy(shard -> assertThat(shard.getReplicas()).hasSize(2));
            assertThat(collection.getReplicas()).extracting(Replica::getNodeName).as("each node holds a copy of each shard")
                    .containsOnly(cloud.cluster.getJettySolrRunner(0).getNodeName(), cloud.cluster.getJettySolrRunner(1).getNodeName());
            int[] done = {0};
            report = sync.sync(new MemorySource("memory", notes), index, new SyncIndex.Progress() {
                @Override
                public void noteDone(String noteId, int chunks) {
                    if (++done[0] == NOTES / 3) {
                        try {
                            stopped = cloud.cluster.stopJettySolrRunner(1);
                            cloud.cluster.waitForJettyToStop(stopped);
                        } catch (Exception e) {
                            throw new IllegalStateException(e);
                        }
                        doneWhenStopped.add(done[0]);
                    }
                }
            });
        }
        assertThat(doneWhenStopped).as("the node was stopped with notes still to index").containsExactly(NOTES / 3);
        assertThat(stopped.isRunning()).isFalse();
        assertThat(report.added()).isEqualTo(NOTES);

        try (ChunkIndexReader reader = store.openExisting(folder)) {
            assertThat(reader.versions("memory")).hasSize(NOTES);
            assertThat(reader.stats().notesBySource()).containsEntry("memory", NOTES);
            assertThat(reader.stats().chunks()).isEqualTo(report.chunksEmbedded() + report.chunksReused());
            assertThat(reader.stats().lastSync()).isPresent();
            for (int i : new int[]{1, NOTES / 2, NOTES - 1}) {
                assertThat(((KeywordSearch) reader).keywords("word" + i, 3, SearchFilter.NONE))
                        .extracting(h -> h.chunk().note().id()).containsExactly("note-" + i + ".md");
                float[] query = embedder.embedQuery("More about harbour" + i + " and ferries.").vector();
                assertThat(reader.nearest(query, 10, SearchFilter.NONE)).extracting(h -> h.chunk().note().id())
                        .hasSize(10).first().isEqualTo("note-" + i + ".md");
            }
        }
    }
}
