package dev.bearings.app.index;

import dev.bearings.app.testing.ExampleIndex;
import dev.bearings.app.testing.HeldModel;
import dev.bearings.core.index.ChunkIndexReader;
import dev.bearings.core.search.SearchFilter;
import dev.bearings.core.usecase.SearchNotes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A live index watched while a server runs: what changed while nothing watched is synced at the start,
 * then each editor's save, new subfolder, delete, and a folder deleted and made anew; a search during a
 * long sync answers from what is committed and does not wait for it.
 */
class IndexWatchTest {
    private static final Duration WAIT = Duration.ofSeconds(60);

    @TempDir
    Path root;

    @Test
    void whatChangedWhileNothingWatchedIsSyncedAtTheStart() throws Exception {
        try (ExampleIndex example = ExampleIndex.synced(root)) {
            // The server was stopped: a note written and one deleted meanwhile.
            Files.writeString(example.notes().resolve("printer.md"), "# Office printer\n\nIts address is 10.0.0.42.\n");
            Files.delete(example.notes().resolve("backups.md"));
            List<String> lines = new CopyOnWriteArrayList<>();
            try (IndexWatch watch = IndexWatch.start(example.index(), lines::add).orElseThrow()) {
                await(() -> lines.stream().anyMatch(l -> l.contains("1 note added") && l.contains("1 removed")), lines,
                        "the sync at the start, with no change after it");
            }
            assertThat(example.index().reader().stats().notesBySource().values()).containsExactly(5);
            assertThat(example.index().pendingChanges()).isZero();
        }
    }

    @Test
    void editorSavesNewSubfoldersAndDeletesAreSyncedOneLineEach() throws Exception {
        try (ExampleIndex example = ExampleIndex.synced(root)) {
            List<String> lines = new CopyOnWriteArrayList<>();
            try (IndexWatch watch = IndexWatch.start(example.index(), lines::add).orElseThrow()) {
                Path travel = Files.createDirectory(example.notes().resolve("travel"));
                // What follows is seen only if the new folder is watched.
                await(() -> watch.watches(travel), lines, "the new subfolder watched");
                atomicSave(travel.resolve("lisbon.md"), "# Lisbon\n\nThe tram 28 starts at Martim Moniz.\n");
                await(() -> lines.stream().anyMatch(l -> l.contains("1 note added")), lines, "a note in a new subfolder");
                atomicSave(example.notes().resolve("vpn-setup.md"),
                        Files.readString(example.notes().resolve("vpn-setup.md")) + "\nPort 51821 now.\n");
                await(() -> lines.stream().anyMatch(l -> l.contains("1 changed")), lines, "an atomic save");
                Files.delete(example.notes().resolve("backups.md"));
                await(() -> lines.stream().anyMatch(l -> l.contains("1 removed")), lines, "a delete");
                assertThat(lines).as("one line per sync that changed something").hasSize(3);
            }
            assertThat(example.index().reader().notes()).extracting(n -> n.id()).contains("travel/lisbon.md").doesNotContain("backups.md");
        }
    }

    /** The notes folder deleted and made anew (a restore, a checkout): watched again, and the index brought to what is there. */
    @Test
    void aNotesFolderDeletedAndMadeAnewIsWatchedAgain() throws Exception {
        try (ExampleIndex example = ExampleIndex.synced(root)) {
            Path notes = example.notes();
            List<String> lines = new CopyOnWriteArrayList<>();
            try (IndexWatch watch = IndexWatch.start(example.index(), lines::add).orElseThrow()) {
                try (var files = Files.list(notes)) {
                    for (Path file : files.toList()) {
                        Files.delete(file);
                    }
                }
                Files.delete(notes);
                Files.createDirectory(notes);
                Files.writeString(notes.resolve("garden.md"), "# Garden\n\nThe roses want pruning in March.\n");
                await(() -> lines.stream().anyMatch(l -> l.contains("removed")), lines, "the folder made anew, synced");
                await(() -> watch.watches(notes), lines, "the folder made anew watched");
                atomicSave(notes.resolve("kayak.md"), "# Kayak\n\nThe kayak hangs in the garage.\n");
                await(() -> lines.stream().anyMatch(l -> l.contains("1 note added, 0 changed, 0 removed, 1 unchanged")), lines,
                        "a note saved later in the new folder");
            }
            assertThat(example.index().reader().notes()).extracting(n -> n.id()).containsExactlyInAnyOrder("garden.md", "kayak.md");
        }
    }

