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
    /** Columns for everything: the source, the bar, done of all, the time taken and left, the rate, the chunks. */
    static final int WIDE = 100;
    /** Columns for the source, the bar, done of all and the times. */
    static final int MEDIUM = 72;
    private long chunks;
    private boolean extras;

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
            bar = builder(notesToIndex, TerminalWidth.ofControllingTerminal()).build();
        }
    }

    /**
     * The bar for {@code columns} (0: unknown, the library measures): what does not fit a narrow terminal is
     * left out, least useful first (the chunks and the rate, the time left, the source's name), so that the
     * line is never cut mid-word and the bar keeps room to move.
     */
    ProgressBarBuilder builder(int notesToIndex, int columns) {
        ProgressBarBuilder builder = new ProgressBarBuilder().setInitialMax(notesToIndex).setUnit(" notes", 1)
                .setStyle(ProgressBarStyle.ASCII);
        boolean wide = columns == 0 || columns >= WIDE;
        if (wide) {
            builder.showSpeed();
            extras = true;
        }
        if (columns > 0 && columns < MEDIUM) {
            builder.hideEta();
        }
        builder.setTaskName(columns == 0 || columns >= MEDIUM ? task : "");
        return builder.setConsumer(columns == 0 ? new ConsoleProgressBarConsumer(err) : new ConsoleProgressBarConsumer(err, columns - 1));
    }

    @Override
    public void noteDone(String noteId, int chunkCount) {
        chunks += chunkCount;
        if (bar != null) {
            bar.step();
            if (extras) {
                bar.setExtraMessage(" " + chunks + " chunks");
            }
        }
    }

    @Override
    public void close() {
        if (bar != null) {
            bar.close();
        }
    }
}
