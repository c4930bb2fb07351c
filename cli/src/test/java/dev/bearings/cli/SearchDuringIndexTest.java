package dev.bearings.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bearings.testkit.process.ChildProcess;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Searches, from the CLI and from an MCP server, while a real {@code bearings index} process rewrites
 * every note: searches are answered while the run is alive, those answers show notes of the old
 * version and notes of the new one (so the run was caught half-way), and each note in an answer is
 * wholly its old version or wholly its new one, never a mixture.
 */
class SearchDuringIndexTest {
    /**
     * Two chunks each: 96 chunks, all of them in every answer (the MCP tool gives at most 100), and a
     * commit of the Lucene store (every 32 notes) inside the run.
     */
    private static final int NOTES = 48;
    private static final String QUERY = "lighthouse keeper lens lamp log edition";

    private static void write(Path notes, String version) throws Exception {
        for (int i = 0; i < NOTES; i++) {
            StringBuilder text = new StringBuilder("# Lighthouse " + i + "\n\n");
            for (String part : new String[]{"Lamp", "Keeper"}) {
                text.append("## ").append(part).append("\n\n").append(("The lighthouse " + part.toLowerCase()
                        + " log, " + version + " edition, entry " + i + ". ").repeat(18)).append("\n\n");
            }
            Path file = notes.resolve("lighthouse-" + i + ".md");
            Files.writeString(file, text);
            Files.setLastModifiedTime(file, java.nio.file.attribute.FileTime.fromMillis(
                    System.currentTimeMillis() + (version.equals("first") ? 0 : 60_000)));
        }
    }

    /** What the answers given while the run was alive showed. */
    private static final class Seen {
        int answers;
        boolean oldVersion;
        boolean newVersion;

        /** Checks that each note in one answer is wholly one version, and records which versions it held. */
        void answer(JsonNode hits, boolean duringTheRun) {
            Map<String, String> versionOfNote = new HashMap<>();
            for (JsonNode hit : hits) {
                String version = hit.path("text").asText().contains("second edition") ? "second" : "first";
                String earlier = versionOfNote.putIfAbsent(hit.path("noteId").asText(), version);
                assertThat(earlier == null ? version : earlier).as("chunks of %s in one answer", hit.path("noteId").asText())
                        .isEqualTo(version);
            }
            assertThat(versionOfNote).as("every note is in every answer").hasSize(NOTES);
            if (duringTheRun) {
                answers++;
                oldVersion |= versionOfNote.containsValue("first");
                newVersion |= versionOfNote.containsValue("second");
            }
        }

        void assertTheRunWasCaughtHalfWay(String store) {
            System.err.println(store + ": " + answers + " answers during the run; old version seen " + oldVersion
                    + ", new version seen " + newVersion);
            assertThat(answers).as("searches answered while the run was alive").isPositive();
            assertThat(oldVersion).as("an answer during the run still had notes of the old version").isTrue();
            assertThat(newVersion).as("an answer during the run already had notes of the new version").isTrue();
        }
    }

    private static void indexFirstVersion(Path notes, Path index, String store) throws Exception {
        write(notes, "first");
        CliRun first = CliRun.of("index", "--folder", notes.toString(), "--index", index.toString(), "--store", store);
        assertThat(first.exitCode()).as(first.err()).isZero();
    }

    private static ChildProcess indexRun(Path index, String store, Path logs) throws Exception {
        return ChildProcess.start(CliRun.command("index", "--index", index.toString(), "--store", store), logs);
    }

    @ParameterizedTest
    @ValueSource(strings = {"sqlite", "lucene"})
    void searchesDuringARunSeeEachNoteWhole(String store, @TempDir Path notes, @TempDir Path index, @TempDir Path logs)
            throws Exception {
        indexFirstVersion(notes, index, store);
        write(notes, "second");
        Seen seen = new Seen();
        try (ChildProcess run = indexRun(index, store, logs)) {
            long deadline = System.nanoTime() + Duration.ofMinutes(3).toNanos();
            while (run.isAlive() && System.nanoTime() < deadline) {
                CliRun search = CliRun.of("search", "--json", "--mode", "keyword", "--limit", "400", "--index",
                        index.toString(), "--store", store, QUERY);
                boolean alive = run.isAlive();
                assertThat(search.exitCode()).as(search.err()).isZero();
                seen.answer(McpServerProcess.JSON.readTree(search.out()), alive);
            }
            assertThat(run.exitCode(Duration.ofSeconds(30))).as(run.err()).isZero();
        }
        seen.assertTheRunWasCaughtHalfWay(store);
    }

    /**
     * The same through a running MCP server: its reader follows the run's commits, and its own
     * freshness sync stands aside while the run holds the index.
     */
    @ParameterizedTest
    @ValueSource(strings = {"sqlite", "lucene"})
    void mcpSearchesDuringARunSeeEachNoteWhole(String store, @TempDir Path notes, @TempDir Path index, @TempDir Path logs)
            throws Exception {
        indexFirstVersion(notes, index, store);
        try (McpServerProcess server = McpServerProcess.start(McpServerProcess.command(index, "--store", store)).initialized()) {
            String query = "{\"query\":\"" + QUERY + "\",\"mode\":\"keyword\",\"limit\":100}";
            assertThat(server.call("warm", "search_notes", query).path("result").path("isError").asBoolean()).isFalse();
            write(notes, "second");
            Path sources = index.resolve("sources.json");
            Object before = Files.readAttributes(sources, BasicFileAttributes.class).fileKey();
            Seen seen = new Seen();
            try (ChildProcess run = indexRun(index, store, logs)) {
                // The run rewrites its sources file once it holds the index; searching before that would
                // let the server's own sync take the index first, and the run would (rightly) refuse.
                long deadline = System.nanoTime() + Duration.ofMinutes(3).toNanos();
                while (run.isAlive() && System.nanoTime() < deadline
                        && before.equals(Files.readAttributes(sources, BasicFileAttributes.class).fileKey())) {
                    Thread.sleep(5);
                }
                int searches = 0;
                while (run.isAlive() && System.nanoTime() < deadline) {
                    JsonNode result = server.call("q" + searches++, "search_notes", query).path("result");
                    boolean alive = run.isAlive();
                    assertThat(result.path("isError").asBoolean()).as(result.toString()).isFalse();
                    seen.answer(McpServerProcess.JSON.readTree(result.path("content").get(0).path("text").asText()), alive);
                }
                assertThat(run.exitCode(Duration.ofSeconds(30))).as(run.err()).isZero();
            }
            seen.assertTheRunWasCaughtHalfWay(store);
            JsonNode after = McpServerProcess.JSON.readTree(server.call("last", "search_notes", query)
                    .path("result").path("content").get(0).path("text").asText());
            assertThat(after).hasSize(2 * NOTES).allSatisfy(hit -> assertThat(hit.path("text").asText()).contains("second edition"));
        }
    }
}
