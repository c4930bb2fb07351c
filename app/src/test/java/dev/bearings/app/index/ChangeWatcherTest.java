package dev.bearings.app.index;

import dev.bearings.core.source.Watched;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A database file (Bear's) is polled, with its write-ahead log, since its writer rewrites it in place; a
 * change is reported once it has been quiet for the quiet time, and closing ends the wait.
 */
class ChangeWatcherTest {

    @Test
    void aDatabaseWrittenInPlaceOrThroughItsLogIsAChange(@TempDir Path folder) throws Exception {
        Path database = Files.writeString(folder.resolve("notes.sqlite"), "v1");
        Watched polled = Watched.files(List.of(database, database.resolveSibling("notes.sqlite-wal")));
        try (ChangeWatcher watcher = new ChangeWatcher(List.of(polled), Duration.ofMillis(200))) {
            CompletableFuture<Boolean> changed = CompletableFuture.supplyAsync(() -> await(watcher));
            Thread.sleep(1_500);
            assertThat(changed).as("nothing changed yet").isNotDone();
            Files.writeString(database.resolveSibling("notes.sqlite-wal"), "a page");
            assertThat(changed.get(30, TimeUnit.SECONDS)).as("the log written").isTrue();

            CompletableFuture<Boolean> again = CompletableFuture.supplyAsync(() -> await(watcher));
            Files.writeString(database, "v2, longer");
            assertThat(again.get(30, TimeUnit.SECONDS)).as("the file itself written").isTrue();

            CompletableFuture<Boolean> closing = CompletableFuture.supplyAsync(() -> await(watcher));
            Thread.sleep(500);
            watcher.close();
            assertThat(closing.get(30, TimeUnit.SECONDS)).as("closed before any change").isFalse();
        }
    }

    @Test
    void aLineSaysTheSecondsOnTheMinuteToo() {
        assertThat(ChangeWatcher.clock(java.time.LocalTime.of(2, 0, 0, 123_456_789))).isEqualTo("02:00:00");
        assertThat(ChangeWatcher.clock(java.time.LocalTime.of(23, 59, 7))).isEqualTo("23:59:07");
    }

    private static boolean await(ChangeWatcher watcher) {
        try {
            return watcher.awaitChange();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
