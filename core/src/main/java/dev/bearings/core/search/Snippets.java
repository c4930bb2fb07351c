package dev.bearings.core.search;

import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A short extract of a chunk around the query's words, those words marked {@code **like this**} so
 * a person sees why it matched (and Markdown renders them bold).
 */
public final class Snippets {
    private static final Pattern WORD = Pattern.compile("[\\p{L}\\p{N}][\\p{L}\\p{N}_'-]*");
    private static final Set<String> STOP = Set.of("a", "an", "and", "are", "as", "at", "be", "by", "did", "do", "for",
            "from", "how", "i", "in", "is", "it", "my", "of", "on", "or", "that", "the", "this", "to", "was", "what",
            "when", "where", "which", "who", "why", "with");

    private Snippets() {
    }

    /** The query's words worth marking: lower case, stop words left out. */
    public static Set<String> terms(String query) {
        Set<String> terms = new LinkedHashSet<>();
        Matcher m = WORD.matcher(query.toLowerCase(Locale.ROOT));
        while (m.find()) {
            if (!STOP.contains(m.group())) {
                terms.add(m.group());
            }
        }
        return terms;
    }

    public static String of(String text, Set<String> terms, int maxChars) {
        String flat = text.replaceAll("\\s+", " ").strip();
        int start = 0;
        Matcher m = WORD.matcher(flat);
        while (m.find()) {
            if (matches(m.group(), terms)) {
                start = Math.max(0, m.start() - maxChars / 4);
                break;
            }
        }
        while (start > 0 && !Character.isWhitespace(flat.charAt(start - 1))) {
            start--;
        }
        int end = Math.min(flat.length(), start + maxChars);
        while (end < flat.length() && !Character.isWhitespace(flat.charAt(end))) {
            end++;
        }
        String window = flat.substring(start, end);
        StringBuilder out = new StringBuilder(start > 0 ? "… " : "");
        Matcher words = WORD.matcher(window);
        int at = 0;
        while (words.find()) {
            if (matches(words.group(), terms)) {
                out.append(window, at, words.start()).append("**").append(words.group()).append("**");
                at = words.end();
            }
        }
        out.append(window.substring(at));
        return end < flat.length() ? out.append(" …").toString() : out.toString();
    }

    /** A word matches a term exactly or by a shared stem-like prefix (setup, set-up, setting). */
    private static boolean matches(String word, Set<String> terms) {
        String lower = word.toLowerCase(Locale.ROOT);
        for (String term : terms) {
            if (lower.equals(term) || term.length() >= 4 && lower.startsWith(term.substring(0, Math.max(4, term.length() - 2)))) {
                return true;
            }
        }
        return false;
    }
}
