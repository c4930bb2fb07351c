package dev.bearings.core.search;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What of a query keyword search matches, one rule for every store and for the snippet's marks: the
 * query's words less the function words questions are made of ({@code how}, {@code can}, {@code I},
 * {@code my}, {@code should}: {@code function-words.txt}, the NLTK and Snowball English lists). Left in,
 * they match nearly every note, so "what should I get my father for his birthday" finds a sourdough note
 * through "my" and "I". A query made of nothing else ("The Who", "to do") keeps all its words, so that it
 * still finds what has them. Japanese, Chinese and Korean are kept as written; a store cuts them into
 * the units it indexes.
 */
public final class KeywordQuery {
    private static final Pattern WORD = Pattern.compile("[\\p{L}\\p{N}][\\p{L}\\p{N}_'’-]*");
    private static final Set<String> FUNCTION_WORDS = load("function-words.txt");

    private final List<String> words;
    private final boolean onlyFunctionWords;

    private KeywordQuery(List<String> words, boolean onlyFunctionWords) {
        this.words = words;
        this.onlyFunctionWords = onlyFunctionWords;
    }

    /** Reads a query as people type it; any engine's syntax in it is taken as plain words. */
    public static KeywordQuery of(String query) {
        Set<String> all = new LinkedHashSet<>();
        Set<String> content = new LinkedHashSet<>();
        Matcher m = WORD.matcher(query.replace('’', '\'').toLowerCase(Locale.ROOT));
        while (m.find()) {
            String word = m.group();
            all.add(word);
            if (!isFunctionWord(word)) {
                content.add(word);
            }
        }
        boolean onlyFunctionWords = content.isEmpty() && !all.isEmpty();
        return new KeywordQuery(List.copyOf(onlyFunctionWords ? all : content), onlyFunctionWords);
    }

    /** Whether keyword search leaves this word out of a query that has other words. */
    public static boolean isFunctionWord(String word) {
        return FUNCTION_WORDS.contains(word.replace('’', '\'').toLowerCase(Locale.ROOT));
    }

    /** The words to match, lower case, each once, in the query's order. */
    public List<String> words() {
        return words;
    }

    /** The words to match as one text, for a store to analyse as it analyses notes. */
    public String text() {
        return String.join(" ", words);
    }

    /** Whether the query had nothing but function words, and so keeps them all. */
    public boolean onlyFunctionWords() {
        return onlyFunctionWords;
    }

    public boolean isEmpty() {
        return words.isEmpty();
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
        return text();
    }
}
