package dev.bearings.store.solr;

import dev.bearings.core.plugin.Settings;
import org.apache.solr.client.solrj.request.CollectionAdminRequest;
import org.apache.solr.client.solrj.request.UpdateRequest;
import org.apache.solr.cloud.MiniSolrCloudCluster;
import org.apache.solr.embedded.JettySolrRunner;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/** A real SolrCloud in this JVM: an embedded ZooKeeper and two Solr nodes, for the tests and the benchmark. */
public final class InJvmSolrCloud implements AutoCloseable {
    public static final int NODES = 2;

    private final Path home;
    final MiniSolrCloudCluster cluster;

    private InJvmSolrCloud(Path home, MiniSolrCloudCluster cluster) {
        this.home = home;
        this.cluster = cluster;
    }

    public static InJvmSolrCloud start() throws Exception {
        Path home = Files.createTempDirectory("bearings-solrcloud");
        // What Solr's own test base classes set; without it, cores may not live under a temporary folder.
        System.setProperty("solr.allowPaths", "*");
        System.setProperty("zookeeper.forceSync", "no");
        System.setProperty("solr.autoCommit.maxTime", "-1");
        MiniSolrCloudCluster cluster = new MiniSolrCloudCluster.Builder(NODES, home).withTraceIdGenerationDisabled().build();
        cluster.waitForAllNodes(60);
        return new InJvmSolrCloud(home, cluster);
    }

    /** Every node's address, as the store's url setting takes them. */
    public String urls() {
        return cluster.getJettySolrRunners().stream().filter(JettySolrRunner::isRunning)
                .map(j -> j.getBaseUrl().toString()).collect(Collectors.joining("|"));
    }

    /** The store's settings for a collection of two shards of two replicas each. */
    public Settings settings(String collection, String... more) {
        Map<String, String> values = new TreeMap<>(Map.of("url", urls(), "collection", collection, "shards", "2",
                "replicas", "2"));
        values.putAll(Settings.parse(List.of(more)).asMap());
        return Settings.of(values);
    }

    /** Empties a collection, if it exists, as if it had just been made. */
    void clear(String collection) throws Exception {
        List<String> collections = CollectionAdminRequest.listCollections(cluster.getSolrClient());
        if (collections.contains(collection)) {
            new UpdateRequest().deleteByQuery("*:*").commit(cluster.getSolrClient(), collection);
        }
    }

    void drop(String collection) throws Exception {
        if (CollectionAdminRequest.listCollections(cluster.getSolrClient()).contains(collection)) {
            CollectionAdminRequest.deleteCollection(collection).process(cluster.getSolrClient());
        }
    }

    /** Runs the cluster until the process is stopped, for trying the CLI against it: prints the url setting. */
    public static void main(String[] args) throws Exception {
        InJvmSolrCloud cloud = start();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                cloud.close();
            } catch (Exception e) {
                e.printStackTrace();
            }
        }));
        System.out.println("url=" + cloud.urls());
        System.out.flush();
        Thread.currentThread().join();
    }

    @Override
    public void close() throws Exception {
        cluster.shutdown();
        try (var paths = Files.walk(home)) {
            paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}
