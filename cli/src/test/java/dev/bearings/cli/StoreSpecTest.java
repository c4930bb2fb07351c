package dev.bearings.cli;

import dev.bearings.app.plugin.ProviderSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** A store chosen with its settings, {@code --store solr:url=...}, in every command that opens an index. */
class StoreSpecTest {

    @TempDir
    Path folder;

    @Test
    void aSpecIsANameAndItsSettings() {
        ProviderSpec spec = ProviderSpec.parse("solr:url=http://a:8983/solr|http://b:8983/solr,collection=notes");
        assertThat(spec.name()).isEqualTo("solr");
        assertThat(spec.settings().asMap()).isEqualTo(Map.of("url", "http://a:8983/solr|http://b:8983/solr",
                "collection", "notes"));
        assertThat(ProviderSpec.parse("lucene").settings().asMap()).isEmpty();
    }

    @Test
    void aListIsSplitOnlyWhereAnotherStoreBegins() {
        assertThat("sqlite,lucene".split(ProviderSpec.LIST_SPLIT)).containsExactly("sqlite", "lucene");
        assertThat(Arrays.asList("lucene,solr:url=http://a:8983/solr,shards=2,commit-every=100,sqlite"
                .split(ProviderSpec.LIST_SPLIT))).containsExactly("lucene", "solr:url=http://a:8983/solr,shards=2,commit-every=100",
                "sqlite");
    }

    @Test
    void anUnreachableSolrIsNamedWithAdviceAndItsPasswordIsShownNowhere() throws Exception {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        String store = "solr:url=http://127.0.0.1:" + closedPort + "/solr,user=reader,password=s3cret-Pa55";
        for (String command : new String[]{"status", "search"}) {
            CliRun run = command.equals("status") ? CliRun.of("status", "--index", folder.toString(), "--store", store)
                    : CliRun.of("search", "vpn", "--index", folder.toString(), "--store", store);
            assertThat(run.exitCode()).as(run.err()).isNotZero();
            assertThat(run.err()).contains("cannot reach the Solr collection 'bearings' at http://127.0.0.1:" + closedPort
                    + "/solr").contains("check the address and that the server runs");
            assertThat(run.out() + run.err()).doesNotContain("s3cret-Pa55");
        }
        CliRun unknown = CliRun.of("status", "--index", folder.toString(), "--store", "solr:url=http://h:8983/solr,shard=2");
        assertThat(unknown.err()).contains("index store 'solr' has no setting shard");
    }
}
