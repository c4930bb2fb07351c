package dev.bearings.cli.output;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Lines fitted to a terminal's width, as people read them there: words wrapped under an indent, colour
 * codes taking no room, East Asian wide characters two columns, a word longer than a line cut. A width
 * of 0 leaves every line whole, as a pipe wants it.
 */
public final class Fitted {
    private static final Pattern COLOUR = Pattern.compile("\u001b\\[[0-9;]*m");

    private final int width;

    private Fitted(int width) {
        this.width = width;
    }

    /** @param width the columns to fit to; 0 for lines whole */
    public static Fitted to(int width) {
        return new Fitted(width);
    }

    /** {@code first} and {@code text} as lines of at most the width, the second and later ones starting with {@code indent}. */
    public List<String> lines(String first, String indent, String text) {
        // Too narrow to wrap under the indent: whole lines, as a pipe gets them, read better than a column of letters.
        if (width == 0 || width - Math.max(columns(first), columns(indent)) < 10) {
            return List.of(first + text);
        }
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder(first);
        int used = columns(first);
        boolean fresh = true;
        for (String word : text.split(" ")) {
            if (!fresh && used + 1 + columns(word) > width) {
                // Two spaces part fields ("lines 5-11  strong"): a line broken between them ends in neither.
                lines.add(line.toString().stripTrailing());
                line = new StringBuilder(indent);
                used = columns(indent);
                fresh = true;
            }
            if (!fresh) {
                line.append(' ');
                used++;
            }
            // A word wider than a whole line (a path, a sentence without spaces) is cut where the line ends.
            int from = 0;
            while (used + columns(word.substring(from)) > width) {
                int cut = cutAt(word, from, width - used);
                if (cut == from) {
                    cut = from + Character.charCount(word.codePointAt(from));
                }
                line.append(word, from, cut);
                lines.add(line.toString());
                line = new StringBuilder(indent);
                used = columns(indent);
                from = cut;
            }
            line.append(word, from, word.length());
            used += columns(word.substring(from));
            fresh = false;
        }
        lines.add(line.toString());
        return lines;
    }

    /** The columns {@code text} takes on a terminal. */
    public static int columns(String text) {
        String visible = COLOUR.matcher(text).replaceAll("");
        return visible.codePoints().map(Fitted::columnsOf).sum();
    }

    /** Where, from {@code from}, {@code word} must be cut to take at most {@code room} columns, colour codes kept whole. */
    private static int cutAt(String word, int from, int room) {
        int used = 0;
        int i = from;
        while (i < word.length()) {
            var colour = COLOUR.matcher(word).region(i, word.length());
            if (colour.lookingAt()) {
                i = colour.end();
                continue;
            }
            int codePoint = word.codePointAt(i);
            if (used + columnsOf(codePoint) > room) {
                break;
            }
            used += columnsOf(codePoint);
            i += Character.charCount(codePoint);
        }
        return i;
    }

    /**
     * Two for the wide characters of CJK scripts, full-width forms and emoji; none for combining marks
     * and joiners, which draw on the character before; one for the rest.
     */
    private static int columnsOf(int codePoint) {
        int type = Character.getType(codePoint);
        if (type == Character.NON_SPACING_MARK || type == Character.ENCLOSING_MARK || type == Character.FORMAT) {
            return 0;
        }
        return (codePoint >= 0x1F300 && codePoint <= 0x1F64F) || (codePoint >= 0x1F680 && codePoint <= 0x1F6FF)
                || (codePoint >= 0x1F900 && codePoint <= 0x1F9FF) || (codePoint >= 0x1FA70 && codePoint <= 0x1FAFF)
                || (codePoint >= 0x1100 && codePoint <= 0x115F) || (codePoint >= 0x2E80 && codePoint <= 0xA4CF)
                || (codePoint >= 0xAC00 && codePoint <= 0xD7A3) || (codePoint >= 0xF900 && codePoint <= 0xFAFF)
                || (codePoint >= 0xFE30 && codePoint <= 0xFE4F) || (codePoint >= 0xFF00 && codePoint <= 0xFF60)
                || (codePoint >= 0xFFE0 && codePoint <= 0xFFE6) || (codePoint >= 0x20000 && codePoint <= 0x3FFFD) ? 2 : 1;
    }
}
