package dev.bearings.cli.output;

import dev.bearings.core.usecase.SyncIndex;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

import java.io.PrintStream;

/** Draws notes done, chunks, rate and time left on stderr while a sync runs in a terminal. */
public final class SyncProgressBar implements SyncIndex.Progress, AutoCloseable {
    private final String task;
    private final PrintStream err;
    private ProgressBar bar;
    private long chunks;

    public SyncProgressBar(String task, PrintStream err) {
        this.task = task;
        this.err = err;
    }

    @Override
    public void planned(int notesToIndex) {
        if (notesToIndex > 0) {
            bar = new ProgressBarBuilder().setTaskName(task).setInitialMax(notesToIndex).setUnit(" notes", 1)
                    .setStyle(ProgressBarStyle.ASCII).showSpeed()
                    .setConsumer(new ConsoleProgressBarConsumer(err)).build();
        }
    }

    @Override
    public void noteDone(String noteId, int chunkCount) {
        chunks += chunkCount;
        if (bar != null) {
            bar.step();
            bar.setExtraMessage(chunks + " chunks");
        }
    }

    @Override
    public void close() {
        if (bar != null) {
            bar.close();
        }
    }
}
