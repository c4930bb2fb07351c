package dev.bearings.benchmarks;

import dev.bearings.core.chunk.Chunker;
import dev.bearings.core.chunk.ChunkingRules;
import dev.bearings.core.markdown.MarkdownDocument;
import dev.bearings.core.markdown.MarkdownParser;
import dev.bearings.parser.commonmark.CommonmarkParser;
import dev.bearings.parser.flexmark.FlexmarkParser;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * Does parsing and chunking stay linear in the size of hostile input? For each kind of input (prose,
 * 10,000-deep quotes and list markers, a heading every other line, one long line, an unclosed fence,
 * indented nested lists, whose indentation grows as the square of the depth) and each parser, prints
 * the time to parse and chunk 1, 2, 4 and 8 MB, the time per MB relative to 1 MB (a ratio near 1 is
 * linear), and the share of the 8 MB time spent chunking (the rest is the parser).
 *
 * <p>{@code java -cp benchmarks/target/benchmarks.jar dev.bearings.benchmarks.ParseScaling [input]}, where
 * {@code input} picks the inputs whose name contains it (all by default).
 */
public final class ParseScaling {

    private ParseScaling() {
    }

    public static void main(String[] args) {
        Map<String, IntFunction<String>> inputs = new LinkedHashMap<>();
        inputs.put("prose", bytes -> repeat("# Note\n\n", "Plain words in a paragraph that goes on for a while. ", bytes));
        inputs.put("deep quotes", bytes -> repeat("", "> ".repeat(10_000) + "quoted\n\n", bytes));
        inputs.put("deep list markers", bytes -> repeat("", "- ".repeat(10_000) + "item\n\n", bytes));
        inputs.put("headings", bytes -> repeat("", "## Heading\ntext\n", bytes));
        inputs.put("one long line", bytes -> repeat("# Line\n\n", "word ", bytes) + "\n");
        inputs.put("unclosed fence", bytes -> repeat("# Code\n\n```java\n", "int x = 1;\n", bytes));
        inputs.put("indented nesting", bytes -> {
            StringBuilder text = new StringBuilder("# Lists\n\n");
            for (int depth = 0; text.length() < bytes; depth++) {
                text.append("  ".repeat(depth)).append("- item\n");
            }
            return text.toString();
        });
        Map<String, MarkdownParser> parsers = Map.of("commonmark", new CommonmarkParser(), "flexmark", new FlexmarkParser());
        Chunker chunker = new Chunker(ChunkingRules.DEFAULT);
        System.out.printf("%-18s %-10s %9s %9s %9s %9s %12s %14s%n", "input", "parser", "1 MB s", "2 MB s", "4 MB s", "8 MB s",
                "8 MB vs 1 MB", "chunking share");
        for (var input : inputs.entrySet()) {
            if (args.length > 0 && !input.getKey().contains(args[0])) {
                continue;
            }
            for (String parserName : new String[]{"commonmark", "flexmark"}) {
                MarkdownParser parser = parsers.get(parserName);
                double[] seconds = new double[4];
                double chunking = 0;
                try {
                    for (int i = 0; i < 4; i++) {
                        String text = input.getValue().apply((1 << i) * 1024 * 1024);
                        chunker.chunk(MarkdownDocument.parse(text.substring(0, Math.min(text.length(), 100_000)), parser));
                        long started = System.nanoTime();
                        MarkdownDocument document = MarkdownDocument.parse(text, parser);
                        long parsed = System.nanoTime();
                        chunker.chunk(document);
                        long chunked = System.nanoTime();
                        seconds[i] = (chunked - started) / 1e9;
                        chunking = (double) (chunked - parsed) / (chunked - started);
                    }
                } catch (StackOverflowError e) {
                    // What SyncIndex reports as "nested too deeply to parse"; the note is skipped.
                    System.out.printf("%-18s %-10s stack overflow (the note is skipped as nested too deeply)%n",
                            input.getKey(), parserName);
                    continue;
                }
                System.out.printf(Locale.ROOT, "%-18s %-10s %9.2f %9.2f %9.2f %9.2f %12.2f %13.0f%%%n", input.getKey(),
                        parserName, seconds[0], seconds[1], seconds[2], seconds[3], seconds[3] / 8 / seconds[0], 100 * chunking);
            }
        }
    }

    private static String repeat(String head, String unit, int bytes) {
        StringBuilder text = new StringBuilder(bytes + unit.length());
        text.append(head);
        while (text.length() < bytes) {
            text.append(unit);
        }
        return text.toString();
    }
}
