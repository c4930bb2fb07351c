package dev.bearings.cli.output;

import dev.bearings.app.words.Counted;
import dev.bearings.core.usecase.SyncIndex;

import java.io.PrintWriter;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * What Ctrl-C or SIGTERM in the middle of a run says, wherever it is stopped: how far it got and how to
 * finish, or, stopped before the sync began (the model loading), that nothing was touched. The notes
 * synced so far are committed, and the next run goes on from there (a killed run leaves a whole index).
 */
public final class StoppedSyncNotice implements AutoCloseable {
    private final AtomicReference<String> source = new AtomicReference<>();
    private final AtomicInteger planned = new AtomicInteger();
    private final AtomicInteger done = new AtomicInteger();
    private final Thread hook;
    private final String again;
    private volatile boolean finished;

    public StoppedSyncNotice(PrintWriter err, String again) {
        this.again = again;
        hook = new Thread(() -> said().ifPresent(notice -> {
            err.println(notice);
            err.flush();
        }), "bearings-stopped-notice");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /** What a stop now would say; nothing once the sync has ended. */
    java.util.Optional<String> said() {
        String stopped = source.get();
        if (finished) {
            return java.util.Optional.empty();
        }
        if (stopped == null) {
            // Stopped while the model loaded or the index opened: no note was touched.
            return java.util.Optional.of("bearings: stopped before any note was indexed; " + again + " starts again");
        }
        if (planned.get() > 0 && done.get() >= planned.get()) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of("bearings: stopped " + (planned.get() > 0 ? "after " + done.get() + " of "
                + Counted.of(planned.get(), "note") + " to index in " : "while reading ") + stopped
                + "; what was indexed is kept, and " + again + " finishes the rest");
    }

    /** {@code progress}, counted for the notice, while {@code name} syncs. */
    public SyncIndex.Progress counting(String name, SyncIndex.Progress progress) {
        planned.set(0);
        done.set(0);
        source.set(name);
        return new SyncIndex.Progress() {
            @Override
            public void planned(int notesToIndex) {
                planned.set(notesToIndex);
                progress.planned(notesToIndex);
            }

            @Override
            public void noteDone(String noteId, int chunks) {
                done.incrementAndGet();
                progress.noteDone(noteId, chunks);
            }
        };
    }

    /** The sync ended: nothing to say on exit. */
    @Override
    public void close() {
        finished = true;
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // Stopped just as it ended: the flag keeps the hook quiet.
        }
    }
}
