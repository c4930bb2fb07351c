package dev.bearings.store.solr;

import dev.bearings.core.index.ChunkIndex;
import dev.bearings.core.index.ChunkIndexReader;
import dev.bearings.core.index.ChunkIndexStore;
import dev.bearings.core.index.IndexedChunk;
import dev.bearings.core.note.IndexedNote;
import dev.bearings.core.plugin.Settings;
import dev.bearings.core.search.SearchFilter;
import dev.bearings.testkit.ChunkIndexContract;
import org.apache.solr.cloud.MiniSolrCloudCluster;
import org.apache.solr.security.Sha256AuthenticationProvider;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * The store against a secured SolrCloud: basic authentication with every request refused without it,
 * and rule-based authorization, where one user may do everything and another nothing. The right
 * credentials index and search; wrong, missing or powerless ones are refused saying so; no password
 * is ever in what the store says.
 */
class SecuredSolrCloudTest {
    private static final String PASSWORD = "s3cret-Horse-battery";
    private static final String WRONG = "not-the-Password-42";
    private static Path home;
    private static MiniSolrCloudCluster cluster;

    @BeforeAll
    static void startSecured() throws Exception {
        home = Files.createTempDirectory("bearings-secured-solr");
        System.setProperty("solr.allowPaths", "*");
        String security = """
                {"authentication": {"class": "solr.BasicAuthPlugin", "blockUnknown": true,
                   "credentials": {"bearings": "%s", "reader": "%s"}},
                 "authorization": {"class": "solr.RuleBasedAuthorizationPlugin",
                   "permissions": [{"name": "all", "role": "admin"}],
                   "user-role": {"bearings": "admin", "reader": "nobody"}}}
                """.formatted(Sha256AuthenticationProvider.getSaltedHashedValue(PASSWORD),
                Sha256AuthenticationProvider.getSaltedHashedValue(PASSWORD));
        cluster = new MiniSolrCloudCluster.Builder(1, home).withSecurityJson(security).withTraceIdGenerationDisabled().build();
        cluster.waitForAllNodes(60);
    }

    @AfterAll
    static void stop() throws Exception {
        if (cluster != null) {
            cluster.shutdown();
        }
        try (var paths = Files.walk(home)) {
            paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    private static ChunkIndexStore store(String... credentials) {
        String url = cluster.getJettySolrRunners().get(0).getBaseUrl().toString();
        List<String> settings = new java.util.ArrayList<>(List.of("url=" + url, "collection=secured", "shards=1", "replicas=1"));
        settings.addAll(List.of(credentials));
        return new SolrIndexProvider().create(Settings.parse(settings));
    }

    @Test
    void theRightCredentialsIndexAndSearch(@org.junit.jupiter.api.io.TempDir Path folder) throws Exception {
        ChunkIndexStore store = store("user=bearings", "password=" + PASSWORD);
        IndexedNote note = new IndexedNote("folder:/notes", "vpn.md", "v1", "VPN", Set.of(), Instant.parse("2026-03-01T10:00:00Z"),
                "file:///notes/vpn.md");
        try (ChunkIndex index = store.open(folder, ChunkIndexContract.RECIPE, false)) {
            index.replaceNote(note, List.of(new IndexedChunk(0, "# VPN", 1, 3, "the WireGuard tunnel at home", "h1",
                    new float[]{1, 0, 0, 0}, "")));
        }
        try (ChunkIndexReader reader = store.openExisting(folder)) {
            assertThat(reader.nearest(new float[]{1, 0, 0, 0}, 5, SearchFilter.NONE)).extracting(hit -> hit.chunk().note().id())
                    .containsExactly("vpn.md");
            assertThat(reader.stats().chunks()).isEqualTo(1);
        }
    }

    @Test
    void wrongMissingOrPowerlessCredentialsAreRefusedSayingSoAndNoPasswordIsShown(@org.junit.jupiter.api.io.TempDir Path folder) {
        Throwable wrong = catchThrowable(() -> store("user=bearings", "password=" + WRONG).open(folder, ChunkIndexContract.RECIPE, false));
        Throwable missing = catchThrowable(() -> store().open(folder, ChunkIndexContract.RECIPE, false));
        Throwable powerless = catchThrowable(() -> store("user=reader", "password=" + PASSWORD).open(folder, ChunkIndexContract.RECIPE,
                false));
        assertThat(wrong.getMessage()).as("wrong").endsWith("refused the user name or password of bearings (401)");
        assertThat(missing.getMessage()).as("missing").contains("needs a user name and password (401)");
        assertThat(powerless.getMessage()).as("powerless").contains("the user reader may not use the Solr collection 'secured'");
        assertThat(List.of(wrong, missing, powerless)).allSatisfy(refused -> assertThat(refused)
                .isInstanceOfSatisfying(ChunkIndexStore.IndexUnreadableException.class,
                        unreadable -> assertThat(unreadable.problem()).isEqualTo(ChunkIndexStore.IndexUnreadableException.Problem.DENIED)));
        for (Throwable refused : List.of(wrong, missing, powerless)) {
            Throwable cause = refused;
            while (cause != null) {
                assertThat(String.valueOf(cause.getMessage())).doesNotContain(PASSWORD).doesNotContain(WRONG);
                cause = cause.getCause();
            }
        }
    }
}
