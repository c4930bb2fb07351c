package dev.bearings.app.index;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * A live index kept in sync in the background while a server runs: one sync at the start, for what
 * changed while nothing watched (the server stopped, the machine off), then one after each change the
 * watcher sees. Each sync that changed something, or failed, is said in one line.
 */
public final class IndexWatch implements AutoCloseable {
    private final ChangeWatcher watcher;
    private final Thread thread;

    private IndexWatch(ChangeWatcher watcher, Thread thread) {
        this.watcher = watcher;
        this.thread = thread;
    }

    /**
     * Starts watching {@code index}'s sources; empty when it has none yet (nothing to watch).
     *
     * @param lines hears one line per sync that changed something or failed
     */
    public static Optional<IndexWatch> start(LiveIndex index, Consumer<String> lines) throws IOException {
        if (index.sources().isEmpty()) {
            return Optional.empty();
        }
        // Watching from before the first sync: a change made while it runs is seen, and synced after it.
        ChangeWatcher watcher = index.watcher();
        Thread thread = new Thread(() -> {
            try {
                watcher.syncNowAndOnChange(index::syncAll, lines);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "bearings-watch");
        thread.setDaemon(true);
        thread.start();
        return Optional.of(new IndexWatch(watcher, thread));
    }

    /** Whether {@code folder} is watched now, for tests that change it only once it is. */
    boolean watches(Path folder) {
        return watcher.watches(folder);
    }

    /** Stops watching; a sync under way finishes first (for at most 30 s). */
    @Override
    public void close() {
        watcher.close();
        try {
            thread.join(30_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
