package dev.bearings.core.search;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What of a query keyword search matches, one rule for every store and for the snippet's marks.
 *
 * <ul>
 *   <li>The query's words less the function words questions are made of ({@code how}, {@code can},
 *       {@code I}, {@code my}: {@code function-words.txt}, the NLTK and Snowball English lists). Left in,
 *       they match nearly every note. A query of nothing else ("how do I") matches nothing by keywords and
 *       says so ({@link #onlyFunctionWords}); quoted, its words are matched ({@code "The Who"}).</li>
 *   <li>Each word is one {@link Clause}, weighed as one word, that also matches the other ways people write
 *       it: {@code wifi}, {@code Wi-Fi} and {@code wi fi} find each other. A word also matches its two
 *       halves written apart ({@code wifi}: {@code wi fi}, the way a note's {@code Wi-Fi} is indexed), and
 *       two words typed side by side, with a space or a hyphen, also match the two written as one
 *       ({@code wi fi}, {@code Wi-Fi}: {@code wifi}). Case never counts ({@code WireGuard} is
 *       {@code wireguard}).</li>
 *   <li>{@code "exact phrase"} (straight or curly quotes) must be in every hit, its words in that order;
 *       {@code prefix*} matches any word it begins; {@code -word} and {@code -"a phrase"} keep out what
 *       holds them. {@link #meaning} is the question without these operators, for the vector part.</li>
 *   <li>Japanese, Chinese and Korean are matched as their bigrams ({@link CjkBigrams}), each a clause.</li>
 * </ul>
 * A query of more than {@value #MAX_SYNTAX_WORDS} words is a pasted passage, not something typed: its
 * quotes, stars and dashes are read as plain text and its words as written, one clause each.
 */
public final class KeywordQuery {
    private static final Pattern WORD = Pattern.compile("[\\p{L}\\p{N}][\\p{L}\\p{N}_'-]*");
    private static final Set<String> FUNCTION_WORDS = load("function-words.txt");
    /** A longer query is a passage pasted in, whose punctuation is text, not syntax. */
    public static final int MAX_SYNTAX_WORDS = 40;
    /** Words split in two for their halves: long enough to be a compound, short enough to stay cheap. */
    private static final int MIN_SPLIT = 4;
    private static final int MAX_SPLIT = 24;
    /** A prefix shorter than this would match most of the index. */
    private static final int MIN_PREFIX = 2;

    /**
     * One spelling a clause matches: a word, several words in a row (a phrase), or the beginning of a word.
     *
     * @param words  lower case, as written (each store analyses them as it analyses notes)
     * @param prefix whether the one word matches any word it begins
     */
    public record Form(List<String> words, boolean prefix) {
        public Form {
            words = List.copyOf(words);
            if (words.isEmpty() || prefix && words.size() != 1) {
                throw new IllegalArgumentException("a form is one word, a prefix of one, or a phrase: " + words);
            }
        }

        static Form word(String word) {
            return new Form(List.of(word), false);
        }

        /** Whether it is several words in a row. */
        public boolean phrase() {
            return words.size() > 1;
        }

        /** The words, space separated, for a store to analyse as it analyses notes. */
        public String text() {
            return String.join(" ", words);
        }
    }

    /**
     * One unit of the query, weighed as one word: the spelling typed first, then the others it also matches.
     *
     * @param required whether every hit must hold it (a quoted phrase)
     */
    public record Clause(List<Form> forms, boolean required) {
        public Clause {
            forms = List.copyOf(forms);
            if (forms.isEmpty()) {
                throw new IllegalArgumentException("a clause has at least one form");
            }
        }

        /** The spelling as typed. */
        public Form typed() {
            return forms.get(0);
        }
    }

    private final List<Clause> clauses;
    private final List<Clause> excluded;
    private final boolean onlyFunctionWords;
    private final String meaning;

    private KeywordQuery(List<Clause> clauses, List<Clause> excluded, boolean onlyFunctionWords, String meaning) {
        this.clauses = List.copyOf(clauses);
        this.excluded = List.copyOf(excluded);
        this.onlyFunctionWords = onlyFunctionWords;
        this.meaning = meaning;
    }

    /** One word or phrase of the query as read, before clauses are made. */
    private record Token(List<String> words, boolean phrase, boolean prefix, boolean negated, boolean besidePrevious,
                         boolean hyphenAfter) {
        Token(List<String> words, boolean phrase, boolean prefix, boolean negated, boolean besidePrevious) {
            this(words, phrase, prefix, negated, besidePrevious, false);
        }
    }

    /** Reads a query as people type it; no input is an error (a stray quote or dash is plain text). */
    public static KeywordQuery of(String query) {
        Objects.requireNonNull(query, "query");
        String text = query.replace('’', '\'');
        boolean syntax = text.strip().split("\\s+").length <= MAX_SYNTAX_WORDS;
        List<Token> tokens = new ArrayList<>();
        StringBuilder meaning = new StringBuilder();
        boolean operators = scan(text, syntax, tokens, meaning);
        List<Clause> clauses = new ArrayList<>();
        List<Clause> excluded = new ArrayList<>();
        Map<String, Integer> seen = new LinkedHashMap<>();
        boolean anyWord = false;
        for (int i = 0; i < tokens.size(); i++) {
            Token token = tokens.get(i);
            if (token.negated()) {
                List<String> words = token.words();
                excluded.add(new Clause(token.phrase() ? List.of(new Form(words, false))
                        : words.size() == 1 ? spellings(words.get(0), null, null)
                        : List.of(new Form(words, false), Form.word(String.join("", words))), false));
                continue;
            }
            if (token.phrase()) {
                add(clauses, seen, new Clause(List.of(new Form(token.words(), false)), true));
                continue;
            }
            String word = token.words().get(0);
            if (token.prefix()) {
                add(clauses, seen, new Clause(List.of(new Form(List.of(word), true)), false));
                continue;
            }
            anyWord = true;
            // A part of a hyphenated word is a word of a name (T-cell, up-regulation): not a function word.
            boolean hyphenated = i > 0 && tokens.get(i - 1).hyphenAfter() || token.hyphenAfter();
            if (isFunctionWord(word) && !hyphenated) {
                continue;
            }
            if (CjkBigrams.hasCjk(word)) {
                for (String piece : CjkBigrams.segment(word).strip().split("\\s+")) {
                    if (!piece.isEmpty() && !isFunctionWord(piece)) {
                        add(clauses, seen, new Clause(List.of(Form.word(piece)), false));
                    }
                }
                continue;
            }
            if (!syntax) {
                add(clauses, seen, new Clause(List.of(Form.word(word)), false));
                continue;
            }
            boolean hyphenBefore = i > 0 && tokens.get(i - 1).hyphenAfter();
            String before = token.besidePrevious() ? joinable(tokens, i - 1, hyphenBefore) : null;
            String after = i + 1 < tokens.size() && tokens.get(i + 1).besidePrevious()
                    ? joinable(tokens, i + 1, token.hyphenAfter()) : null;
            add(clauses, seen, new Clause(spellings(word, before, after), false));
        }
        boolean onlyFunctionWords = anyWord && clauses.isEmpty();
        String forMeaning = operators ? meaning.toString().strip().replaceAll("\\s+", " ") : query;
        return new KeywordQuery(clauses, excluded, onlyFunctionWords, forMeaning.isBlank() ? query : forMeaning);
    }

    private static void add(List<Clause> clauses, Map<String, Integer> seen, Clause clause) {
        String key = (clause.required() ? "\"" : "") + clause.typed().text() + (clause.typed().prefix() ? "*" : "");
        if (seen.putIfAbsent(key, clauses.size()) == null) {
            clauses.add(clause);
        }
    }

    /**
     * The word of a neighbouring token, when it can be written together with a word: a plain word of the
     * query's own, a function word only across a hyphen ({@code T-cell}: {@code tcell}).
     */
    private static String joinable(List<Token> tokens, int at, boolean hyphen) {
        Token token = tokens.get(at);
        String word = token.words().get(0);
        return token.phrase() || token.prefix() || token.negated() || isFunctionWord(word) && !hyphen || CjkBigrams.hasCjk(word)
                ? null : word;
    }

    /**
     * A word as typed, then written together with the word typed before it and with the one after it,
     * then its two halves apart ({@code wifi}: {@code wi fi}; halves that are function words left out).
     */
    static List<Form> spellings(String word, String before, String after) {
        Set<Form> forms = new LinkedHashSet<>();
        forms.add(Form.word(word));
        if (before != null) {
            forms.add(Form.word(before + word));
        }
        if (after != null) {
            forms.add(Form.word(word + after));
        }
        if (word.length() >= MIN_SPLIT && word.length() <= MAX_SPLIT && !word.contains("_") && !word.contains("'")) {
            for (int cut = 1; cut < word.length(); cut++) {
                String head = word.substring(0, cut);
                String tail = word.substring(cut);
                if (!isFunctionWord(head) && !isFunctionWord(tail)) {
                    forms.add(new Form(List.of(head, tail), false));
                }
            }
        }
        return List.copyOf(forms);
    }

    /**
     * Reads the tokens of a query, and the query less its operators into {@code meaning}.
     *
     * @return whether the query used any operator
     */
    private static boolean scan(String text, boolean syntax, List<Token> tokens, StringBuilder meaning) {
        boolean operators = false;
        boolean beside = false;
        int i = 0;
        int n = text.length();
        while (i < n) {
            char c = text.charAt(i);
            if (Character.isWhitespace(c)) {
                meaning.append(c);
                i++;
                continue;
            }
            boolean atStart = i == 0 || Character.isWhitespace(text.charAt(i - 1)) || text.charAt(i - 1) == '(';
            if (syntax && c == '-' && atStart && i + 1 < n && (Character.isLetter(text.charAt(i + 1)) || isQuote(text.charAt(i + 1)))) {
                int end = negated(text, i + 1, tokens);
                if (end > i + 1) {
                    operators = true;
                    beside = false;
                    i = end;
                    continue;
                }
            }
            if (syntax && isQuote(c)) {
                int close = closing(text, i + 1);
                if (close > 0) {
                    List<String> words = words(text.substring(i + 1, close));
                    if (!words.isEmpty()) {
                        tokens.add(new Token(words, true, false, false, false));
                    }
                    meaning.append(text, i + 1, close);
                    operators = true;
                    beside = false;
                    i = close + 1;
                    continue;
                }
            }
            Matcher m = WORD.matcher(text).region(i, n);
            if (!m.lookingAt()) {
                meaning.append(c);
                beside = false;
                i++;
                continue;
            }
            int end = m.end();
            String word = fold(m.group());
            boolean prefix = syntax && end < n && text.charAt(end) == '*' && (end + 1 == n || !isWordOrStar(text.charAt(end + 1)))
                    && !word.contains("-") && !CjkBigrams.hasCjk(word) && word.length() >= MIN_PREFIX;
            meaning.append(text, i, end);
            if (prefix) {
                tokens.add(new Token(List.of(word), false, true, false, false));
                operators = true;
                beside = false;
                i = end + 1;
                continue;
            }
            List<String> parts = new ArrayList<>();
            for (String part : word.split("-")) {
                if (!part.isEmpty()) {
                    parts.add(part);
                }
            }
            for (int p = 0; p < parts.size(); p++) {
                tokens.add(new Token(List.of(parts.get(p)), false, false, false, p == 0 ? beside : true, p + 1 < parts.size()));
            }
            beside = true;
            i = end;
        }
        return operators;
    }

    /** Reads what a dash at {@code from - 1} keeps out: a word or a quoted phrase; returns where it ends ({@code from} when nothing). */
    private static int negated(String text, int from, List<Token> tokens) {
        if (isQuote(text.charAt(from))) {
            int close = closing(text, from + 1);
            if (close < 0) {
                return from;
            }
            List<String> words = words(text.substring(from + 1, close));
            if (!words.isEmpty()) {
                tokens.add(new Token(words, true, false, true, false));
            }
            return close + 1;
        }
        Matcher m = WORD.matcher(text).region(from, text.length());
        if (!m.lookingAt()) {
            return from;
        }
        List<String> words = words(m.group());
        if (!words.isEmpty()) {
            tokens.add(new Token(words, false, false, true, false));
        }
        return m.end();
    }

    /** The words of a text, lower case, hyphenated words in their parts. */
    private static List<String> words(String text) {
        List<String> words = new ArrayList<>();
        Matcher m = WORD.matcher(text);
        while (m.find()) {
            for (String part : fold(m.group()).split("-")) {
                if (!part.isEmpty()) {
                    words.add(part);
                }
            }
        }
        return words;
    }

    /** A word as compared: width variants folded (NFKC), lower case, an English possessive's {@code 's} left out (Biscuit's: biscuit). */
    private static String fold(String word) {
        String folded = Normalizer.normalize(word, Normalizer.Form.NFKC).toLowerCase(Locale.ROOT);
        return folded.length() > 2 && folded.endsWith("'s") ? folded.substring(0, folded.length() - 2) : folded;
    }

    private static boolean isQuote(char c) {
        return c == '"' || c == '“' || c == '”';
    }

    private static int closing(String text, int from) {
        for (int i = from; i < text.length(); i++) {
            if (isQuote(text.charAt(i))) {
                return i;
            }
        }
        return -1;
    }

    private static boolean isWordOrStar(char c) {
        return Character.isLetterOrDigit(c) || c == '*';
    }

    /** Whether keyword search leaves this word out of a query that has other words. */
    public static boolean isFunctionWord(String word) {
        return FUNCTION_WORDS.contains(word.replace('’', '\'').toLowerCase(Locale.ROOT));
    }

    /** The query's clauses, in its order: what a hit may match, each weighed as one word. */
    public List<Clause> clauses() {
        return clauses;
    }

    /** What a hit must not hold: each clause's every form is kept out. */
    public List<Clause> excluded() {
        return excluded;
    }

    /** The words typed (each clause's first form), lower case, each once, in the query's order. */
    public List<String> words() {
        List<String> words = new ArrayList<>();
        for (Clause clause : clauses) {
            for (String word : clause.typed().words()) {
                if (!words.contains(word)) {
                    words.add(word);
                }
            }
        }
        return List.copyOf(words);
    }

    /** Whether the query had words, all of them function words: nothing is matched by keywords. */
    public boolean onlyFunctionWords() {
        return onlyFunctionWords;
    }

    /** Whether keywords match nothing: no clause. */
    public boolean isEmpty() {
        return clauses.isEmpty();
    }

    /** The question without the operators (quotes, stars, what a dash keeps out): what the vector part reads. */
    public String meaning() {
        return meaning;
    }

    private static Set<String> load(String resource) {
        Set<String> words = new HashSet<>();
        try (InputStream in = KeywordQuery.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("the resource " + resource + " is missing from bearings-core");
            }
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                String word = line.strip();
                if (!word.isEmpty() && !word.startsWith("#")) {
                    words.add(word);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + resource + " from bearings-core", e);
        }
        return Set.copyOf(words);
    }

    @Override
    public String toString() {
        StringBuilder out = new StringBuilder();
        for (Clause clause : clauses) {
            out.append(out.length() == 0 ? "" : " ").append(clause.required() ? "\"" + clause.typed().text() + "\""
                    : clause.typed().text() + (clause.typed().prefix() ? "*" : ""));
        }
        for (Clause clause : excluded) {
            out.append(out.length() == 0 ? "-" : " -").append(clause.typed().text());
        }
        return out.toString();
    }
}
