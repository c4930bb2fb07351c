package dev.bearings.store.solr;

import dev.bearings.core.index.ChunkIndexStore;
import dev.bearings.core.index.ChunkIndexStore.IndexUnreadableException;
import dev.bearings.core.plugin.Settings;
import dev.bearings.testkit.ChunkIndexContract;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SolrSettingsTest {

    @TempDir
    Path folder;

    private static SolrSettings settings(Map<String, String> values) {
        return SolrSettings.of(Settings.of(values));
    }

    @Test
    void badSettingsAreRefusedNamingTheSetting() {
        assertThatThrownBy(() -> settings(Map.of())).hasMessage("index store 'solr' needs url=http://HOST:8983/solr "
                + "(several separated by |)");
        assertThatThrownBy(() -> settings(Map.of("url", "ftp://solr:21"))).hasMessageContaining("setting url must be an "
                + "http(s) address").hasMessageContaining("ftp://solr:21");
        assertThatThrownBy(() -> settings(Map.of("url", "http://h:8983/solr", "collection", "my notes")))
                .hasMessageContaining("setting collection").hasMessageContaining("'my notes'");
        assertThatThrownBy(() -> settings(Map.of("url", "http://h:8983/solr", "shards", "0")))
                .hasMessageContaining("setting shards must be a whole number from 1");
        assertThatThrownBy(() -> settings(Map.of("url", "http://h:8983/solr", "user", "solr")))
                .hasMessageContaining("needs both user and password");
    }

    @Test
    void severalNodesAndDefaults() {
        SolrSettings solr = settings(Map.of("url", "http://a:8983/solr | http://b:8983/solr"));
        assertThat(solr.urls()).containsExactly("http://a:8983/solr", "http://b:8983/solr");
        assertThat(solr.collection()).isEqualTo("bearings");
        assertThat(solr.shards()).isOne();
        assertThat(solr.replicas()).isOne();
        assertThat(solr.notesPerCommit()).isOne();
    }

    @Test
    void thePasswordIsInNoTextAndNoMessage() throws Exception {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        Map<String, String> values = Map.of("url", "http://127.0.0.1:" + closedPort + "/solr", "user", "reader",
                "password", "s3cret-Pa55");
        assertThat(settings(values).toString()).contains("user=reader").doesNotContain("s3cret-Pa55");
        ChunkIndexStore store = new SolrIndexProvider().create(Settings.of(values));
        assertThatThrownBy(() -> store.openExisting(folder))
                .isInstanceOf(IndexUnreadableException.class)
                .hasMessageContaining("127.0.0.1:" + closedPort)
                .hasMessageContaining(folder.toString())
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("s3cret-Pa55"))
                .satisfies(e -> assertThat(((IndexUnreadableException) e).problem())
                        .isEqualTo(IndexUnreadableException.Problem.UNREACHABLE));
        assertThatThrownBy(() -> store.open(folder, ChunkIndexContract.RECIPE, false))
                .isInstanceOf(IndexUnreadableException.class)
                .satisfies(e -> assertThat(((IndexUnreadableException) e).problem())
                        .isEqualTo(IndexUnreadableException.Problem.UNREACHABLE));
    }
}
