package dev.bearings.app.index;

import dev.bearings.core.source.Watched;
import dev.bearings.core.usecase.SyncIndex;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The watch's loop: a sync now, then one after each change; each sync that changed a note is one line naming
 * the sources that changed, one that changed none says nothing, a failed one is said and the watch goes on;
 * closing the watcher ends the loop.
 */
class SyncOnChangeTest {
    private static final Duration WAIT = Duration.ofSeconds(30);

    private static SyncIndex.Report report(String source, int added, int changed, int removed) {
        return new SyncIndex.Report(source, added, changed, removed, 3, added + changed, 0, Map.of(), 0, List.of(), Duration.ofMillis(200),
                Map.of());
    }

    @Test
    void eachSyncThatChangedANoteIsOneLineAndAFailedOneIsSaid(@TempDir Path folder) throws Exception {
        Path database = Files.writeString(folder.resolve("notes.sqlite"), "v1");
        AtomicInteger runs = new AtomicInteger();
        List<Callable<List<SyncIndex.Report>>> syncs = List.of(
                () -> List.of(report("bear", 0, 0, 0), report("folder:/notes", 1, 0, 0)),
                () -> {
                    throw new IOException("the disk is full");
                },
                () -> List.of(report("bear", 0, 0, 0)),
                () -> List.of(report("bear", 0, 1, 0), report("folder:/notes", 0, 0, 2)));
        List<String> lines = new CopyOnWriteArrayList<>();
        try (ChangeWatcher watcher = new ChangeWatcher(List.of(Watched.files(List.of(database))), Duration.ofMillis(100))) {
            Thread loop = new Thread(() -> {
                try {
                    watcher.syncNowAndOnChange(() -> syncs.get(runs.getAndIncrement()).call(), lines::add);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            loop.start();
            await(() -> runs.get() == 1 && lines.size() == 1, lines);
            assertThat(lines.get(0)).matches("\\d\\d:\\d\\d:\\d\\d folder:/notes: 1 note added, 0 changed, 0 removed, .*");
            for (int run = 2; run <= 4; run++) {
                Files.writeString(database, "v" + run + " ".repeat(run));
                int expected = run;
                await(() -> runs.get() == expected, lines);
            }
            watcher.close();
            loop.join(WAIT.toMillis());
            assertThat(loop.isAlive()).as("closing ends the loop").isFalse();
            assertThat(lines).hasSize(3);
            assertThat(lines.get(1)).matches("\\d\\d:\\d\\d:\\d\\d the sync failed, the index is as it was: the disk is full");
            assertThat(lines.get(2)).matches("\\d\\d:\\d\\d:\\d\\d bear: 0 notes added, 1 changed, .*; folder:/notes: 0 notes added, 0 changed, "
                    + "2 removed, .*");
        }
    }

    private static void await(Callable<Boolean> condition, List<String> lines) throws Exception {
        Instant deadline = Instant.now().plus(WAIT);
        while (!condition.call()) {
            if (Instant.now().isAfter(deadline)) {
                throw new AssertionError("waited " + WAIT + "; the watch said: " + lines);
            }
            Thread.sleep(20);
        }
    }
}
