package dev.bearings.testkit;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

import java.util.List;
import java.util.stream.Collectors;

/**
 * Random Markdown notes built from the blocks real notes have: ATX and setext headings, prose with
 * sentences, long single lines, fenced code full of {@code #} comments (backticks and tildes), lists,
 * quotes holding headings, tables, HTML comments, CJK text, front matter and CRLF endings.
 */
public final class GeneratedMarkdown {
    private static final List<String> VOCABULARY = List.of("the", "vpn", "WireGuard", "key", "server", "config",
            "route", "peer", "firewall", "port", "51820", "tunnel", "DNS", "client", "install", "restart",
            "note", "git", "backup", "Ünïcödé", "naïve", "日本語", "東京", "emoji🚀", "don't", "v1.2");

    private GeneratedMarkdown() {
    }

    public static Arbitrary<String> notes() {
        Arbitrary<String> body = block().list().ofMinSize(0).ofMaxSize(25)
                .map(blocks -> String.join("\n", blocks));
        Arbitrary<String> frontMatter = Arbitraries.of("", "---\ntitle: Generated\ntags: [a, b]\n---\n");
        Arbitrary<Boolean> crlf = Arbitraries.of(false, false, false, true);
        return Combinators.combine(frontMatter, body, crlf)
                .as((fm, text, windows) -> windows ? (fm + text).replace("\n", "\r\n") : fm + text);
    }

    @SuppressWarnings("unchecked")
    static Arbitrary<String> block() {
        return Arbitraries.frequencyOf(List.of(
                weighted(4, atxHeading()),
                weighted(1, setextHeading()),
                weighted(8, paragraph()),
                weighted(1, longLine()),
                weighted(2, fencedCode()),
                weighted(2, list()),
                weighted(1, quote()),
                weighted(1, table()),
                weighted(1, Arbitraries.of("<!-- # hidden heading -->\n", "---\n", "\n\n")),
                weighted(1, cjk())));
    }

    private static Tuple.Tuple2<Integer, Arbitrary<String>> weighted(int weight, Arbitrary<String> block) {
        return Tuple.of(weight, block);
    }

    static Arbitrary<String> words(int min, int max) {
        return Arbitraries.of(VOCABULARY).list().ofMinSize(min).ofMaxSize(max)
                .map(w -> String.join(" ", w));
    }

    static Arbitrary<String> atxHeading() {
        return Combinators.combine(Arbitraries.integers().between(1, 6), words(1, 6))
                .as((level, text) -> "#".repeat(level) + " " + text + "\n");
    }

    static Arbitrary<String> setextHeading() {
        return Combinators.combine(Arbitraries.of("===", "---"), words(1, 5))
                .as((line, text) -> "\n" + text + "\n" + line + "\n");
    }

    static Arbitrary<String> paragraph() {
        Arbitrary<String> sentence = words(1, 30).map(s -> s + ".");
        return sentence.list().ofMinSize(1).ofMaxSize(40).map(s -> "\n" + wrap(String.join(" ", s)) + "\n");
    }

    static Arbitrary<String> longLine() {
        return words(200, 1500).map(s -> "\n" + s + "\n");
    }

    static Arbitrary<String> fencedCode() {
        Arbitrary<String> line = Arbitraries.oneOf(words(0, 12).map(s -> "# " + s), words(0, 12));
        return Combinators.combine(Arbitraries.of("```", "~~~", "````"), line.list().ofMaxSize(120))
                .as((fence, lines) -> "\n" + fence + "sh\n" + String.join("\n", lines) + "\n" + fence + "\n");
    }

    static Arbitrary<String> list() {
        return words(1, 40).list().ofMinSize(1).ofMaxSize(30)
                .map(items -> "\n" + items.stream().map(i -> "- " + i).collect(Collectors.joining("\n")) + "\n");
    }

    static Arbitrary<String> quote() {
        return Combinators.combine(words(1, 4), words(1, 60))
                .as((heading, text) -> "\n> # " + heading + "\n> " + text + "\n");
    }

    static Arbitrary<String> table() {
        return words(1, 4).list().ofMinSize(1).ofMaxSize(40)
                .map(rows -> "\n| a | b |\n|---|---|\n"
                        + rows.stream().map(r -> "| " + r + " | x |").collect(Collectors.joining("\n")) + "\n");
    }

    static Arbitrary<String> cjk() {
        return Arbitraries.strings().withCharRange('\u4e00', '\u4fff').ofMinLength(1).ofMaxLength(800)
                .map(s -> "\n" + s + "。\n");
    }

    private static String wrap(String text) {
        StringBuilder out = new StringBuilder();
        int column = 0;
        for (String word : text.split(" ")) {
            if (column > 70) {
                out.append('\n');
                column = 0;
            } else if (column > 0) {
                out.append(' ');
            }
            out.append(word);
            column += word.length() + 1;
        }
        return out.toString();
    }
}
