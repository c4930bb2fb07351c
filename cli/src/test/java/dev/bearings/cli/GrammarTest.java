package dev.bearings.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The command line's grammar as people know it from grep and ripgrep: exit 0 found, 1 nothing found, 2 an
 * error or a bad command line, the same in every command; dates and tags as notes and people write them; a
 * mistyped command or option answered with the likely one.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class GrammarTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private Path index;

    @BeforeAll
    void index(@TempDir Path root) throws Exception {
        Path notes = Files.createDirectories(root.resolve("notes"));
        Files.writeString(notes.resolve("party.md"), "---\ntags: \"alpha, Beta\"\nupdated: 2020-01-02\n---\n# Party\n\n"
                + "The cake for #events/birthday party# is chocolate. #Proj/Sub\n");
        Files.writeString(notes.resolve("list.md"), "---\ntags: gamma delta\ndate: 2021-05-06T10:00:00Z\n---\n# List\n\nMilk.\n");
        index = root.resolve("index");
        assertThat(CliRun.of("index", "--folder", notes.toString(), "--index", index.toString()).exitCode()).isZero();
    }

    @Test
    void exitCodesAreGrepsInEveryCommand() throws Exception {
        assertThat(CliRun.of("search", "--index", index.toString(), "chocolate cake").exitCode()).as("found").isZero();
        assertThat(CliRun.of("notes", "--index", index.toString(), "--title", "nothing like this").exitCode()).as("nothing").isEqualTo(1);
        Path missing = index.resolveSibling("no-index-here");
        CliRun noIndex = CliRun.of("search", "--index", missing.toString(), "cake");
        assertThat(noIndex.exitCode()).as("an error: " + noIndex.err()).isEqualTo(2);
        assertThat(CliRun.of("status", "--index", missing.toString()).exitCode()).isEqualTo(2);
        CliRun recipe = CliRun.of("index", "--index", index.toString(), "--window", "128");
        assertThat(recipe.exitCode()).as("a recipe refused: " + recipe.err()).isEqualTo(2);
        CliRun bare = CliRun.of();
        assertThat(bare.exitCode()).isEqualTo(2);
        assertThat(bare.err()).contains("Usage: bearings").contains("search").contains("no command given");
        assertThat(bare.out()).isEmpty();
    }

    @Test
    void aMistypedCommandOrOptionIsAnsweredWithTheLikelyOne() {
        CliRun command = CliRun.of("serch", "cake");
        assertThat(command.exitCode()).isEqualTo(2);
        assertThat(command.err()).contains("bearings: no command serch; did you mean bearings search?").doesNotContain("index 0");
        CliRun option = CliRun.of("search", "--index", index.toString(), "--limt", "3", "cake");
        assertThat(option.exitCode()).isEqualTo(2);
        assertThat(option.err()).contains("no option --limt; did you mean --limit?");
        CliRun port = CliRun.of("mcp", "--port", "7400", "--index", index.toString());
        assertThat(port.exitCode()).isEqualTo(2);
        assertThat(port.err()).contains("--port goes with --http");
    }

    @Test
    void datesAndTagsAsNotesAndPeopleWriteThem() throws Exception {
        JsonNode notes = JSON.readTree(CliRun.of("notes", "--json", "--index", index.toString()).out());
        JsonNode party = notes.get(1).path("id").asText().equals("party.md") ? notes.get(1) : notes.get(0);
        assertThat(party.path("modified").asText()).as("the front matter's date").isEqualTo("2020-01-02T00:00:00Z");
        assertThat(party.path("tags")).extracting(JsonNode::asText).contains("alpha", "Beta", "events/birthday party", "Proj/Sub");
        assertThat(CliRun.of("notes", "--index", index.toString(), "--tag", "gamma").out()).contains("list.md").doesNotContain("party.md");
        assertThat(CliRun.of("search", "--index", index.toString(), "--json", "--tag", "#events/birthday party#", "cake").out())
                .contains("party.md");
        assertThat(CliRun.of("tags", "--index", index.toString()).out()).as("spelled as the notes spell them").contains("#Proj/Sub")
                .contains("#Beta");
        CliRun unknown = CliRun.of("search", "--index", index.toString(), "--tag", "nosuchtag", "cake");
        assertThat(unknown.exitCode()).isEqualTo(2);
        assertThat(unknown.err()).contains("no note is tagged nosuchtag (bearings tags lists the tags there are)");
        assertThat(CliRun.of("notes", "--index", index.toString(), "--since", "2021-01-01").out()).contains("list.md").doesNotContain("party.md");
        assertThat(CliRun.of("search", "--index", index.toString(), "--since", "yesterday", "cake").exitCode()).as("nothing this recent")
                .isEqualTo(1);
        CliRun badDate = CliRun.of("search", "--index", index.toString(), "--since", "last tuesday", "cake");
        assertThat(badDate.exitCode()).isEqualTo(2);
        assertThat(badDate.err()).contains("--since takes a date like 2026-03-01");
        CliRun search = CliRun.of("search", "--index", index.toString(), "chocolate cake");
        assertThat(search.out()).as("results alone on stdout").doesNotContain("this question weighed");
        assertThat(search.err()).contains("this question weighed");
    }
}
