package dev.bearings.app.words;

/** A count and its noun, agreeing: "1 note", "2 notes", "0 notes". */
public final class Counted {
    private Counted() {
    }

    public static String of(long count, String noun) {
        return count + " " + (count == 1 ? noun : noun + "s");
    }
}
