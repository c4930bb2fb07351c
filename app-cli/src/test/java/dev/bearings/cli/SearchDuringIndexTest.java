package dev.bearings.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Searches, from the CLI and from an MCP server, while a real {@code bearings index} process rewrites every note: each search answers, and
 * each note in an answer is wholly its old version or wholly its new one, never a mixture.
 */
class SearchDuringIndexTest {

    private static void write(Path notes, String version) throws Exception {
        for (int i = 0; i < 40; i++) {
            StringBuilder text = new StringBuilder("# Lighthouse " + i + "\n\n");
            for (String part : List.of("Lamp", "Lens", "Keeper")) {
                text.append("## ").append(part).append("\n\n")
                        .append(("The lighthouse " + part.toLowerCase() + " log, " + version + " edition, entry " + i + ". ")
                                .repeat(40)).append("\n\n");
            }
            Path file = notes.resolve("lighthouse-" + i + ".md");
            Files.writeString(file, text);
            Files.setLastModifiedTime(file, java.nio.file.attribute.FileTime.fromMillis(
                    System.currentTimeMillis() + (version.equals("first") ? 0 : 60_000)));
        }
    }

    /** Each note in one answer is wholly one version; says whether the answer held both versions. */
    private static boolean eachNoteWhole(JsonNode hits) {
        Map<String, String> versionOfNote = new HashMap<>();
        for (JsonNode hit : hits) {
            String version = hit.path("text").asText().contains("second edition") ? "second" : "first";
            String earlier = versionOfNote.putIfAbsent(hit.path("noteId").asText(), version);
            assertThat(earlier == null ? version : earlier).as("chunks of %s in one answer", hit.path("noteId").asText())
                    .isEqualTo(version);
        }
        return versionOfNote.containsValue("first") && versionOfNote.containsValue("second");
    }

    private static void indexFirstVersion(Path notes, Path index, String store) throws Exception {
        write(notes, "first");
        CliRun first = CliRun.of("index", "--folder", notes.toString(), "--index", index.toString(), "--store", store);
        assertThat(first.exitCode()).as(first.err()).isZero();
    }

    private static Process indexRun(Path index, String store) throws Exception {
        return new ProcessBuilder(CliRun.command("index", "--index", index.toString(), "--store", store))
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    }

    @ParameterizedTest
    @ValueSource(strings = {"sqlite", "lucene"})
    void searchesDuringARunSeeEachNoteWhole(String store, @TempDir Path notes, @TempDir Path index) throws Exception {
        indexFirstVersion(notes, index, store);
        write(notes, "second");
        Process run = indexRun(index, store);
        int searches = 0;
        boolean sawBoth = false;
        while (run.isAlive() || searches < 3) {
            CliRun search = CliRun.of("search", "--json", "--mode", "keyword", "--limit", "60", "--index", index.toString(),
                    "--store", store, "lighthouse keeper lens lamp log edition");
            assertThat(search.exitCode()).as(search.err()).isZero();
            sawBoth |= eachNoteWhole(McpServerProcess.JSON.readTree(search.out()));
            searches++;
        }
        assertThat(run.waitFor()).isZero();
        System.err.println(store + ": " + searches + " searches during the run; both versions in one answer: " + sawBoth);
    }

    /**
     * The same through a running MCP server: its reader follows the run's commits, and its own
     * freshness sync stands aside while the run holds the index.
     */
    @ParameterizedTest
    @ValueSource(strings = {"sqlite", "lucene"})
    void mcpSearchesDuringARunSeeEachNoteWhole(String store, @TempDir Path notes, @TempDir Path index) throws Exception {
        indexFirstVersion(notes, index, store);
        try (McpServerProcess server = McpServerProcess.start(McpServerProcess.command(index, "--store", store)).initialized()) {
            String query = "{\"query\":\"lighthouse keeper lens lamp log edition\",\"mode\":\"keyword\",\"limit\":60}";
            assertThat(server.call("warm", "search_notes", query).path("result").path("isError").asBoolean()).isFalse();
            write(notes, "second");
            Path sources = index.resolve("sources.json");
            Object before = Files.readAttributes(sources, java.nio.file.attribute.BasicFileAttributes.class).fileKey();
            Process run = indexRun(index, store);
            // The run rewrites its sources file once it holds the index; searching before that would
            // let the server's own sync take the index first, and the run would (rightly) refuse.
            while (run.isAlive() && before.equals(
                    Files.readAttributes(sources, java.nio.file.attribute.BasicFileAttributes.class).fileKey())) {
                Thread.sleep(5);
            }
            int searches = 0;
            boolean sawBoth = false;
            while (run.isAlive() || searches < 3) {
                JsonNode result = server.call("q" + searches, "search_notes", query).path("result");
                assertThat(result.path("isError").asBoolean()).as(result.toString()).isFalse();
                sawBoth |= eachNoteWhole(McpServerProcess.JSON.readTree(result.path("content").get(0).path("text").asText()));
                searches++;
            }
            assertThat(run.waitFor()).isZero();
            JsonNode after = McpServerProcess.JSON.readTree(server.call("last", "search_notes", query)
                    .path("result").path("content").get(0).path("text").asText());
            assertThat(after).isNotEmpty().allSatisfy(hit -> assertThat(hit.path("text").asText()).contains("second edition"));
            System.err.println(store + ": " + searches + " MCP searches during the run; both versions in one answer: " + sawBoth);
        }
    }
}
