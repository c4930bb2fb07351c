package dev.bearings.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bearings.cli.command.VersionNumber;
import dev.bearings.source.bear.BearFixture;
import dev.bearings.testkit.process.ChildProcess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.Callable;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code bearings index --watch} and {@code bearings mcp --watch} as real processes, while the notes
 * change as editors and Bear change them: atomic saves (write a temporary file, rename it over the
 * note), a new subfolder, a delete, Bear's database written in place. Every wait is bounded.
 */
class WatchModeTest {
    private static final Duration WAIT = Duration.ofSeconds(60);

    @TempDir
    Path root;

    @Test
    void indexWatchSyncsEditorSavesNewSubfoldersAndDeletesThenStopsCleanly() throws Exception {
        Path notes = McpServerProcess.exampleNotes(root);
        Path index = root.resolve("index");
        try (ChildProcess watch = watching(notes, index)) {

            Path travel = Files.createDirectory(notes.resolve("travel"));
            Thread.sleep(3_000); // the new folder's own event has been synced; what follows is seen only if it is watched
            atomicSave(travel.resolve("lisbon.md"), "# Lisbon\n\nThe tram 28 starts at Martim Moniz.\n");
            await(() -> lines(watch).stream().anyMatch(l -> l.contains("1 note added")), watch, "a note in a new subfolder");

            atomicSave(notes.resolve("vpn-setup.md"), Files.readString(notes.resolve("vpn-setup.md")) + "\nPort 51821 now.\n");
            await(() -> lines(watch).stream().anyMatch(l -> l.contains("1 changed")), watch, "an atomic save");

            Files.delete(notes.resolve("backups.md"));
            await(() -> lines(watch).stream().anyMatch(l -> l.contains("1 removed")), watch, "a delete");
            assertThat(lines(watch)).as("one line per sync that changed something").hasSize(3);

            watch.process().destroy();
            assertThat(watch.exitCode(Duration.ofSeconds(30))).as("SIGTERM").isEqualTo(143);
            assertThat(watch.err()).doesNotContain("Exception");
        }
        CliRun status = CliRun.of("status", "--json", "--index", index.toString());
        assertThat(McpServerProcess.JSON.readTree(status.out()).path("notes").asInt()).as(status.out()).isEqualTo(5);
        CliRun tram = CliRun.of("search", "--json", "--mode", "keyword", "--index", index.toString(), "tram Moniz");
        assertThat(McpServerProcess.JSON.readTree(tram.out()).get(0).path("noteId").asText()).isEqualTo("travel/lisbon.md");
        CliRun again = CliRun.of("index", "--index", index.toString());
        assertThat(again.out()).as("the watch left nothing behind").contains("0 notes added, 0 changed, 0 removed, 5 unchanged");
    }

    /** The notes folder deleted and made anew (a restore, a checkout): watched again, and the index brought to what is there. */
    @Test
    void aNotesFolderDeletedAndMadeAnewIsWatchedAgain() throws Exception {
        Path notes = McpServerProcess.exampleNotes(root);
        Path index = root.resolve("index");
        try (ChildProcess watch = watching(notes, index)) {
            try (var files = Files.list(notes)) {
                for (Path file : files.toList()) {
                    Files.delete(file);
                }
            }
            Files.delete(notes);
            Files.createDirectory(notes);
            Files.writeString(notes.resolve("garden.md"), "# Garden\n\nThe roses want pruning in March.\n");
            await(() -> lines(watch).stream().anyMatch(l -> l.contains("removed")), watch, "the folder made anew, synced");
            Thread.sleep(3_000);
            atomicSave(notes.resolve("kayak.md"), "# Kayak\n\nThe kayak hangs in the garage.\n");
            await(() -> lines(watch).stream().anyMatch(l -> l.contains("1 note added, 0 changed, 0 removed, 1 unchanged")), watch,
                    "a note saved later in the new folder");
            watch.process().destroy();
            assertThat(watch.exitCode(Duration.ofSeconds(30))).isEqualTo(143);
        }
        CliRun status = CliRun.of("status", "--json", "--index", index.toString());
        assertThat(McpServerProcess.JSON.readTree(status.out()).path("notes").asInt()).as(status.out()).isEqualTo(2);
    }

