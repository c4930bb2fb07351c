package dev.bearings.app.words;

/** Words of a command we suggest, written so that pasted into a POSIX shell each stays one word. */
public final class ShellWords {

    private ShellWords() {
    }

    /** {@code word} as it is when the shell would keep it whole, else in single quotes. */
    public static String quote(String word) {
        return word.matches("[\\w./@%+=:,-]+") ? word : "'" + word.replace("'", "'\\''") + "'";
    }
}
