package dev.bearings.app.index;

import dev.bearings.app.source.SourcesConfig;
import dev.bearings.app.testing.ExampleIndex;
import dev.bearings.core.source.Watched;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Folders watched as their source says: a note saved in one, or in a subfolder made since, is a change; a
 * subfolder the source passes over (a hidden one) is not watched, nor one inside a folder made since; a notes
 * folder absent at first, or deleted and made anew, is watched once it is there.
 */
class FolderWatchTest {
    /** Longer than a change takes to be reported (a second's poll and the quiet time), for what must not be reported. */
    private static final long UNSEEN_MILLIS = 3_000;

    private static CompletableFuture<Boolean> next(ChangeWatcher watcher) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return watcher.awaitChange();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        });
    }

    @Test
    void notesSavedInTheFolderOrANewSubfolderAreChangesAndHiddenFoldersAreNotWatched(@TempDir Path root) throws Exception {
        Path notes = Files.createDirectories(root.resolve("notes"));
        Path hidden = Files.createDirectories(notes.resolve(".trash"));
        SourcesConfig config = new SourcesConfig(List.of(new SourcesConfig.Source("folder", Map.of("path", notes.toString()))), Map.of());
        try (ChangeWatcher watcher = ChangeWatcher.forSources(config, ExampleIndex.sources())) {
            CompletableFuture<Boolean> saved = next(watcher);
            Files.writeString(notes.resolve("a.md"), "# A\n");
            assertThat(saved.get(30, TimeUnit.SECONDS)).as("a note saved").isTrue();

            CompletableFuture<Boolean> inHidden = next(watcher);
            Files.writeString(hidden.resolve("old.md"), "# Old\n");
            Thread.sleep(UNSEEN_MILLIS);
            assertThat(inHidden).as("a note in a hidden folder").isNotDone();
            // A new folder, moved in whole with a hidden folder inside it (as a sync tool or a git clone makes them).
            Path made = Files.createDirectories(root.resolve("travel/.git"));
            Files.move(made.getParent(), notes.resolve("travel"));
            assertThat(inHidden.get(30, TimeUnit.SECONDS)).as("a new subfolder").isTrue();

            CompletableFuture<Boolean> inNew = next(watcher);
            Files.writeString(notes.resolve("travel/.git/HEAD"), "ref\n");
            Thread.sleep(UNSEEN_MILLIS);
            assertThat(inNew).as("a hidden folder inside the new one").isNotDone();
            Files.writeString(notes.resolve("travel/lisbon.md"), "# Lisbon\n");
            assertThat(inNew.get(30, TimeUnit.SECONDS)).as("a note in the new subfolder").isTrue();
        }
    }

    @Test
    void aFolderAbsentAtFirstOrDeletedAndMadeAnewIsWatchedOnceItIsThere(@TempDir Path root) throws Exception {
        Path notes = root.resolve("notes");
        try (ChangeWatcher watcher = new ChangeWatcher(List.of(Watched.folders(List.of(notes), folder -> false)), Duration.ofMillis(100))) {
            CompletableFuture<Boolean> made = next(watcher);
            Thread.sleep(UNSEEN_MILLIS);
            assertThat(made).as("nothing there yet").isNotDone();
            Files.createDirectories(notes);
            assertThat(made.get(30, TimeUnit.SECONDS)).as("the folder made").isTrue();

            CompletableFuture<Boolean> saved = next(watcher);
            Files.writeString(notes.resolve("a.md"), "# A\n");
            assertThat(saved.get(30, TimeUnit.SECONDS)).as("a note in it").isTrue();

            CompletableFuture<Boolean> quiet = next(watcher);
            Thread.sleep(UNSEEN_MILLIS);
            assertThat(quiet).as("a folder watched again is a change once, not on every look").isNotDone();
            Files.delete(notes.resolve("a.md"));
            Files.delete(notes);
            assertThat(quiet.get(30, TimeUnit.SECONDS)).as("the folder deleted").isTrue();
            CompletableFuture<Boolean> anew = next(watcher);
            Files.createDirectories(notes);
            assertThat(anew.get(30, TimeUnit.SECONDS)).as("made anew").isTrue();
            CompletableFuture<Boolean> again = next(watcher);
            Files.writeString(notes.resolve("b.md"), "# B\n");
            assertThat(again.get(30, TimeUnit.SECONDS)).as("a note in the folder made anew").isTrue();

            CompletableFuture<Boolean> closing = next(watcher);
            watcher.close();
            assertThat(closing.get(30, TimeUnit.SECONDS)).as("closed").isFalse();
        }
    }
}
