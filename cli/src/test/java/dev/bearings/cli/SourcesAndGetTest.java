package dev.bearings.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.bearings.app.source.SourcesConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Sources as named, managed things: a folder given is added, never put in another's place; one folder by
 * any spelling is one source; a folder gone is said, with the command that drops it, and its notes stay
 * until then; a source is removed by name. And notes read whole, by section or by lines, by id, file or title.
 */
class SourcesAndGetTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path root;

    private Path folder(String name, String... notes) throws Exception {
        Path folder = Files.createDirectories(root.resolve(name));
        for (int i = 0; i < notes.length; i += 2) {
            Files.writeString(folder.resolve(notes[i]), notes[i + 1]);
        }
        return folder;
    }

    @Test
    void aSecondFolderIsAddedOneFolderIsOneSourceAndAGoneOneIsSaidUntilRemoved() throws Exception {
        Path index = root.resolve("index");
        Path ext = folder("ext", "kayak.md", "# Kayak\n\nThe kayak hangs in the garage.\n");
        Path sub = folder("odd", "lamp.md", "# Lamp\n\nThe brass lamp needs a new wick.\n");
        assertThat(CliRun.of("index", "--folder", ext.toString(), "--index", index.toString()).exitCode()).isZero();
        assertThat(CliRun.of("index", "--folder", sub.toString(), "--index", index.toString(), "--name", "lamps").exitCode()).isZero();
        // The same folder by a link and by a relative spelling: the same source, no second copy of its notes.
        Path link = Files.createSymbolicLink(root.resolve("ext-link"), ext);
        assertThat(CliRun.of("index", "--folder", link.toString(), "--index", index.toString()).exitCode()).isZero();
        JsonNode sources = JSON.readTree(CliRun.of("sources", "--json", "--index", index.toString()).out());
        assertThat(sources).extracting(s -> s.path("name").asText() + " " + s.path("notes").asInt() + " " + s.path("state").asText())
                .containsExactly("ext 1 ok", "lamps 1 ok");

        // A change in the first folder is still synced: it was added to, not replaced.
        Files.writeString(ext.resolve("kayak.md"), "# Kayak\n\nThe kayak hangs in the shed now.\n");
        CliRun sync = CliRun.of("index", "--index", index.toString());
        assertThat(sync.out()).contains("folder:" + ext.toRealPath() + ": 0 notes added, 1 changed");
        CliRun onlyLamps = CliRun.of("search", "--index", index.toString(), "--source", "lamps", "--json", "garage wick");
        assertThat(JSON.readTree(onlyLamps.out())).extracting(h -> h.path("noteId").asText()).containsOnly("lamp.md");

        // The folder moved away: said by sources and by search, with the command that drops it; its notes stay.
        Files.move(ext, root.resolve("moved"));
        JsonNode missing = JSON.readTree(CliRun.of("sources", "--json", "--index", index.toString()).out()).get(0);
        assertThat(missing.path("state").asText()).isEqualTo("missing");
        assertThat(CliRun.of("sources", "--index", index.toString()).out()).contains("bearings sources remove ext --index " + index);
        CliRun search = CliRun.of("search", "--index", index.toString(), "kayak");
        assertThat(search.out()).contains("kayak.md");
        assertThat(search.err()).as("said first, before what the search says of its answer")
                .startsWith("bearings: the source ext (" + ext + ") is missing").contains("bearings sources remove ext");

        CliRun removed = CliRun.of("sources", "remove", "ext", "--index", index.toString());
        assertThat(removed.exitCode()).as(removed.err()).isZero();
        assertThat(removed.err()).contains("removed the source ext and its 1 note");
        assertThat(JSON.readTree(CliRun.of("sources", "--json", "--index", index.toString()).out()))
                .extracting(s -> s.path("name").asText()).containsExactly("lamps");
        assertThat(CliRun.of("search", "--index", index.toString(), "--json", "kayak").out()).doesNotContain("kayak.md");
        assertThat(CliRun.of("sources", "remove", "nope", "--index", index.toString()).err())
                .contains("the index has no source nope; it has lamps (folder:" + sub.toRealPath() + ")");
    }

    @Test
    void anEmptyFolderAndADamagedSourcesFileAreSaidAsSuch() throws Exception {
        Path index = root.resolve("index");
        Path empty = folder("empty");
        CliRun run = CliRun.of("index", "--folder", empty.toString(), "--index", index.toString());
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).contains("holds no notes (a note is a file ending in .md or .markdown");
        assertThat(CliRun.of("status", "--index", index.toString()).out()).contains("empty (folder:" + empty.toRealPath() + "): 0 notes");

        Files.writeString(index.resolve(SourcesConfig.FILE), "garbage");
        CliRun status = CliRun.of("status", "--index", index.toString());
        assertThat(status.exitCode()).isNotZero();
        assertThat(status.err()).contains("the index's list of its sources, " + index.resolve(SourcesConfig.FILE) + ", is damaged")
                .contains("delete it and name the sources again").doesNotContain("Unrecognized token").doesNotContain("Jackson");
    }

    /** Folders and notes left out by a .bearingsignore or --exclude: never indexed, counted, and remembered with the folder. */
    @Test
    void ignoreRulesLeaveOutFoldersAndNotesAndAreRemembered() throws Exception {
        Path notes = folder("vault", "keep.md", "# Keep\n\nthe lighthouse lamp\n");
        Path archive = Files.createDirectories(notes.resolve("Archive"));
        Files.writeString(archive.resolve("old.md"), "# Old\n\nthe old lighthouse lamp\n");
        Path templates = Files.createDirectories(notes.resolve("templates"));
        Files.writeString(templates.resolve("daily.md"), "# Daily\n\n- [ ] lamp\n");
        Files.writeString(notes.resolve("draft.tmp.md"), "# Draft\n\nlamp\n");
        Files.writeString(notes.resolve(".bearingsignore"), "# what a template folder is\ntemplates/\n");
        Path index = root.resolve("index");
        CliRun run = CliRun.of("index", "--folder", notes.toString(), "--exclude", "Archive/", "--exclude", "*.tmp.md", "--index",
                index.toString());
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("1 note added").contains("skipped 3 (left out by an ignore rule)");
        assertThat(JSON.readTree(CliRun.of("notes", "--json", "--index", index.toString()).out()))
                .extracting(n -> n.path("id").asText()).containsExactly("keep.md");
        // Remembered: a plain sync leaves them out too, and a new note in a left-out folder is no change.
        Files.writeString(archive.resolve("older.md"), "# Older\n");
        assertThat(JSON.readTree(CliRun.of("status", "--json", "--index", index.toString()).out()).path("changedSinceLastSync").asInt())
                .isZero();
        assertThat(CliRun.of("index", "--index", index.toString()).out()).contains("0 notes added");
        assertThat(CliRun.of("sources", "--index", index.toString()).out()).contains("left out 3: left out by an ignore rule")
                .contains("    exclude: Archive/, *.tmp.md\n");
        assertThat(JSON.readTree(CliRun.of("sources", "--json", "--index", index.toString()).out()).get(0).path("settings").path("exclude")
                .asText()).isEqualTo("Archive/\n*.tmp.md");
        // Given again without them, the folder leaves nothing out any more: said, not dropped unseen.
        CliRun again = CliRun.of("index", "--folder", notes.toString(), "--index", index.toString());
        assertThat(again.err()).contains("bearings: set anew, vault: exclude none (was Archive/, *.tmp.md)");
        assertThat(again.out()).contains("3 notes added");
        assertThat(CliRun.of("index", "--exclude", "x/", "--index", index.toString()).err()).contains("--exclude goes with --folder");
    }

    /** Each --exclude goes with the --folder before it: two folders in one command keep their own patterns. */
    @Test
    void eachFolderKeepsTheExcludesGivenAfterIt() throws Exception {
        Path first = folder("first", "top.md", "# Top\n\nthe first top\n");
        Files.createDirectories(first.resolve("Archive"));
        Files.writeString(first.resolve("Archive/old.md"), "# Old\n\nthe first archive\n");
        Path second = folder("second", "top.md", "# Top\n\nthe second top\n");
        Files.createDirectories(second.resolve("Archive"));
        Files.writeString(second.resolve("Archive/old.md"), "# Old\n\nthe second archive\n");
        Path index = root.resolve("index");
        CliRun run = CliRun.of("index", "--folder", first.toString(), "--exclude", "Archive/", "--folder", second.toString(),
                "--exclude", "top.md", "--index", index.toString());
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(JSON.readTree(CliRun.of("notes", "--json", "--index", index.toString()).out()))
                .extracting(n -> n.path("source").asText().replaceAll(".*/", "") + " " + n.path("id").asText())
                .containsExactlyInAnyOrder("first top.md", "second Archive/old.md");
    }

    /** Notes that cannot be read are skipped and named, once: they are not "changed since the last sync" for ever. */
    @Test
    void skippedNotesAreNamedAndNotPendingForEver() throws Exception {
        Path notes = folder("notes", "fine.md", "# Fine\n\nthe unbothered puffin\n");
        Files.write(notes.resolve("latin1.md"), "# Caf\u00e9\n\nna\u00efve\n".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        Path outside = folder("outside", "secret.md", "# Secret\n");
        Files.createSymbolicLink(notes.resolve("away.md"), outside.resolve("secret.md"));
        Path index = root.resolve("index");
        CliRun run = CliRun.of("index", "--folder", notes.toString(), "--index", index.toString(), "--json");
        assertThat(run.exitCode()).as(run.err()).isZero();
        JsonNode report = JSON.readTree(run.out()).get(0);
        assertThat(report.path("unreadable")).extracting(JsonNode::asText)
                .anyMatch(line -> line.startsWith("latin1.md:")).anyMatch(line -> line.equals("away.md: link leading out of the folder"));
        CliRun status = CliRun.of("status", "--index", index.toString());
        assertThat(status.out()).contains("changed    nothing since the last sync");
        assertThat(JSON.readTree(CliRun.of("status", "--json", "--index", index.toString()).out()).path("changedSinceLastSync").asInt())
                .isZero();
        // Changed, it is pending again, and read.
        Files.writeString(notes.resolve("latin1.md"), "# Café\n\nnaïve, now in UTF-8\n");
        assertThat(JSON.readTree(CliRun.of("status", "--json", "--index", index.toString()).out()).path("changedSinceLastSync").asInt())
                .isEqualTo(1);
        assertThat(CliRun.of("index", "--index", index.toString()).out()).contains("1 note added");
    }

    /** A note's title and text print their control sequences as visible escapes in search, notes and index: never obeyed. */
    @Test
    void terminalControlSequencesInNotesAreShownNotObeyed() throws Exception {
        String clipboard = "\u001b]52;c;ZXZpbA==\u0007";
        Path notes = folder("hostile", "trap\u001b[2J.md", "# Trap " + clipboard + "\n\nThe lighthouse keeper " + clipboard
                + " wrote \u001b]0;owned\u0007 this.\n");
        Path index = root.resolve("index");
        CliRun indexed = CliRun.of("index", "--folder", notes.toString(), "--index", index.toString());
        CliRun search = CliRun.of("search", "--index", index.toString(), "--color", "never", "lighthouse keeper");
        CliRun listed = CliRun.of("notes", "--index", index.toString());
        for (CliRun run : List.of(indexed, search, listed)) {
            assertThat(run.out() + run.err()).doesNotContain("\u001b").doesNotContain("\u0007");
        }
        assertThat(search.out()).contains("Trap \\x1b]52;c;ZXZpbA==\\x07");
        assertThat(listed.out()).contains("trap\\x1b[2J.md");
        JsonNode json = JSON.readTree(CliRun.of("search", "--index", index.toString(), "--json", "lighthouse keeper").out());
        assertThat(json.get(0).path("title").asText()).as("JSON keeps the text as it is, escaped as JSON").isEqualTo("Trap " + clipboard);
    }

    @Test
    void aNoteIsReadByIdFileOrTitleWholeBySectionOrByLines() throws Exception {
        Path notes = McpServerProcess.exampleNotes(root);
        Path index = root.resolve("index");
        assertThat(CliRun.of("index", "--folder", notes.toString(), "--index", index.toString()).exitCode()).isZero();
        String vpn = Files.readString(notes.resolve("vpn-setup.md"));
        assertThat(CliRun.of("get", "--index", index.toString(), "vpn-setup.md").out()).isEqualTo(vpn);
        assertThat(CliRun.of("get", "--index", index.toString(), notes.resolve("vpn-setup.md").toString()).out()).isEqualTo(vpn);
        assertThat(CliRun.of("get", "--index", index.toString(), "home vpn with WIREGUARD").out()).as("by title, any case").isEqualTo(vpn);
        List<String> lines = vpn.lines().toList();
        assertThat(CliRun.of("get", "--index", index.toString(), "vpn-setup.md:57", "-l", "3").out())
                .isEqualTo(String.join("\n", lines.subList(56, 59)) + "\n");
        CliRun section = CliRun.of("get", "--index", index.toString(), "vpn-setup.md", "--heading", "Troubleshooting", "--json");
        JsonNode read = JSON.readTree(section.out()).get(0);
        assertThat(read.path("markdown").asText()).startsWith("## Troubleshooting");
        assertThat(read.path("startLine").asInt()).isEqualTo(57);
        CliRun two = CliRun.of("get", "--index", index.toString(), "vpn-setup.md", "sourdough.md");
        assertThat(two.out()).contains("==> Home VPN with WireGuard (vpn-setup.md) <==").contains("==> ").contains("(sourdough.md) <==");
        CliRun unknown = CliRun.of("get", "--index", index.toString(), "no-such-note");
        assertThat(unknown.exitCode()).isEqualTo(2);
        assertThat(unknown.err()).contains("no note named 'no-such-note'");
        CliRun beyond = CliRun.of("get", "--index", index.toString(), "vpn-setup.md:9999");
        assertThat(beyond.exitCode()).isNotZero();
        assertThat(beyond.err()).contains("has lines 1 to " + lines.size() + ", not 9999");
    }
}
