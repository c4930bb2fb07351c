package dev.bearings.core.markdown;

/**
 * Keeps a parser from nesting one line deeper than {@link MarkdownDocument#MAX_NESTING} containers.
 * Past that depth, the first character of the next container marker ({@code >}, a bullet or a list
 * number) is handed to the parser as a backslash, which no block can start with: the parser reads the
 * rest of the line as text inside the deepest container, and the lines keep their numbers and lengths.
 */
final class NestingLimit {

    private NestingLimit() {
    }

    /** The text, or a copy of it in which every line nests at most {@link MarkdownDocument#MAX_NESTING} deep. */
    static String apply(String text) {
        StringBuilder limited = null;
        for (int lineStart = 0; lineStart < text.length(); ) {
            int lineEnd = text.indexOf('\n', lineStart);
            if (lineEnd < 0) {
                lineEnd = text.length();
            }
            int excess = markerPastTheLimit(text, lineStart, lineEnd);
            if (excess >= 0) {
                if (limited == null) {
                    limited = new StringBuilder(text);
                }
                limited.setCharAt(excess, '\\');
            }
            lineStart = lineEnd + 1;
        }
        return limited == null ? text : limited.toString();
    }

    /** Where the first container marker past the limit starts on the line {@code [at, end)}, or -1. */
    private static int markerPastTheLimit(String text, int at, int end) {
        int depth = 0;
        while (at < end) {
            char c = text.charAt(at);
            if (c == ' ' || c == '\t') {
                at++;
                continue;
            }
            int after = markerEnd(text, at, end);
            if (after < 0) {
                return -1;
            }
            if (depth == MarkdownDocument.MAX_NESTING) {
                return at;
            }
            depth++;
            at = after;
        }
        return -1;
    }

    /**
     * Just past the container marker at {@code at}: a {@code >}, or a bullet ({@code -}, {@code +},
     * {@code *}) or a number of up to nine digits and {@code .} or {@code )}, followed by white space
     * or the line's end; -1 when none starts there.
     */
    private static int markerEnd(String text, int at, int end) {
        char c = text.charAt(at);
        if (c == '>') {
            return at + 1;
        }
        int after;
        if (c == '-' || c == '+' || c == '*') {
            after = at + 1;
        } else {
            int digits = at;
            while (digits < end && digits - at < 9 && text.charAt(digits) >= '0' && text.charAt(digits) <= '9') {
                digits++;
            }
            if (digits == at || digits == end || text.charAt(digits) != '.' && text.charAt(digits) != ')') {
                return -1;
            }
            after = digits + 1;
        }
        return after == end || text.charAt(after) == ' ' || text.charAt(after) == '\t' ? after : -1;
    }
}
