package dev.bearings.cli.output;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Whether a stream of this process goes to a terminal. Progress is drawn when standard error is one, whatever
 * standard output is: {@code index > out.log} still shows it, {@code index 2> err.log} does not fill the log.
 */
public final class Terminals {
    private Terminals() {
    }

    /** Whether standard error is a terminal: by its file on Linux, else as the JDK knows of the console. */
    public static boolean stderr() {
        return isTerminal(2);
    }

    static boolean isTerminal(int descriptor) {
        Path link = Path.of("/proc/self/fd/" + descriptor);
        try {
            if (Files.isSymbolicLink(link)) {
                String target = Files.readSymbolicLink(link).toString();
                return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty") || target.equals("/dev/console");
            }
        } catch (IOException | UnsupportedOperationException | SecurityException unknown) {
            // Not Linux: below.
        }
        return System.console() != null;
    }
}