    /** Events lost in an overflow (a burst of files) include a new subfolder's: it is found by walking again. */
    @Test
    void aSubfolderMadeDuringAnOverflowIsWatched() throws Exception {
        Path notes = McpServerProcess.exampleNotes(root);
        Path index = root.resolve("index");
        try (ChildProcess watch = watching(notes, index)) {
            // A sync of many notes, and while it runs (nobody takes the events) more events than the JDK keeps for one
            // folder (512): the rest, "late" among them, are lost in an overflow.
            for (int i = 0; i < 400; i++) {
                Files.writeString(notes.resolve("log-" + i + ".md"), "# Log " + i + "\n\nDay " + i + " at sea, wind west.\n");
            }
            Thread.sleep(2_000);
            for (int i = 0; i < 2_000; i++) {
                Files.writeString(notes.resolve("attachment-" + i + ".txt"), "x");
            }
            Path late = Files.createDirectory(notes.resolve("late"));
            await(() -> watch.out().contains("400 notes added") || watch.out().contains("notes added, 0 changed, 0 removed, 5"),
                    watch, "the sync of the batch");
            Thread.sleep(5_000);
            int before = lines(watch).size();
            Files.writeString(late.resolve("a.md"), "# Late\n\nWritten in a folder made during the burst.\n");
            await(() -> lines(watch).size() > before && lines(watch).get(lines(watch).size() - 1).contains("1 note added"), watch,
                    "a note in the folder made during the overflow");
            watch.process().destroy();
            assertThat(watch.exitCode(Duration.ofSeconds(30))).isEqualTo(143);
        }
    }

    @Test
    void indexWatchPollsBearsDatabase() throws Exception {
        BearFixture bear = new BearFixture(Files.createDirectories(root.resolve("bear")), BearFixture.Version.BEAR_2, db -> null);
        String vpn = bear.add("Home VPN", "# Home VPN\n\nWireGuard on the router.");
        Path index = root.resolve("index");
        try (ChildProcess watch = ChildProcess.start(CliRun.command("index", "--watch", "--bear", bear.database.toString(), "--index",
                index.toString()), root.resolve("logs"))) {
            await(() -> watch.out().contains("1 note added") && watch.err().contains("watching"), watch, "the first sync");
            bear.add("Sourdough", "# Sourdough\n\nFeed the starter at 8.");
            await(() -> lines(watch).stream().anyMatch(l -> l.contains("1 note added")), watch, "a note Bear added");
            bear.edit(vpn, "# Home VPN\n\nWireGuard on the router, port 51820.");
            await(() -> lines(watch).stream().anyMatch(l -> l.contains("1 changed")), watch, "a note Bear changed");
            watch.process().destroy();
            assertThat(watch.exitCode(Duration.ofSeconds(30))).isEqualTo(143);
        }
        CliRun port = CliRun.of("search", "--json", "--mode", "keyword", "--index", index.toString(), "51820");
        assertThat(McpServerProcess.JSON.readTree(port.out())).extracting(h -> h.path("title").asText()).contains("Home VPN");
    }

    @Test
    void mcpWatchKeepsTheIndexFreshWithoutASearch() throws Exception {
        Path index = McpServerProcess.indexedExamples(root, "sqlite");
        try (McpServerProcess server = McpServerProcess.start(McpServerProcess.command(index, "--watch")).initialized()) {
            atomicSave(root.resolve("notes").resolve("printer.md"), "# Office printer\n\nIts address is 10.0.0.42.\n");
            Instant deadline = Instant.now().plus(WAIT);
            int notes = 5;
            for (int i = 0; notes != 6 && Instant.now().isBefore(deadline); i++) {
                Thread.sleep(500);
                notes = status(server, "s" + i).path("notes").asInt();
            }
            assertThat(notes).as("index_status, which never syncs, sees the watcher's sync").isEqualTo(6);
            assertThat(status(server, "last").path("changedSinceLastSync").asInt()).isZero();
        }
    }

