package dev.bearings.core.markdown;

import java.util.Arrays;

/**
 * The text of a note as the chunker sees it: byte-order mark removed and every line ending
 * (CRLF, CR, LF) turned into LF, so that line numbers and offsets mean the same thing whatever
 * editor wrote the file. Lines are numbered from 1.
 */
public final class SourceText {
    private final String text;
    private final int[] lineStarts;

    private SourceText(String text, int[] lineStarts) {
        this.text = text;
        this.lineStarts = lineStarts;
    }

    public static SourceText of(String raw) {
        String text = raw.startsWith("\uFEFF") ? raw.substring(1) : raw;
        if (text.indexOf('\r') >= 0) {
            text = text.replace("\r\n", "\n").replace('\r', '\n');
        }
        int[] starts = new int[16];
        int count = 0;
        if (!text.isEmpty()) {
            starts[count++] = 0;
        }
        for (int i = text.indexOf('\n'); i >= 0 && i + 1 < text.length(); i = text.indexOf('\n', i + 1)) {
            if (count == starts.length) {
                starts = Arrays.copyOf(starts, count * 2);
            }
            starts[count++] = i + 1;
        }
        return new SourceText(text, Arrays.copyOf(starts, count));
    }

    public String text() {
        return text;
    }

    public int length() {
        return text.length();
    }

    public int lineCount() {
        return lineStarts.length;
    }

    /** Offset of the first character of a 1-based line. */
    public int lineStart(int line) {
        checkLine(line);
        return lineStarts[line - 1];
    }

    /** Offset just past the last character of a 1-based line, before its line feed. */
    public int lineEnd(int line) {
        checkLine(line);
        int next = line < lineStarts.length ? lineStarts[line] - 1 : text.length();
        return next > lineStarts[line - 1] && text.charAt(next - 1) == '\n' ? next - 1 : next;
    }

    public String line(int line) {
        return text.substring(lineStart(line), lineEnd(line));
    }

    /** Lines {@code first..last} (1-based, inclusive) as the text has them, the last one's line feed included. */
    public String lines(int first, int last) {
        if (last < first) {
            throw new IndexOutOfBoundsException("lines " + first + ".." + last);
        }
        int end = last < lineStarts.length ? lineStart(last + 1) : text.length();
        return text.substring(lineStart(first), end);
    }

    /** The 1-based line holding the character at an offset. */
    public int lineOf(int offset) {
        if (offset < 0 || offset > text.length()) {
            throw new IndexOutOfBoundsException("offset " + offset + " outside 0.." + text.length());
        }
        int i = Arrays.binarySearch(lineStarts, offset);
        return i >= 0 ? i + 1 : Math.max(1, -i - 1);
    }

    private void checkLine(int line) {
        if (line < 1 || line > lineStarts.length) {
            throw new IndexOutOfBoundsException("line " + line + " outside 1.." + lineStarts.length);
        }
    }
}
