package dev.bearings.cli;

/** A count and its noun, agreeing: "1 note", "2 notes", "0 notes". */
final class Counted {
    private Counted() {
    }

    static String of(long count, String noun) {
        return count + " " + (count == 1 ? noun : noun + "s");
    }
}
