package dev.bearings.core.search;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
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

    private Snippets() {
    }

    /**
     * The query's words worth marking: the words keyword search matches ({@link KeywordQuery}), with
     * Japanese, Chinese and Korean as their bigrams ({@link CjkBigrams}), which are marked wherever they occur.
     */
    public static Set<String> terms(String query) {
        Set<String> terms = new LinkedHashSet<>();
        for (String word : KeywordQuery.of(query).words()) {
            if (!CjkBigrams.hasCjk(word)) {
                terms.add(word);
            }
        }
        terms.addAll(CjkBigrams.bigrams(query));
        return terms;
    }

    /**
     * The extract, its matches marked {@code **like this**}. A note's own {@code **bold**} markers are left
     * out of it: in a snippet {@code **} means a match and nothing else, in the terminal's colours, the
     * JSON and the MCP answer alike.
     */
    public static String of(String text, Set<String> terms, int maxChars) {
        String flat = text.replace("**", "").replaceAll("\\s+", " ").strip();
        List<int[]> everywhere = marks(flat, terms);
        int start = everywhere.isEmpty() ? 0 : Math.max(0, everywhere.get(0)[0] - maxChars / 4);
        while (start > 0 && !Character.isWhitespace(flat.charAt(start - 1)) && !CjkBigrams.isCjk(flat.codePointAt(start - 1))) {
            start--;
        }
        int end = Math.min(flat.length(), start + maxChars);
        while (end < flat.length() && !Character.isWhitespace(flat.charAt(end)) && !CjkBigrams.isCjk(flat.codePointAt(end))) {
            end++;
        }
        if (end < flat.length() && Character.isLowSurrogate(flat.charAt(end))) {
            end++;
        }
        String window = flat.substring(start, end);
        StringBuilder out = new StringBuilder(start > 0 ? "… " : "");
        int at = 0;
        for (int[] mark : marks(window, terms)) {
            out.append(window, at, mark[0]).append("**").append(window, mark[0], mark[1]).append("**");
            at = mark[1];
        }
        out.append(window.substring(at));
        return end < flat.length() ? out.append(" …").toString() : out.toString();
    }

    /** The spans to mark in a text, in order and merged: matching words, and every occurrence of a CJK term. */
    private static List<int[]> marks(String text, Set<String> terms) {
        List<int[]> spans = new ArrayList<>();
        Matcher words = WORD.matcher(text);
        while (words.find()) {
            if (matches(words.group(), terms)) {
                spans.add(new int[]{words.start(), words.end()});
            }
        }
        for (String term : terms) {
            if (CjkBigrams.hasCjk(term)) {
                for (int i = text.indexOf(term); i >= 0; i = text.indexOf(term, i + 1)) {
                    spans.add(new int[]{i, i + term.length()});
                }
            }
        }
        spans.sort((a, b) -> a[0] != b[0] ? Integer.compare(a[0], b[0]) : Integer.compare(b[1], a[1]));
        List<int[]> merged = new ArrayList<>();
        for (int[] span : spans) {
            int[] last = merged.isEmpty() ? null : merged.get(merged.size() - 1);
            if (last != null && span[0] <= last[1]) {
                last[1] = Math.max(last[1], span[1]);
            } else {
                merged.add(span.clone());
            }
        }
        return merged;
    }

    /** The text's words, lower case, and the bigrams of its Japanese, Chinese and Korean runs. */
    static Set<String> words(String text) {
        Set<String> words = new LinkedHashSet<>();
        Matcher m = WORD.matcher(text.toLowerCase(Locale.ROOT));
        while (m.find()) {
            if (!CjkBigrams.hasCjk(m.group())) {
                words.add(m.group());
            }
        }
        words.addAll(CjkBigrams.bigrams(text));
        return words;
    }

    /** Whether one of the words matches the term as snippets mark it. */
    static boolean contains(Set<String> words, String term) {
        if (words.contains(term)) {
            return true;
        }
        if (CjkBigrams.hasCjk(term)) {
            return false;
        }
        Set<String> one = Set.of(term);
        for (String word : words) {
            if (matches(word, one)) {
                return true;
            }
        }
        return false;
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
