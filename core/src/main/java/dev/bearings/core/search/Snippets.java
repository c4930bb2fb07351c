package dev.bearings.core.search;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
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
    private static final Pattern SPACES = Pattern.compile("\\s+");

    private Snippets() {
    }

    /**
     * What to mark of a query: every spelling keyword search matches ({@link KeywordQuery}) as a term:
     * a word ({@code wifi}), words in a row ({@code wi fi}), a prefix ({@code wire*}); Japanese, Chinese
     * and Korean as their bigrams ({@link CjkBigrams}), which are marked wherever they occur, after the rest.
     */
    public static Set<String> terms(String query) {
        Set<String> terms = new LinkedHashSet<>();
        Set<String> cjk = new LinkedHashSet<>();
        for (KeywordQuery.Clause clause : KeywordQuery.of(query).clauses()) {
            for (KeywordQuery.Form form : clause.forms()) {
                String term = form.prefix() ? form.words().get(0) + "*" : form.text();
                (CjkBigrams.hasCjk(term) ? cjk : terms).add(term);
            }
        }
        terms.addAll(cjk);
        return terms;
    }

    /**
     * The extract, its matches marked {@code **like this**}. A note's own {@code **bold**} markers are left
     * out of it: in a snippet {@code **} means a match and nothing else, in the terminal's colours, the
     * JSON and the MCP answer alike.
     */
    public static String of(String text, Set<String> terms, int maxChars) {
        String flat = SPACES.matcher(text.replace("**", "")).replaceAll(" ").strip();
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

    /** Whether the text holds the term ({@link #terms}' form) where a snippet would mark it. */
    public static boolean holds(String text, String term) {
        return !marks(text, Set.of(term)).isEmpty();
    }

    /** The spans to mark in a text, in order and merged: matching words and words in a row, and every occurrence of a CJK term. */
    private static List<int[]> marks(String text, Set<String> terms) {
        List<int[]> spans = new ArrayList<>();
        List<int[]> parts = new ArrayList<>();
        Matcher words = WORD.matcher(text);
        while (words.find()) {
            String word = words.group();
            if (matches(word, terms)) {
                spans.add(new int[]{words.start(), words.end()});
            }
            if (word.indexOf('-') < 0) {
                parts.add(new int[]{words.start(), words.end()});
                continue;
            }
            // Each part of a hyphenated word on its own, for terms and words in a row (Wi-Fi: wi, fi).
            int from = words.start();
            for (String part : word.split("-", -1)) {
                if (!part.isEmpty()) {
                    parts.add(new int[]{from, from + part.length()});
                    if (matches(part, terms)) {
                        spans.add(new int[]{from, from + part.length()});
                    }
                }
                from += part.length() + 1;
            }
        }
        // A query's word cut in two gives many halves no text holds: a half too short to match by its
        // stem is looked up before the text is walked for it.
        Set<String> lowered = terms.stream().anyMatch(Snippets::wordsInARow) ? lowered(text, parts) : Set.of();
        for (String term : terms) {
            if (wordsInARow(term)) {
                String[] inRow = term.split(" ");
                if (Arrays.stream(inRow).anyMatch(word -> word.length() < 4 && !lowered.contains(word))) {
                    continue;
                }
                for (int i = 0; i + inRow.length <= parts.size(); i++) {
                    if (inRow(text, parts, i, inRow)) {
                        spans.add(new int[]{parts.get(i)[0], parts.get(i + inRow.length - 1)[1]});
                    }
                }
            } else if (CjkBigrams.hasCjk(term)) {
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

    /** Whether a term ({@link #terms}' form) is words in a row, which are matched apart: {@code wi fi}. */
    private static boolean wordsInARow(String term) {
        return term.indexOf(' ') > 0 && !CjkBigrams.hasCjk(term);
    }

    /** The text's words and parts of hyphenated words, lower case. */
    private static Set<String> lowered(String text, List<int[]> parts) {
        Set<String> lowered = new HashSet<>();
        for (int[] part : parts) {
            lowered.add(text.substring(part[0], part[1]).toLowerCase(Locale.ROOT));
        }
        return lowered;
    }

    /** Whether the words from part {@code at} on are {@code words}, apart by nothing but spaces and hyphens. */
    private static boolean inRow(String text, List<int[]> parts, int at, String[] words) {
        for (int j = 0; j < words.length; j++) {
            int[] part = parts.get(at + j);
            if (!matches(text.substring(part[0], part[1]), words[j])) {
                return false;
            }
            if (j > 0 && !spacesOrHyphens(text, parts.get(at + j - 1)[1], part[0])) {
                return false;
            }
        }
        return true;
    }

    /** Whether {@code text[from, to)}, never empty between two words, holds nothing but white space (as {@code \s} reads it) and hyphens. */
    private static boolean spacesOrHyphens(String text, int from, int to) {
        for (int i = from; i < to; i++) {
            char c = text.charAt(i);
            if (c != '-' && c != ' ' && c != '\t' && c != '\n' && c != '\u000B' && c != '\f' && c != '\r') {
                return false;
            }
        }
        return true;
    }

    /** The text's words, lower case (a hyphenated word also as its parts and as one), and the bigrams of its Japanese, Chinese and Korean runs. */
    static Set<String> words(String text) {
        Set<String> words = new LinkedHashSet<>();
        Matcher m = WORD.matcher(text.toLowerCase(Locale.ROOT));
        while (m.find()) {
            String word = m.group();
            if (!CjkBigrams.hasCjk(word)) {
                words.add(word);
                if (word.indexOf('-') > 0) {
                    words.add(word.replace("-", ""));
                    for (String part : word.split("-")) {
                        if (!part.isEmpty()) {
                            words.add(part);
                        }
                    }
                }
            }
        }
        words.addAll(CjkBigrams.bigrams(text));
        return words;
    }

    /** Whether the words hold the term as snippets mark it (words in a row: each of them). */
    static boolean contains(Set<String> words, String term) {
        if (words.contains(term)) {
            return true;
        }
        if (CjkBigrams.hasCjk(term)) {
            return false;
        }
        if (term.indexOf(' ') > 0) {
            for (String part : term.split(" ")) {
                if (!contains(words, part)) {
                    return false;
                }
            }
            return true;
        }
        for (String word : words) {
            if (matches(word, term)) {
                return true;
            }
        }
        return false;
    }

    /**
     * A word matches a term exactly, hyphens aside (Wi-Fi is wifi), by a shared stem-like prefix (setup,
     * set-up, setting), or as the start of a prefix term ({@code wire*}); words in a row are matched apart.
     */
    private static boolean matches(String word, Set<String> terms) {
        String lower = word.toLowerCase(Locale.ROOT);
        String joined = lower.replace("-", "");
        for (String term : terms) {
            if (matches(lower, joined, term)) {
                return true;
            }
        }
        return false;
    }

    private static boolean matches(String word, String term) {
        String lower = word.toLowerCase(Locale.ROOT);
        return matches(lower, lower.replace("-", ""), term);
    }

    // Prefixes compared in place (regionMatches): a search walks every word of ten passages against every term.
    private static boolean matches(String lower, String joined, String term) {
        if (term.indexOf(' ') > 0) {
            return false;
        }
        if (term.endsWith("*")) {
            int prefix = term.length() - 1;
            return lower.regionMatches(0, term, 0, prefix) || joined.regionMatches(0, term, 0, prefix);
        }
        return lower.equals(term) || joined.equals(term)
                || term.length() >= 4 && lower.regionMatches(0, term, 0, Math.max(4, term.length() - 2));
    }
}
