package dev.bearings.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code bearings notes} and {@code bearings tags} over the indexed example notes. */
class NotesAndTagsCommandTest {

    @Test
    void notesAreListedMostRecentFirstAndTagsWithTheirCounts(@TempDir Path root) throws Exception {
        Path index = McpServerProcess.indexedExamples(root, "sqlite");
        CliRun notes = CliRun.of("notes", "--json", "--index", index.toString());
        assertThat(notes.exitCode()).as(notes.err()).isZero();
        assertThat(McpServerProcess.JSON.readTree(notes.out())).extracting(n -> n.get("id").asText())
                .containsExactlyElementsOf(McpServerProcess.EXAMPLES_MODIFIED.keySet());
        JsonNode tagged = McpServerProcess.JSON.readTree(CliRun.of("notes", "--json", "--tag", "network", "--index",
                index.toString()).out());
        assertThat(tagged).extracting(n -> n.get("title").asText()).containsExactly("Home VPN with WireGuard");
        CliRun cut = CliRun.of("notes", "--index", index.toString(), "--since", "2026-01-01", "--limit", "2");
        assertThat(cut.out()).isEqualTo("2026-03-10  Home VPN with WireGuard  (vpn-setup.md)  #homelab #network #vpn\n"
                + "2026-02-01  Sourdough  (sourdough.md)\n");
        assertThat(cut.err()).as("a list cut by --limit says so").contains("the 2 notes modified last of more; --limit N shows more");
        assertThat(CliRun.of("notes", "--index", index.toString(), "--limit", "5").err()).as("all five: nothing cut").isEmpty();
        CliRun nothing = CliRun.of("notes", "--index", index.toString(), "--title", "nothing like it");
        assertThat(nothing.exitCode()).as("found nothing, as grep says it").isOne();
        assertThat(nothing.out()).isEmpty();
        assertThat(nothing.err()).contains("no note found");
        CliRun tags = CliRun.of("tags", "--index", index.toString());
        assertThat(tags.exitCode()).as(tags.err()).isZero();
        assertThat(tags.out()).isEqualTo("    1  #homelab\n    1  #network\n    1  #vpn\n");
        assertThat(McpServerProcess.JSON.readTree(CliRun.of("tags", "--json", "--index", index.toString()).out()).get(0)
                .toString()).isEqualTo("{\"tag\":\"homelab\",\"notes\":1}");
        CliRun bad = CliRun.of("notes", "--index", index.toString(), "--since", "soon");
        assertThat(bad.exitCode()).isEqualTo(2);
        assertThat(bad.err()).contains("--since takes a date like 2026-03-01");
        CliRun none = CliRun.of("tags", "--index", root.resolve("nothing").toString());
        assertThat(none.exitCode()).isEqualTo(2);
        assertThat(none.err()).contains("no index here yet").contains("run bearings index");
    }
}
