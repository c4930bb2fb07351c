package dev.bearings.cli.output;

import dev.bearings.core.usecase.SyncIndex;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

import java.io.PrintStream;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;

/** Draws notes done, chunks, rate and time left on stderr while a sync runs in a terminal. */
public final class SyncProgressBar implements SyncIndex.Progress, AutoCloseable {
    private final String task;
    private final PrintStream err;
    private ProgressBar bar;
    private long chunks;

    /** @param source the source's name, {@code folder:/Users/me/notes}: the bar shows {@code folder notes} */
    public SyncProgressBar(String source, PrintStream err) {
        this.task = shortName(source);
        this.err = err;
    }

    /**
     * A source's kind and the last name of its path: a whole path would leave the bar, the rate and
     * the time left no room in a terminal's width.
     */
    static String shortName(String source) {
        int colon = source.indexOf(':');
        if (colon < 0) {
            return source;
        }
        try {
            Path last = Path.of(source.substring(colon + 1)).getFileName();
            return last == null ? source.substring(0, colon) : source.substring(0, colon) + " " + last;
        } catch (InvalidPathException notAPath) {
            return source.substring(0, colon);
        }
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
            bar.setExtraMessage(" " + chunks + " chunks");
        }
    }

    @Override
    public void close() {
        if (bar != null) {
            bar.close();
        }
    }
}
