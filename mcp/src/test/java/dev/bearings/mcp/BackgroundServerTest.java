package dev.bearings.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.bearings.app.testing.ExampleIndex;
import dev.bearings.core.chunk.ChunkingRules;
import dev.bearings.core.index.ChunkIndex;
import dev.bearings.core.index.IndexRecipe;
import dev.bearings.mcp.http.ServerControl;
import dev.bearings.mcp.http.ServerEntry;
import dev.bearings.testkit.WordHashingEmbedder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A server says what it is at {@value ServerControl#ENDPOINT} and stops when asked there; one a search started in the
 * background stops by itself when idle, when its index is rebuilt with another recipe (its model's vectors would
 * no longer match the index's), and when the jar it runs from changes.
 */
class BackgroundServerTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    private static BearingsMcpServer.Http serve(ExampleIndex example, Path data, String kind, Optional<Duration> idle) throws Exception {
        return BearingsMcpServer.http(example.index(), new BearingsMcpServer.Settings("9.9", "sqlite", Optional.empty()),
                new BearingsMcpServer.HttpSettings(InetAddress.getLoopbackAddress(), 0, data, Duration.ofSeconds(30), Map.of(), kind, idle));
    }

    private static CompletableFuture<String> stopped(BearingsMcpServer.Http server) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return server.awaitStop();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return "interrupted";
            }
        });
    }

    private HttpRequest.Builder control(BearingsMcpServer.Http server) throws Exception {
        return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + ServerControl.ENDPOINT)).timeout(Duration.ofSeconds(30))
                .header("Authorization", "Bearer " + Files.readString(server.tokenFile()).strip());
    }

    @Test
    void aServerSaysWhatItIsAndStopsWhenAsked(@TempDir Path root) throws Exception {
        try (ExampleIndex example = ExampleIndex.synced(root); BearingsMcpServer.Http server = serve(example, root.resolve("data"),
                ServerEntry.MCP, Optional.empty())) {
            CompletableFuture<String> stopping = stopped(server);
            HttpResponse<String> said = http.send(control(server).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(said.headers().firstValue("Content-Type")).hasValueSatisfying(type -> assertThat(type).startsWith("application/json"));
            JsonNode status = JSON.readTree(said.body());
            assertThat(status.path("pid").asLong()).isEqualTo(ProcessHandle.current().pid());
            assertThat(status.path("kind").asText()).isEqualTo(ServerEntry.MCP);
            assertThat(status.path("version").asText()).isEqualTo("9.9");
            assertThat(status.path("index").asText()).isEqualTo(example.folder().toString());
            assertThat(status.path("port").asInt()).isEqualTo(server.port());
            assertThat(status.path("idleStopSeconds").isNull()).as("it runs until stopped").isTrue();
            assertThat(status.path("heapBytes").asLong()).isPositive();
            assertThat(stopping).isNotDone();
            HttpResponse<String> asked = http.send(control(server).POST(HttpRequest.BodyPublishers.ofString("reason=a+new+version"))
                    .header("Content-Type", "application/x-www-form-urlencoded").build(), HttpResponse.BodyHandlers.ofString());
            assertThat(asked.statusCode()).isEqualTo(202);
            assertThat(stopping.get(30, TimeUnit.SECONDS)).isEqualTo("a new version");
            server.stop("again");
            assertThat(server.awaitStop()).as("the first reason given").isEqualTo("a new version");
        }
    }

    @Test
    void aServerStoppedOrClosedInProcessSaysWhy(@TempDir Path root) throws Exception {
        try (ExampleIndex example = ExampleIndex.synced(root)) {
            try (BearingsMcpServer.Http server = serve(example, root.resolve("data"), ServerEntry.MCP, Optional.empty())) {
                server.stop("upgrading");
                assertThat(stopped(server).get(30, TimeUnit.SECONDS)).isEqualTo("upgrading");
            }
            BearingsMcpServer.Http server = serve(example, root.resolve("data"), ServerEntry.MCP, Optional.empty());
            CompletableFuture<String> stopping = stopped(server);
            server.close();
            assertThat(stopping.get(30, TimeUnit.SECONDS)).isEqualTo("closed");
        }
    }

    @Test
    void aReasonThatIsNotWordsIsNotRepeated(@TempDir Path root) throws Exception {
        try (ExampleIndex example = ExampleIndex.synced(root); BearingsMcpServer.Http server = serve(example, root.resolve("data"),
                ServerEntry.MCP, Optional.empty())) {
            http.send(control(server).POST(HttpRequest.BodyPublishers.ofString("reason=%3Cscript%3E"))
                    .header("Content-Type", "application/x-www-form-urlencoded").build(), HttpResponse.BodyHandlers.ofString());
            assertThat(stopped(server).get(30, TimeUnit.SECONDS)).isEqualTo("asked to stop");
        }
    }

    @Test
    void aBackgroundServerStopsWhenIdle(@TempDir Path root) throws Exception {
        try (ExampleIndex example = ExampleIndex.synced(root); BearingsMcpServer.Http server = serve(example, root.resolve("data"),
                ServerEntry.BACKGROUND, Optional.of(Duration.ofSeconds(2)))) {
            CompletableFuture<String> stopping = stopped(server);
            JsonNode status = JSON.readTree(http.send(control(server).build(), HttpResponse.BodyHandlers.ofString()).body());
            assertThat(status.path("kind").asText()).isEqualTo(ServerEntry.BACKGROUND);
            assertThat(status.path("idleStopSeconds").asLong()).isEqualTo(2);
            assertThat(stopping.get(30, TimeUnit.SECONDS)).isEqualTo("idle for 2 s");
        }
    }

    @Test
    void aBackgroundServerStopsWhenItsIndexIsRebuiltWithAnotherRecipe(@TempDir Path root) throws Exception {
        try (ExampleIndex example = ExampleIndex.synced(root); BearingsMcpServer.Http server = serve(example, root.resolve("data"),
                ServerEntry.BACKGROUND, Optional.empty())) {
            CompletableFuture<String> stopping = stopped(server);
            example.index().reader();
            assertThat(stopping).as("the index as it was").isNotDone();
            IndexRecipe other = IndexRecipe.of("commonmark", ChunkingRules.DEFAULT, false, IndexRecipe.Prefix.NONE, "hash", Map.of(),
                    new WordHashingEmbedder(8, 64));
            try (ChunkIndex rebuilt = ExampleIndex.store().open(example.folder(), other, true)) {
                rebuilt.markSynced(java.time.Instant.now());
                rebuilt.publish();
            }
            example.index().reader();
            assertThat(stopping.get(30, TimeUnit.SECONDS)).isEqualTo("the index's recipe changed");
        }
    }

    @Test
    void aBackgroundServerStopsWhenTheJarItRunsFromChanges(@TempDir Path root) throws Exception {
        Path jar = Files.writeString(root.resolve("bearings.jar"), "the jar the server started from");
        try (ExampleIndex example = ExampleIndex.synced(root); BearingsMcpServer.Http server = BearingsMcpServer.http(example.index(),
                new BearingsMcpServer.Settings("9.9", "sqlite", Optional.empty()), new BearingsMcpServer.HttpSettings(
                        InetAddress.getLoopbackAddress(), 0, root.resolve("data"), Duration.ofSeconds(30), Map.of(), ServerEntry.BACKGROUND,
                        Optional.empty()), CodeFile.at(jar))) {
            CompletableFuture<String> stopping = stopped(server);
            assertThat(CodeFile.at(jar).changed()).as("a jar as it was").isEmpty();
            Files.writeString(jar, "a jar built again, in place");
            assertThat(stopping.get(30, TimeUnit.SECONDS)).isEqualTo("its jar changed (" + jar + ")");
        }
    }

    @Test
    void aJarMovedIntoPlaceOrGoneIsAChangeAndAFolderOfClassesIsNone(@TempDir Path root) throws Exception {
        Path jar = Files.writeString(root.resolve("bearings.jar"), "one");
        CodeFile code = CodeFile.at(jar);
        Path next = Files.writeString(root.resolve("next.jar"), "one");
        Files.setLastModifiedTime(next, Files.getLastModifiedTime(jar));
        Files.move(next, jar, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        assertThat(code.changed()).as("same size and time, another file").contains(jar);
        Files.delete(jar);
        assertThat(CodeFile.at(jar).changed()).as("gone from the start: stays gone").isEmpty();
        assertThat(code.changed()).contains(jar);
        assertThat(CodeFile.of(BackgroundServerTest.class).jar()).as("this test's classes, in a folder").isEmpty();
        assertThat(CodeFile.of(org.junit.jupiter.api.Test.class).jar()).as("JUnit's, in a jar").isPresent();
    }
}
