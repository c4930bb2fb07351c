package dev.bearings.cli.output;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/**
 * How many columns the terminal this process prints to has: {@code $COLUMNS} when the shell exported
 * it, else what {@code stty} says of the terminal; 0 when standard output is not a terminal (a pipe, a
 * file), where lines are printed whole. Not JLine's terminal, though it is in the jar: it takes 150-200 ms to
 * make in a fresh JVM against 20-30 ms for {@code stty} (decision record 0004).
 */
public final class TerminalWidth {
    /** What {@code --width} takes by default: the terminal's. */
    public static final String AUTO = "auto";

    private TerminalWidth() {
    }

    /** {@code auto}, or a number of columns (0: lines whole); a bad value is refused naming the flag. */
    public static int of(String width) {
        if (width.equals(AUTO)) {
            return ofThisTerminal();
        }
        try {
            int columns = Integer.parseInt(width);
            if (columns == 0 || columns >= 20) {
                return columns;
            }
        } catch (NumberFormatException notANumber) {
            // Said below, with the other wrong values.
        }
        throw new IllegalArgumentException("--width must be auto, 0 (lines whole) or at least 20 columns, not '" + width + "'");
    }

    /** What {@code auto} means here: for a client that asks a server to print for it. */
    public static String resolved(String width) {
        return width.equals(AUTO) ? Integer.toString(ofThisTerminal()) : width;
    }

    /** A terminal narrower than {@code --width} takes gets whole lines, which it wraps itself. */
    private static int usable(int columns) {
        return columns >= 20 ? columns : 0;
    }

    private static int ofThisTerminal() {
        return System.console() == null ? 0 : ofControllingTerminal();
    }

    /**
     * The columns of the terminal this process was started from, for output known to go to it (progress on
     * stderr when stdout is a file); 0 when there is none or it cannot be told.
     */
    public static int ofControllingTerminal() {
        String exported = System.getenv("COLUMNS");
        if (exported != null && exported.matches("\\d{2,4}")) {
            return usable(Integer.parseInt(exported));
        }
        try {
            // The terminal itself, as stty sees it on its input: "rows columns".
            Process stty = new ProcessBuilder("stty", "size").redirectInput(new File("/dev/tty"))
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            if (!stty.waitFor(1, TimeUnit.SECONDS)) {
                stty.destroyForcibly();
                return 0;
            }
            String[] size = new String(stty.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).strip().split("\\s+");
            return size.length == 2 && size[1].matches("\\d{2,4}") ? usable(Integer.parseInt(size[1])) : 0;
        } catch (IOException noStty) {
            return 0;
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            return 0;
        }
    }
}