    /** Events lost in an overflow (a burst of files) include a new subfolder's: it is found by walking again. */
    @Test
    void aSubfolderMadeDuringAnOverflowIsWatched() throws Exception {
        HeldModel model = new HeldModel(ExampleIndex.standIn());
        try (ExampleIndex example = ExampleIndex.synced(root, model)) {
            Path notes = example.notes();
            List<String> lines = new CopyOnWriteArrayList<>();
            try (IndexWatch watch = IndexWatch.start(example.index(), lines::add).orElseThrow()) {
                // A sync of many notes, held while nobody takes the events, and more events than the JDK keeps for
                // one folder (512): the rest, "late" among them, are lost in an overflow.
                model.holdAfter(0);
                for (int i = 0; i < 400; i++) {
                    Files.writeString(notes.resolve("log-" + i + ".md"), "# Log " + i + "\n\nDay " + i + " at sea, wind west.\n");
                }
                Path late = notes.resolve("late");
                try {
                    model.awaitHeld(WAIT);
                    for (int i = 0; i < 2_000; i++) {
                        Files.writeString(notes.resolve("attachment-" + i + ".txt"), "x");
                    }
                    Files.createDirectory(late);
                } finally {
                    model.release();
                }
                await(() -> example.index().pendingChanges() == 0 && lines.stream().anyMatch(l -> l.contains("notes added")), lines,
                        "the sync of the batch");
                await(() -> watch.watches(late), lines, "the folder made during the overflow watched");
                int before = lines.size();
                Files.writeString(late.resolve("a.md"), "# Late\n\nWritten in a folder made during the burst.\n");
                await(() -> lines.size() > before && lines.get(lines.size() - 1).contains("1 note added"), lines,
                        "a note in the folder made during the overflow");
            }
        }
    }

    /**
     * While the watcher syncs a large batch of new notes, a search answers from what is committed, and the
     * batch is still being synced when it has answered: it did not wait for the sync.
     */
    @Test
    void aSearchDuringALongSyncAnswersFromWhatIsCommitted() throws Exception {
        HeldModel model = new HeldModel(ExampleIndex.standIn());
        try (ExampleIndex example = ExampleIndex.synced(root, model)) {
            int batch = 600;
            for (int i = 0; i < batch; i++) {
                Files.writeString(example.notes().resolve("log-" + i + ".md"), "# Ship's log " + i + "\n\nDay " + i
                        + " at sea: wind from the west, force " + (i % 9) + ", course held north by north-east.\n");
            }
            LiveIndex index = example.index();
            // Held after its first round of notes, until the search has answered.
            model.holdAfter(1);
            try (IndexWatch watch = IndexWatch.start(index, line -> { }).orElseThrow()) {
                // Released before the watch is closed, which waits for the sync.
                try {
                    model.awaitHeld(WAIT);
                    await(() -> notes(index) > 5, List.of(), "the sync's first notes committed");
                    List<String> found = index.exclusively(() -> {
                        ChunkIndexReader reader = index.reader();
                        return new SearchNotes(index.embedder(), reader.manifest().recipe().tuning()).search(reader,
                                new SearchNotes.Request("how did I set up the VPN?", 3, SearchNotes.Mode.HYBRID, SearchFilter.NONE))
                                .ranked().stream().map(hit -> hit.chunk().note().id()).toList();
                    });
                    assertThat(model.isHeld()).as("the search did not wait for the sync").isTrue();
                    assertThat(found).contains("vpn-setup.md");
                    assertThat(notes(index)).as("the sync is still under way").isLessThan(5 + batch);
                } finally {
                    model.release();
                }
            }
        }
    }

    private static int notes(LiveIndex index) throws Exception {
        return index.exclusively(() -> index.reader().stats().notesBySource().values().stream().mapToInt(Integer::intValue).sum());
    }

    /** What an editor does: writes a temporary file beside the note, then renames it over the note. */
    static void atomicSave(Path note, String text) throws Exception {
        Path temporary = note.resolveSibling(note.getFileName() + ".tmp~");
        Files.writeString(temporary, text);
        Files.move(temporary, note, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    static void await(Callable<Boolean> condition, List<String> lines, String what) throws Exception {
        Instant deadline = Instant.now().plus(WAIT);
        while (!condition.call()) {
            if (Instant.now().isAfter(deadline)) {
                throw new AssertionError("waiting for " + what + " for " + WAIT + "; the watch said: " + lines);
            }
            Thread.sleep(100);
        }
    }
}