    /**
     * While the watcher syncs a large batch of new notes, a search answers from what is committed, and
     * the batch is still being synced when it has answered: it did not wait for the sync.
     */
    @Test
    void mcpWatchSearchesWhileItSyncs() throws Exception {
        Path index = McpServerProcess.indexedExamples(root, "sqlite");
        try (McpServerProcess server = McpServerProcess.start(McpServerProcess.command(index, "--watch")).initialized()) {
            int batch = 1_500;
            for (int i = 0; i < batch; i++) {
                Files.writeString(root.resolve("notes").resolve("log-" + i + ".md"), "# Ship's log " + i
                        + "\n\nDay " + i + " at sea: wind from the west, force " + (i % 9) + ", course held north by north-east.\n");
            }
            Instant deadline = Instant.now().plus(WAIT);
            int notes = 5;
            for (int i = 0; notes == 5 && Instant.now().isBefore(deadline); i++) {
                Thread.sleep(200);
                notes = status(server, "before" + i).path("notes").asInt();
            }
            assertThat(notes).as("the watcher's sync has committed its first notes").isGreaterThan(5).isLessThan(5 + batch);
            JsonNode answer = server.call("search", "search_notes", "{\"query\":\"how did I set up the VPN?\"}").path("result");
            assertThat(answer.path("isError").asBoolean()).as(answer.toString()).isFalse();
            assertThat(answer.path("content").get(0).path("text").asText()).contains("vpn-setup.md");
            assertThat(status(server, "after").path("notes").asInt()).as("the sync is still under way").isLessThan(5 + batch);
        }
    }

    /** The README's Claude Desktop set-up on a machine with no index yet: the server starts, and says what to do. */
    @Test
    void mcpWatchWithNoIndexYetServesAndSaysWhatToDo() throws Exception {
        Path none = root.resolve("no-index-yet");
        try (McpServerProcess server = McpServerProcess.start(McpServerProcess.command(none, "--watch")).initialized()) {
            JsonNode status = server.call("status", "index_status", "{}").path("result");
            assertThat(status.path("isError").asBoolean()).isTrue();
            assertThat(status.path("content").get(0).path("text").asText()).contains("bearings index");
            assertThat(server.isAlive()).isTrue();
            assertThat(server.stderr()).contains("has no sources yet, so --watch watches nothing");
        }
    }

    private static JsonNode status(McpServerProcess server, String id) throws Exception {
        JsonNode result = server.call(id, "index_status", "{}").path("result");
        return McpServerProcess.JSON.readTree(result.path("content").get(0).path("text").asText());
    }

    /** {@code bearings index --watch} on the example notes, past its first sync. */
    private ChildProcess watching(Path notes, Path index) throws Exception {
        ChildProcess watch = ChildProcess.start(CliRun.command("index", "--watch", "--folder", notes.toString(), "--index", index.toString()),
                root.resolve("logs"));
        try {
            await(() -> watch.out().contains("5 notes added") && watch.err().contains("watching"), watch, "the first sync");
            return watch;
        } catch (Exception | Error failed) {
            watch.close();
            throw failed;
        }
    }

    /** What an editor does: writes a temporary file beside the note, then renames it over the note. */
    private static void atomicSave(Path note, String text) throws Exception {
        Path temporary = note.resolveSibling(note.getFileName() + ".tmp~");
        Files.writeString(temporary, text);
        Files.move(temporary, note, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    /** The lines the watch printed after its first sync. */
    private static List<String> lines(ChildProcess watch) throws Exception {
        List<String> all = watch.out().lines().toList();
        return all.subList(Math.min(1, all.size()), all.size());
    }

    private static void await(Callable<Boolean> condition, ChildProcess child, String what) throws Exception {
        Instant deadline = Instant.now().plus(WAIT);
        while (!condition.call()) {
            if (!child.isAlive() || Instant.now().isAfter(deadline)) {
                throw new AssertionError("waiting for " + what + (child.isAlive() ? " for " + WAIT : ": the watch ended")
                        + "\nstdout:\n" + child.out() + "\nstderr:\n" + child.err());
            }
            Thread.sleep(200);
        }
    }
}
