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
 * Searches while a real {@code bearings index} process rewrites every note: each search answers, and
 * each note in an answer is wholly its old version or wholly its new one, never a mixture.
 */
class SearchDuringIndexTest {

    private static void write(Path notes, String version) throws Exception {
        for (int i = 0; i < 80; i++) {
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

    @ParameterizedTest
    @ValueSource(strings = {"sqlite", "lucene"})
    void searchesDuringARunSeeEachNoteWhole(String store, @TempDir Path notes, @TempDir Path index) throws Exception {
        write(notes, "first");
        CliRun first = CliRun.of("index", "--folder", notes.toString(), "--index", index.toString(), "--store", store);
        assertThat(first.exitCode()).as(first.err()).isZero();
        write(notes, "second");
        List<String> command = McpServerProcess.command(index);
        command.subList(command.indexOf("mcp"), command.size()).clear();
        command.addAll(List.of("index", "--index", index.toString(), "--store", store));
        Process run = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        int searches = 0;
        boolean sawBoth = false;
        while (run.isAlive() || searches < 3) {
            CliRun search = CliRun.of("search", "--json", "--mode", "keyword", "--limit", "60", "--index", index.toString(),
                    "--store", store, "lighthouse keeper lens lamp log edition");
            assertThat(search.exitCode()).as(search.err()).isZero();
            Map<String, String> versionOfNote = new HashMap<>();
            for (JsonNode hit : McpServerProcess.JSON.readTree(search.out())) {
                String version = hit.path("text").asText().contains("second edition") ? "second" : "first";
                String earlier = versionOfNote.putIfAbsent(hit.path("noteId").asText(), version);
                assertThat(earlier == null ? version : earlier).as("chunks of %s in one answer", hit.path("noteId").asText())
                        .isEqualTo(version);
            }
            sawBoth |= versionOfNote.containsValue("first") && versionOfNote.containsValue("second");
            searches++;
        }
        assertThat(run.waitFor()).isZero();
        System.err.println(store + ": " + searches + " searches during the run; both versions in one answer: " + sawBoth);
    }
}
