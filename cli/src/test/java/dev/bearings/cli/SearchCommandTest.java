package dev.bearings.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.bearings.app.words.ShellWords;
import dev.bearings.cli.output.Fitted;
import dev.bearings.testkit.Prerequisite;
import dev.bearings.testprocess.ChildProcess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Search over the bundled example notes (dated as {@link McpServerProcess#EXAMPLES_MODIFIED} says),
 * plus a folder of work notes, indexed for real, in both stores.
 */
class SearchCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path root;

    private Path index;
    private Path work;

    /** The examples, and a second folder: one note tagged work/projects, one tagged workshop (not a child of work). */
    private void indexNotes(String store) throws Exception {
        Path examples = McpServerProcess.exampleNotes(root);
        work = Files.createDirectories(root.resolve("work"));
        Path office = Files.writeString(work.resolve("office-vpn.md"), "---\ntags: [work/projects]\n---\n# Office VPN\n\n"
                + "The office VPN gateway hands out certificates that expire every ninety days; renew them in the admin portal.\n");
        Files.setLastModifiedTime(office, FileTime.from(Instant.parse("2026-09-01T10:00:00Z")));
        Path workshop = Files.writeString(work.resolve("workshop.md"), "# Woodworking\n\n#workshop\n\n"
                + "The VPN of the workshop router? No: the workshop has a bandsaw and a gateway to the garden.\n");
        Files.setLastModifiedTime(workshop, FileTime.from(Instant.parse("2026-08-01T10:00:00Z")));
        index = root.resolve("index");
        CliRun run = CliRun.of("index", "--folder", examples.toString(), "--folder", work.toString(), "--index",
                index.toString(), "--store", store);
        assertThat(run.exitCode()).as(run.err()).isZero();
    }

    private JsonNode search(String store, String... args) throws Exception {
        List<String> all = new ArrayList<>(List.of("search", "--json", "--index", index.toString(), "--store", store));
        all.addAll(List.of(args));
        CliRun run = CliRun.of(all.toArray(String[]::new));
        JsonNode hits = JSON.readTree(run.out());
        assertThat(run.exitCode()).as("0 when something is found, 1 when nothing is, as grep: " + run.err())
                .isEqualTo(hits.isEmpty() ? 1 : 0);
        return hits;
    }

    private static Set<String> notes(JsonNode hits) {
        Set<String> notes = new TreeSet<>();
        hits.forEach(hit -> notes.add(hit.get("noteId").asText()));
        return notes;
    }

    @ParameterizedTest
    @ValueSource(strings = {"sqlite", "lucene"})
    void findsThePassageWithItsNoteHeadingLinesAndLink(String store) throws Exception {
        indexNotes(store);
        JsonNode hits = search(store, "how did I set up the VPN?");
        JsonNode first = hits.get(0);
        assertThat(first.get("noteId").asText()).isEqualTo("vpn-setup.md");
        assertThat(first.get("title").asText()).isEqualTo("Home VPN with WireGuard");
        assertThat(first.get("headingPath").asText()).startsWith("# Home VPN with WireGuard");
        assertThat(first.get("startLine").asInt()).isPositive();
        assertThat(first.get("endLine").asInt()).isGreaterThanOrEqualTo(first.get("startLine").asInt());
        assertThat(first.get("link").asText()).startsWith("file:").endsWith("vpn-setup.md");
        assertThat(first.get("tags")).extracting(JsonNode::asText).contains("vpn");
        assertThat(first.get("modified").asText()).isEqualTo("2026-03-10T09:00:00Z");
        assertThat(first.get("vectorRank").asInt()).isPositive();
        assertThat(first.get("snippet").asText()).contains("**");

        JsonNode port = search(store, "--mode", "keyword", "51820");
        assertThat(port.get(0).get("noteId").asText()).isEqualTo("vpn-setup.md");
        assertThat(port.get(0).get("keywordRank").asInt()).isOne();
        assertThat(port.get(0).get("vectorRank").isNull()).isTrue();

        JsonNode bread = search(store, "--mode", "vector", "baking bread at home");
        assertThat(bread.get(0).get("noteId").asText()).isEqualTo("sourdough.md");

        List<Double> scores = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        // A question whose passages alternate between notes: grouped by note, they would not be best first.
        search(store, "trip").forEach(hit -> {
            scores.add(hit.get("score").asDouble());
            notes.add(hit.get("noteId").asText());
        });
        assertThat(java.util.stream.IntStream.range(1, notes.size() - 1).anyMatch(i -> !notes.get(i).equals(notes.get(i - 1))
                && notes.subList(i, notes.size()).contains(notes.get(i - 1)))).as("a note comes back after another: %s", notes).isTrue();
        assertThat(scores).as("best first, not grouped by note").hasSizeGreaterThan(2)
                .isSortedAccordingTo(java.util.Comparator.reverseOrder());
        assertThat(first.get("attachment").isNull()).as("a passage of the note's own text comes from no attachment").isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"sqlite", "lucene"})
    void filtersKeepExactlyTheNotesTheyShould(String store) throws Exception {
        indexNotes(store);
        assertThat(notes(search(store, "--limit", "100", "vpn gateway")))
                .as("unfiltered, both VPN notes and the workshop").contains("vpn-setup.md", "office-vpn.md", "workshop.md");
        assertThat(notes(search(store, "--limit", "100", "--tag", "work", "vpn gateway")))
                .as("a tag matches its children, not other tags that start alike").containsExactly("office-vpn.md");
        assertThat(notes(search(store, "--limit", "100", "--tag", "#Work/Projects", "vpn gateway")))
                .as("any case, with or without #").containsExactly("office-vpn.md");
        assertThat(notes(search(store, "--limit", "100", "--tag", "network", "--tag", "workshop", "vpn gateway")))
                .as("several tags mean any of them").containsExactly("vpn-setup.md", "workshop.md");
        assertThat(notes(search(store, "--limit", "100", "--since", "2026-02-01", "notes")))
                .containsExactly("office-vpn.md", "sourdough.md", "vpn-setup.md", "workshop.md");
        assertThat(notes(search(store, "--limit", "100", "--before", "2026-01-01", "notes")))
                .containsExactly("git-tricks.md", "kyoto-trip.md");
        assertThat(notes(search(store, "--limit", "100", "--since", "2026-01-01", "--before", "2026-03-01", "notes")))
                .containsExactly("backups.md", "sourdough.md");
        assertThat(notes(search(store, "--limit", "100", "--source", "folder:" + work, "vpn")))
                .containsExactly("office-vpn.md", "workshop.md");
        assertThat(notes(search(store, "--limit", "100", "--source", work.toString(), "vpn")))
                .as("a source named by its folder's path").containsExactly("office-vpn.md", "workshop.md");
        CliRun kind = CliRun.of("search", "--index", index.toString(), "--store", store, "--source", "folder", "vpn");
        assertThat(kind.exitCode()).as("two folder sources: which one?").isEqualTo(2);
        assertThat(kind.err()).contains("--source folder names several sources").contains("folder:" + work);
        CliRun none = CliRun.of("search", "--index", index.toString(), "--store", store, "--source", "bear", "vpn");
        assertThat(none.exitCode()).isEqualTo(2);
        assertThat(none.err()).contains("the index has no such source").contains("folder:" + work);
        assertThat(search(store, "--since", "2999-01-01", "VPN")).isEmpty();
        JsonNode three = search(store, "--limit", "3", "notes");
        assertThat(three).hasSize(3);
        assertThat(search(store, "--limit", "4", "notes")).hasSize(4);
    }

    @ParameterizedTest
    @ValueSource(strings = {"sqlite", "lucene"})
    void japaneseWordsAreFoundAndMarkedInEveryMode(String store) throws Exception {
        indexNotes(store);
        JsonNode keyword = search(store, "--mode", "keyword", "嵐山");
        assertThat(keyword).isNotEmpty();
        assertThat(keyword.get(0).get("noteId").asText()).isEqualTo("kyoto-trip.md");
        assertThat(keyword.get(0).get("snippet").asText()).contains("**嵐山**");
        assertThat(notes(keyword)).containsExactly("kyoto-trip.md");
        assertThat(search(store, "嵐山").get(0).get("noteId").asText()).as("hybrid, the default").isEqualTo("kyoto-trip.md");
        assertThat(search(store, "--mode", "keyword", "市バスの一日券").get(0).get("noteId").asText()).isEqualTo("kyoto-trip.md");
    }

    @Test
    void humanOutputGroupsPassagesUnderTheirNote() throws Exception {
        indexNotes("sqlite");
        CliRun run = CliRun.of("search", "--index", index.toString(), "restic password");
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).startsWith("1. Backups  (backups.md)").contains("# Backups > ## Restic to the external disk")
                .contains("lines 12-22");
        assertThat(run.out()).as("piped: plain text, the matches unmarked").doesNotContain("**").doesNotContain("\u001b[")
                .containsIgnoringCase(" restic ");
        CliRun coloured = CliRun.of("search", "--color=always", "--index", index.toString(), "restic password");
        assertThat(coloured.out()).startsWith("1. \u001b[1mBackups\u001b[0m  (backups.md)")
                .containsPattern("\u001b\\[1;31m[Rr]estic\u001b\\[0m").doesNotContain("**");
        assertThat(CliRun.of("search", "--color=never", "--index", index.toString(), "restic password").out()).isEqualTo(run.out());
        CliRun wrong = CliRun.of("search", "--color=sometimes", "--index", index.toString(), "restic password");
        assertThat(wrong.exitCode()).isEqualTo(2);
        assertThat(wrong.err()).contains("--color must be auto, always or never, not 'sometimes'");
    }

    @Test
    void theIndexsOwnFusionWeighsTheListsAndSaysHow() throws Exception {
        indexNotes("sqlite");
        JsonNode weights = search("sqlite", "restic password").get(0).get("weights");
        assertThat(weights.get("vector").asDouble() + weights.get("keyword").asDouble()).isCloseTo(1.0, within(0.002));
        assertThat(weights.get("keyword").asDouble()).as("both lists count").isBetween(0.05, 0.95);
        CliRun plain = CliRun.of("search", "--index", index.toString(), "restic password");
        assertThat(plain.err()).as("how the lists were weighed is said beside the results, not among them")
                .containsPattern("this question weighed meaning \\d+%, keywords \\d+%");
        assertThat(plain.out()).doesNotContain("weighed");
        try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + index.resolve("bearings.sqlite"));
             Statement update = db.createStatement()) {
            assertThat(update.executeUpdate("UPDATE meta SET value = 'convex:alpha=1.0' WHERE key = 'fusion'")).isOne();
        }
        JsonNode onlyMeaning = search("sqlite", "restic password");
        assertThat(onlyMeaning.get(0).get("weights").get("vector").asDouble()).isEqualTo(1.0);
        assertThat(passages(onlyMeaning)).isEqualTo(passages(search("sqlite", "--mode", "vector", "restic password")));
    }

    @Test
    void eachPassageSaysItsStrengthAndAQuestionTheNotesDoNotAnswerSaysSoInOneLine() throws Exception {
        indexNotes("sqlite");
        JsonNode vpn = search("sqlite", "how did I set up the VPN?");
        assertThat(vpn.get(0).get("strength").asText()).isEqualTo("strong");
        assertThat(vpn.get(0).get("similarity").asDouble()).isBetween(0.5, 1.0);
        CliRun answered = CliRun.of("search", "--index", index.toString(), "how did I set up the VPN?");
        assertThat(answered.out()).contains("  strong  score ");
        assertThat(answered.err()).doesNotContain("strong match");
        CliRun peru = CliRun.of("search", "--index", index.toString(), "what is the capital of Peru");
        assertThat(peru.exitCode()).as("the nearest are still shown").isZero();
        assertThat(peru.err().lines().filter(line -> line.startsWith("bearings:")).toList()).as("beside the weights line").containsExactly(
                "bearings: no passage is a strong match: your notes may not answer this; the nearest follow");
        assertThat(peru.out()).contains("  weak  score ").doesNotContain("  strong  ");
        CliRun strongOnly = CliRun.of("search", "--strong", "--index", index.toString(), "what is the capital of Peru");
        assertThat(strongOnly.exitCode()).as("none strong: nothing found, as grep").isOne();
        assertThat(strongOnly.out()).isEmpty();
        assertThat(strongOnly.err().lines().filter(line -> line.startsWith("bearings:")).toList()).containsExactly(
                "bearings: no passage is a strong match: your notes may not answer this");
        JsonNode onlyStrong = search("sqlite", "--strong", "how did I set up the VPN?");
        assertThat(onlyStrong).isNotEmpty().allSatisfy(hit -> assertThat(hit.get("strength").asText()).isEqualTo("strong"));
        assertThat(onlyStrong.size()).isLessThan(search("sqlite", "how did I set up the VPN?").size());
        CliRun common = CliRun.of("search", "--index", index.toString(), "how do I");
        assertThat(common.err()).contains("bearings: the query has only common words, which keywords do not match");
    }

    /** A small section merged into the one before it labels the passage when its lines are the ones that match. */
    @Test
    void aPassageIsLabelledWithTheSectionThatHoldsItsMatch(@TempDir Path car) throws Exception {
        Files.writeString(car.resolve("car.md"), "# Car\n\n## 2026-01-09: oil change\n\nOil and filter changed at 41,200 km "
                + "by the garage on Mill Lane, who also rotated the tyres and topped up the screen wash before winter.\n\n"
                + "## Parking\n\nThe gate code is 4411; our space is number 12.\n");
        Path carIndex = car.resolve("index");
        assertThat(CliRun.of("index", "--folder", car.toString(), "--index", carIndex.toString()).exitCode()).isZero();
        CliRun run = CliRun.of("search", "--json", "--index", carIndex.toString(), "what is the gate code");
        assertThat(run.exitCode()).as(run.err()).isZero();
        JsonNode first = JSON.readTree(run.out()).get(0);
        assertThat(first.get("headingPath").asText()).isEqualTo("# Car > ## Parking");
        assertThat(first.get("headings")).extracting(JsonNode::asText)
                .containsExactly("# Car", "# Car > ## 2026-01-09: oil change", "# Car > ## Parking");
        assertThat(CliRun.of("search", "--index", carIndex.toString(), "what is the gate code").out()).contains("# Car > ## Parking");
    }

    private static List<String> passages(JsonNode hits) {
        List<String> passages = new ArrayList<>();
        hits.forEach(hit -> passages.add(hit.get("noteId").asText() + ":" + hit.get("startLine").asInt()));
        return passages;
    }

    /**
     * On a terminal, every line of a search and of the status fits its width but a link, which a
     * terminal opens only when whole; piped, lines are whole; {@code --width} says how wide. The terminal
     * is a real pseudo-terminal (util-linux's {@code script}) set to 60 columns with {@code stty}, as a
     * user's would be, and {@code COLUMNS} unset.
     */
    @Test
    void linesFitTheTerminalAndAPipeGetsThemWhole() throws Exception {
        Path script = Path.of("/usr/bin/script");
        Prerequisite.require(Files.isExecutable(script), () -> "util-linux's script, which makes a pseudo-terminal, at " + script);
        indexNotes("sqlite");
        String question = "how did I set up the VPN at home with WireGuard and the router";
        String command = "stty cols 60; " + CliRun.command("search", "--index", index.toString(), question).stream()
                .map(ShellWords::quote).collect(Collectors.joining(" ")) + "; " + CliRun.command("status", "--index", index.toString())
                .stream().map(ShellWords::quote).collect(Collectors.joining(" "));
        Map<String, String> noColumns = new HashMap<>();
        noColumns.put("COLUMNS", null);
        try (ChildProcess terminal = ChildProcess.start(List.of(script.toString(), "-qec", command, "/dev/null"), root.resolve("logs"),
                noColumns)) {
            assertThat(terminal.exitCode(Duration.ofMinutes(2))).as(terminal.err()).isZero();
            List<String> lines = terminal.out().lines().map(line -> line.replace("\r", "")).toList();
            assertThat(lines).as("passages were printed").anyMatch(line -> line.contains("vpn-setup.md"))
                    .as("and the status").anyMatch(line -> line.startsWith("chunking   "));
            assertThat(lines.stream().filter(line -> !line.strip().startsWith("file:")))
                    .allSatisfy(line -> assertThat(Fitted.columns(line)).as(line).isLessThanOrEqualTo(60));
        }
        CliRun piped = CliRun.of("search", "--index", index.toString(), question);
        assertThat(piped.out().lines().filter(line -> !line.strip().startsWith("file:"))).as("whole when piped")
                .anyMatch(line -> line.length() > 60);
        CliRun forty = CliRun.of("search", "--width", "40", "--index", index.toString(), question);
        assertThat(forty.out().lines().filter(line -> !line.strip().startsWith("file:")))
                .allSatisfy(line -> assertThat(line.length()).as(line).isLessThanOrEqualTo(40));
        CliRun narrow = CliRun.of("search", "--width", "5", "--index", index.toString(), question);
        assertThat(narrow.exitCode()).isEqualTo(2);
        assertThat(narrow.err()).contains("--width must be auto, 0 (lines whole) or at least 20 columns, not '5'");
    }

    @Test
    void helpfulMessagesForAMissingIndexAndBadOptions(@TempDir Path empty) {
        Path none = empty.resolve("it's none");
        CliRun missing = CliRun.of("search", "--index", none.toString(), "--limit", "3", "--json", "--source", "bear", "--tag", "work",
                "vpn");
        assertThat(missing.exitCode()).isEqualTo(2);
        assertThat(missing.err()).as("the suggestion acts on the same index, the path quoted for the shell, the search's own flags left out")
                .contains("no index here yet")
                .contains("(run bearings index --index '" + none.toString().replace("'", "'\\''") + "' --folder DIR (or --bear) first)");
        CliRun mode = CliRun.of("search", "--index", empty.toString(), "--mode", "fuzzy", "vpn");
        assertThat(mode.exitCode()).isEqualTo(2);
        assertThat(mode.err()).contains("--mode must be hybrid, vector or keyword");
        CliRun date = CliRun.of("search", "--index", empty.toString(), "--since", "soon", "vpn");
        assertThat(date.exitCode()).isEqualTo(2);
        assertThat(date.err()).contains("--since takes a date like 2026-03-01");
    }

    /** One rule for what may be asked, here as in MCP and the served search: no empty question, none over 4,000 characters. */
    @Test
    void anEmptyOrHugeQueryIsRefusedBeforeAnythingIsSearched() throws Exception {
        indexNotes("sqlite");
        for (String blank : List.of("", "   ")) {
            CliRun run = CliRun.of("search", "--index", index.toString(), blank);
            assertThat(run.exitCode()).as("'" + blank + "'").isEqualTo(2);
            assertThat(run.err()).contains("the query is empty");
            assertThat(run.out()).isEmpty();
        }
        CliRun huge = CliRun.of("search", "--index", index.toString(), "vpn ".repeat(1_001));
        assertThat(huge.exitCode()).isEqualTo(2);
        assertThat(huge.err()).contains("the query is 4004 characters; at most 4000");
        assertThat(CliRun.of("search", "--index", index.toString(), "vpn ".repeat(999)).exitCode()).isZero();
    }
}
