package dev.bearings.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A folder of the worst notes we could think of, indexed for real: the run finishes, names each note it
 * skipped with the reason, and indexes all the others. (How parse and chunk time grow with such input
 * is measured in the benchmarks: docs/benchmarks.md.)
 */
class HostileNotesTest {

    @Test
    void aNoteThatOverflowsTheParsersStackIsSkippedAndNamed(@TempDir Path notes, @TempDir Path index) throws Exception {
        Files.writeString(notes.resolve("markers.md"), ("- ".repeat(10_000) + "item\n\n").repeat(10));
        Files.writeString(notes.resolve("fine.md"), "# Fine\n\nthe unbothered puffin\n");
        CliRun run = CliRun.of("index", "--folder", notes.toString(), "--index", index.toString(), "--parser", "flexmark");
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.err()).contains("markers.md: is nested too deeply to parse");
        assertThat(run.out()).contains("1 note added");
        CliRun chunk = CliRun.of("chunk", "--parser", "flexmark", notes.resolve("markers.md").toString(),
                notes.resolve("fine.md").toString());
        assertThat(chunk.exitCode()).isEqualTo(2);
        assertThat(chunk.err()).contains("markers.md: is nested too deeply to parse");
        assertThat(chunk.out()).contains("fine.md");
    }

    @Test
    void badNotesAreNamedAndSkippedAndEveryOtherNoteIsIndexed(@TempDir Path notes, @TempDir Path index) throws Exception {
        Random random = new Random(7);
        byte[] noise = new byte[20_000];
        random.nextBytes(noise);
        Files.write(notes.resolve("random-bytes.md"), noise);
        Files.write(notes.resolve("latin1.md"), "# Caf\u00e9\n\nna\u00efve\n".getBytes(StandardCharsets.ISO_8859_1));
        Files.write(notes.resolve("latin1-later.md"), "# Menu\n\ncr\u00e8me br\u00fbl\u00e9e\n".getBytes(StandardCharsets.ISO_8859_1));
        try (OutputStream huge = Files.newOutputStream(notes.resolve("huge.md"))) {
            byte[] block = ("# Log\n\n" + "entry ".repeat(1000) + "\n\n").getBytes(StandardCharsets.UTF_8);
            for (long written = 0; written < 50L * 1024 * 1024; written += block.length) {
                huge.write(block);
            }
        }
        Files.writeString(notes.resolve("one-line.md"), "# One line\n\n" + "lighthouse ".repeat(5_000) + "\n");
        Files.writeString(notes.resolve("quotes.md"), "# Quotes\n\n" + "> ".repeat(10_000) + "deepest quoted kelp\n");
        Files.writeString(notes.resolve("lists.md"), "# Lists\n\n" + "- ".repeat(10_000) + "deepest listed walrus\n"
                + "  ".repeat(1) + "- two\n");
        StringBuilder headings = new StringBuilder();
        for (int i = 0; i < 600; i++) {
            headings.append("#".repeat(1 + i % 6)).append(" Heading ").append(i).append("\n\nline ").append(i).append("\n\n");
        }
        Files.writeString(notes.resolve("headings.md"), headings);
        Files.writeString(notes.resolve("unclosed.md"), "# Fence\n\n```java\nint narwhal = 1;\n" + "x++;\n".repeat(500));
        Files.writeString(notes.resolve("front-matter-only.md"), "---\ntitle: Only metadata\ntags: [meta]\n---\n");
        Files.writeString(notes.resolve("empty.md"), "");
        Files.writeString(notes.resolve("name with spaces & \u00fcmlaut #1 (copy) \u65e5\u672c.md"), "# Odd\n\nthe odd-named otter\n");

        CliRun run = CliRun.of("index", "--folder", notes.toString(), "--index", index.toString());
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.err()).contains("skipped folder:" + notes + " random-bytes.md: ")
                .contains("latin1.md: is not valid UTF-8")
                .contains("huge.md: is 50.0 MB; notes over 10 MB are not indexed");
        assertThat(run.out()).contains("8 notes added");

        CliRun status = CliRun.of("status", "--json", "--index", index.toString());
        JsonNode stats = new ObjectMapper().readTree(status.out());
        assertThat(stats.get("notes").asInt()).as("indexed").isEqualTo(8);
        JsonNode skipped = stats.get("skippedBySource").get("folder:" + notes);
        assertThat(new ObjectMapper().convertValue(skipped, java.util.Map.class)).as("counted by reason, not by where each note went wrong")
                .isEqualTo(java.util.Map.of("looks binary", 1, "is not valid UTF-8", 2, "is over 10 MB", 1));
        JsonNode synced = new ObjectMapper().readTree(CliRun.of("index", "--json", "--index", index.toString(), "--rebuild").out());
        assertThat(synced.get(0).get("skipped")).as("index --json counts them alike").isEqualTo(skipped);
        assertThat(synced.get(0).get("unreadable")).extracting(JsonNode::asText).as("and names each note with what is wrong with it")
                .contains("latin1.md: is not valid UTF-8 (bad byte at offset 5)", "latin1-later.md: is not valid UTF-8 (bad byte at offset 10)");
        for (String word : new String[]{"lighthouse", "kelp", "walrus", "Heading 599", "narwhal", "otter"}) {
            CliRun search = CliRun.of("search", "--json", "--mode", "keyword", "--index", index.toString(), word);
            assertThat(search.exitCode()).as(search.err()).isZero();
            assertThat(new ObjectMapper().readTree(search.out())).as(word).isNotEmpty();
        }
    }
}
