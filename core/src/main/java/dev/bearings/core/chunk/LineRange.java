package dev.bearings.core.chunk;

/** A 1-based, inclusive range of source lines. */
public record LineRange(int first, int last) {

    public LineRange {
        if (first < 1 || last < first) {
            throw new IllegalArgumentException("bad line range " + first + ".." + last);
        }
    }

    public boolean contains(int line) {
        return line >= first && line <= last;
    }

    @Override
    public String toString() {
        return first == last ? Integer.toString(first) : first + "-" + last;
    }
}
