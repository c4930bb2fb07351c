package dev.bearings.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bearings.testprocess.ChildProcess;
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
 * {@code bearings index --watch} and {@code bearings mcp --watch} as real processes: the watch prints a
 * line per sync and stops cleanly on SIGTERM; the server starts with no index yet and says what to do.
 * What the watch sees and syncs is tested in app ({@code IndexWatchTest}). Every wait is bounded.
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
