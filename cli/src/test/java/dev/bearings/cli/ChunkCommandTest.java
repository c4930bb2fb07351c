package dev.bearings.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.bearings.testprocess.ProjectData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

class ChunkCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private Path write(String name, String text) throws Exception {
        Path file = dir.resolve(name);
        Files.writeString(file, text);
        return file;
    }

    @ParameterizedTest
    @ValueSource(strings = {"commonmark", "flexmark"})
    void jsonHasEveryFieldForEachChunk(String parser) throws Exception {
        Path note = write("vpn.md", "# VPN\n\nIntro " + "word ".repeat(40) + "\n\n## Server\n\n```sh\n# not a heading\n```\n\n"
                + "Server " + "text ".repeat(40) + "\n");
        CliRun run = CliRun.of("chunk", "--json", "--parser", parser, note.toString());
        assertThat(run.exitCode()).as(run.err()).isZero();
        JsonNode chunks = JSON.readTree(run.out());
        assertThat(chunks.isArray()).isTrue();
        assertThat(chunks).hasSize(2);
        JsonNode second = chunks.get(1);
        assertThat(second.get("file").asText()).isEqualTo(note.toString());
        assertThat(second.get("ordinal").asInt()).isEqualTo(1);
        assertThat(second.get("headingPath").asText()).isEqualTo("# VPN > ## Server");
        assertThat(second.get("headings").get(1).get("level").asInt()).isEqualTo(2);
        assertThat(second.get("headings").get(1).get("text").asText()).isEqualTo("Server");
        assertThat(second.get("startLine").asInt()).isEqualTo(5);
        assertThat(second.get("endLine").asInt()).isEqualTo(11);
        assertThat(second.get("words").asInt()).as("Server, sh, not a heading, Server and 40 more").isEqualTo(1 + 1 + 3 + 41);
        assertThat(second.get("text").asText()).startsWith("## Server").contains("# not a heading");
    }

    @Test
    void bothParsersPrintIdenticalChunksForTheBundledNotes() throws Exception {
        String[] notes;
        try (Stream<Path> files = Files.list(ProjectData.EXAMPLE_NOTES)) {
            notes = files.map(Path::toString).sorted().toArray(String[]::new);
        }
        assertThat(notes).isNotEmpty();
        CliRun commonmark = CliRun.of(concat(new String[]{"chunk", "--json", "--parser", "commonmark"}, notes));
        CliRun flexmark = CliRun.of(concat(new String[]{"chunk", "--json", "--parser", "flexmark"}, notes));
        assertThat(commonmark.exitCode()).isZero();
        assertThat(JSON.readTree(commonmark.out()).size()).isGreaterThan(notes.length);
        assertThat(flexmark.out()).isEqualTo(commonmark.out());
    }

    @Test
    void humanOutputShowsPathLinesAndWords() throws Exception {
        Path note = write("n.md", "# Title\n\n" + "word ".repeat(50) + "\n");
        CliRun run = CliRun.of("chunk", note.toString());
        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).contains("n.md").contains("lines 1-3").contains("51 words").contains("# Title");
    }

    @Test
    void badFilesAreNamedAndTheOthersStillProcessed() throws Exception {
        Path good = write("good.md", "# Good\n\ntext\n");
        Path binary = dir.resolve("image.md");
        Files.write(binary, new byte[]{(byte) 0x89, 'P', 'N', 'G', 0, 0, 1});
        Path latin1 = dir.resolve("latin1.md");
        Files.write(latin1, new byte[]{'c', 'a', 'f', (byte) 0xE9, '\n'});
        Path missing = dir.resolve("missing.md");
        CliRun run = CliRun.of("chunk", "--json", missing.toString(), dir.toString(), binary.toString(),
                latin1.toString(), good.toString());
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err().lines()).containsExactly(
                "bearings: " + missing + ": no such file",
                "bearings: " + dir + ": is a directory, not a Markdown file",
                "bearings: " + binary + ": looks binary (NUL byte at offset 4)",
                "bearings: " + latin1 + ": is not valid UTF-8 (bad byte at offset 3)");
        JsonNode chunks = JSON.readTree(run.out());
        assertThat(chunks).hasSize(1);
        assertThat(chunks.get(0).get("file").asText()).isEqualTo(good.toString());
    }

    @Test
    void badFlagsExitWithTwo() throws Exception {
        Path note = write("n.md", "# T\n");
        assertThat(CliRun.of("chunk", "--no-such-flag", note.toString()).exitCode()).isEqualTo(2);
        assertThat(CliRun.of("chunk", "--max-words", "ten", note.toString()).exitCode()).isEqualTo(2);
        assertThat(CliRun.of("chunk").exitCode()).isEqualTo(2);
        CliRun impossible = CliRun.of("chunk", "--max-words", "40", "--overlap-words", "40", note.toString());
        assertThat(impossible.exitCode()).isEqualTo(2);
        assertThat(impossible.err()).contains("overlap words (40) must be less than max words (40)");
        CliRun unknownParser = CliRun.of("chunk", "--parser", "nope", note.toString());
        assertThat(unknownParser.exitCode()).isEqualTo(2);
        assertThat(unknownParser.err()).contains("unknown Markdown parser 'nope'; known: commonmark, flexmark");
    }

    @Test
    void rulesComeFromTheFlags() throws Exception {
        Path note = write("long.md", "# Long\n\n" + "word ".repeat(500) + "\n");
        JsonNode chunks = JSON.readTree(CliRun.of("chunk", "--json", "--max-words", "100", "--min-words", "10",
                "--overlap-words", "20", note.toString()).out());
        assertThat(chunks.size()).isGreaterThan(5);
        chunks.forEach(c -> assertThat(c.get("words").asInt()).isLessThanOrEqualTo(100));
        assertThat(chunks.get(1).get("overlapWords").asInt()).isEqualTo(20);
    }

    private static String[] concat(String[] a, String[] b) {
        return Stream.concat(Stream.of(a), Stream.of(b)).toArray(String[]::new);
    }

    @Test
    void embedderAddsTokenCountsWithinItsWindow() throws Exception {
        Path note = write("long.md", "# Long note\n\n" + "Configuration of the tunnel interface wg0. ".repeat(80) + "\n");
        CliRun run = CliRun.of("chunk", "--json", "--embedder", "onnx", "--window", "128", note.toString());
        assertThat(run.exitCode()).as(run.err()).isZero();
        JsonNode chunks = JSON.readTree(run.out());
        assertThat(chunks.size()).isGreaterThan(2);
        chunks.forEach(c -> assertThat(c.get("tokens").asInt()).isBetween(3, 128));
        assertThat(JSON.readTree(CliRun.of("chunk", "--json", note.toString()).out()).get(0).has("tokens")).isFalse();
    }

    @Test
    void bothPresetNamesAreTheDefaultRulesAndFlagsOverrideThem() throws Exception {
        Path note = write("long.md", "# Long note\n\n" + "Configuration of the tunnel interface wg0. ".repeat(120) + "\n");
        String plain = CliRun.of("chunk", note.toString()).out();
        assertThat(CliRun.of("chunk", "--preset", "default", note.toString()).out()).isEqualTo(plain);
        assertThat(CliRun.of("chunk", "--preset", "design-record", note.toString()).out()).isEqualTo(plain);
        assertThat(CliRun.of("chunk", "--preset", "default", "--max-words", "100", note.toString()).out()).isNotEqualTo(plain);
        CliRun unknown = CliRun.of("chunk", "--preset", "tiny", note.toString());
        assertThat(unknown.exitCode()).isEqualTo(2);
        assertThat(unknown.err()).contains("--preset must be default or design-record, not 'tiny'");
    }

    @Test
    void similarityPrintsTheCosine() throws Exception {
        // all-MiniLM-L6-v2's reference score for this pair (sentence-transformers); the default model's own is in the reference (docs/reference.md).
        CliRun run = CliRun.of("similarity", "--model", "minilm", "A man is eating food.", "A man is eating a piece of bread.");
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out().strip()).isEqualTo("0.7553");
        CliRun byDefault = CliRun.of("similarity", "A man is eating food.", "A man is eating a piece of bread.");
        List<String> readme = Files.readAllLines(ProjectData.ROOT.resolve("docs/reference.md"));
        int example = readme.indexOf("bearings similarity \"A man is eating food.\" \"A man is eating a piece of bread.\"");
        assertThat(example).as("the reference's similarity example").isNotNegative();
        assertThat(byDefault.out().strip()).as("what the reference says it prints").isEqualTo(readme.get(example + 1));
        CliRun unknown = CliRun.of("similarity", "--embedder", "nope", "a", "b");
        assertThat(unknown.exitCode()).isEqualTo(2);
        // held: a plugin of the tests' own (HeldEmbedderProvider), found as a user's would be.
        assertThat(unknown.err()).contains("unknown embedder 'nope'; known: " + HeldEmbedderProvider.NAME + ", onnx");
        CliRun apart = CliRun.of("similarity", "--embedder", "djl", "a", "b");
        assertThat(apart.exitCode()).isEqualTo(2);
        assertThat(apart.err()).as("DJL's engine ships apart").contains("the embedder 'djl' is a plugin, not in the jar: add "
                + "bearings-embedding-djl-<version>-plugin.jar");
    }
}
