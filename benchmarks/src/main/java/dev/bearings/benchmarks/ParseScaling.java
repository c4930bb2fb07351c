package dev.bearings.benchmarks;

import dev.bearings.core.chunk.Chunk;
import dev.bearings.core.chunk.ChunkPrefix;
import dev.bearings.core.chunk.Chunker;
import dev.bearings.core.chunk.ChunkingRules;
import dev.bearings.core.chunk.TokenBudget;
import dev.bearings.core.markdown.MarkdownDocument;
import dev.bearings.core.markdown.MarkdownParser;
import dev.bearings.core.plugin.Settings;
import dev.bearings.embedding.onnx.OnnxEmbedder;
import dev.bearings.embedding.support.EmbedderSettings;
import dev.bearings.embedding.support.EmbeddingModel;
import dev.bearings.embedding.support.WordPieces;
import dev.bearings.parser.commonmark.CommonmarkParser;
import dev.bearings.parser.flexmark.FlexmarkParser;
import dev.bearings.testprocess.ChildProcess;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;
import java.util.stream.Stream;

/**
 * Does parsing and chunking stay linear in the size of hostile input? For each kind of input (prose,
 * 10,000-deep quotes and list markers, a heading every other line, one long line, an unclosed fence,
 * indented nested lists, whose indentation grows as the square of the depth; a note of nothing but
 * {@code >} or {@code [}, a base64 image inlined as a data URI, 600-word headings, and 600-word
 * paragraphs underlined with {@code ---}, which makes each a setext heading) and each parser, prints
 * the time to parse and chunk each size, the time per MB at the largest size relative to the smallest
 * (a ratio near 1 is linear), the share of the largest size's time spent chunking (and embedding),
 * and the peak resident memory of that run.
 *
 * <p>By default chunks are cut by words alone. With {@code --budget} they are cut as {@code bearings
 * index} cuts them: the default model's own tokenizer is the token budget, at its window, behind the
 * title-and-path prefix; the table then also gives the longest text handed to the token counter in
 * one call. {@code --embed} (with {@code --budget}) embeds the chunks too, with the default model.
 *
 * <p>Every case runs in a JVM of its own within {@code --limit} seconds (default 300), so that one that
 * hangs or fills its heap is reported as such and leaves the others alone.
 *
 * <p>{@code java -cp benchmarks/target/benchmarks.jar dev.bearings.benchmarks.ParseScaling [--budget]
 * [--embed] [--sizes 1,2,4,8] [--limit SECONDS] [--parser NAME] [input ...]}: sizes in MB, inputs
 * picked by a part of their name (all by default).
 */
public final class ParseScaling {
    private static final String CHILD = "--child";
    /** What the warm-up parses and chunks before the measured run, in characters. */
    private static final int WARM_UP_CHARS = 20_000;

    private ParseScaling() {
    }

    private static Map<String, IntFunction<String>> inputs() {
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
        inputs.put("only >", bytes -> repeat("", ">", bytes) + "\n");
        inputs.put("only [", bytes -> repeat("", "[", bytes) + "\n");
        inputs.put("base64 image", bytes -> {
            byte[] image = new byte[bytes * 3 / 4];
            new Random(7).nextBytes(image);
            return "# Photo\n\nA line before the image.\n\n![photo](data:image/png;base64,"
                    + Base64.getEncoder().encodeToString(image) + ")\n\nA line after it.\n";
        });
        String sixHundredWords = "heading words that go on ".repeat(120).strip();
        inputs.put("600-word headings", bytes -> repeat("", "# " + sixHundredWords + "\n\nA short paragraph under it.\n\n", bytes));
        inputs.put("setext paragraphs", bytes -> repeat("", sixHundredWords + "\n---\n\nA short paragraph after it.\n\n", bytes));
        return inputs;
    }

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals(CHILD)) {
            child(args);
            return;
        }
        boolean embed = Arrays.asList(args).contains("--embed");
        boolean budget = embed || Arrays.asList(args).contains("--budget");
        double[] sizes = Arrays.stream(MainArgs.option(args, "--sizes", "1,2,4,8").split(",")).mapToDouble(Double::parseDouble).toArray();
        Duration limit = Duration.ofSeconds(Long.parseLong(MainArgs.option(args, "--limit", "300")));
        List<String> parsers = MainArgs.option(args, "--parser", "").isEmpty() ? List.of("commonmark", "flexmark")
                : List.of(MainArgs.option(args, "--parser", ""));
        List<String> picked = picked(args);
        String mode = embed ? "embed" : budget ? "budget" : "words";

        StringBuilder header = new StringBuilder(String.format("%-18s %-10s", "input", "parser"));
        for (double size : sizes) {
            header.append(String.format(Locale.ROOT, " %9s", label(size) + " s"));
        }
        header.append(String.format(" %12s %9s", "last vs 1st", "chunking"));
        if (embed) {
            header.append(String.format(" %9s", "embedding"));
        }
        if (budget) {
            header.append(String.format(" %13s", "most counted"));
        }
        header.append(String.format(" %12s", "peak RSS MB"));
        System.out.println(header);
        for (String input : inputs().keySet()) {
            if (!picked.isEmpty() && picked.stream().noneMatch(input::contains)) {
                continue;
            }
            for (String parser : parsers) {
                System.out.println(row(input, parser, mode, sizes, limit, embed, budget));
            }
        }
    }

    /** The inputs named on the command line: the arguments that are not options or their values. */
    private static List<String> picked(String[] args) {
        List<String> picked = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--sizes") || args[i].equals("--limit") || args[i].equals("--parser")) {
                i++;
            } else if (!args[i].startsWith("--")) {
                picked.add(args[i]);
            }
        }
        return picked;
    }

    private static String row(String input, String parser, String mode, double[] sizes, Duration limit, boolean embed,
                              boolean budget) throws Exception {
        StringBuilder row = new StringBuilder(String.format("%-18s %-10s", input, parser));
        double[] seconds = new double[sizes.length];
        String[] last = null;
        for (int i = 0; i < sizes.length; i++) {
            String outcome = runChild(input, parser, mode, (int) (sizes[i] * 1024 * 1024), limit);
            String[] fields = outcome.split(" ");
            if (!fields[0].equals("ok")) {
                row.append(' ').append(outcome);
                return row.toString();
            }
            seconds[i] = Double.parseDouble(fields[1]) + Double.parseDouble(fields[2]) + Double.parseDouble(fields[3]);
            row.append(String.format(Locale.ROOT, " %9.2f", seconds[i]));
            last = fields;
        }
        int n = sizes.length - 1;
        double total = seconds[n];
        row.append(String.format(Locale.ROOT, " %12.2f %8.0f%%", (seconds[n] / sizes[n]) / (seconds[0] / sizes[0]),
                100 * Double.parseDouble(last[2]) / total));
        if (embed) {
            row.append(String.format(Locale.ROOT, " %8.0f%%", 100 * Double.parseDouble(last[3]) / total));
        }
        if (budget) {
            row.append(String.format(Locale.ROOT, " %13s", last[5]));
        }
        row.append(String.format(Locale.ROOT, " %12d", Long.parseLong(last[6]) / 1024));
        return row.toString();
    }

    /** One case in a JVM of its own: "ok" and its figures, or what went wrong. */
    private static String runChild(String input, String parser, String mode, int bytes, Duration limit) throws Exception {
        List<String> command = List.of(CliProcess.JAVA, "-cp", System.getProperty("java.class.path"),
                ParseScaling.class.getName(), CHILD, input, parser, mode, Integer.toString(bytes));
        Path logs = Files.createTempDirectory("bearings-parse-scaling");
        try (ChildProcess child = ChildProcess.start(command, logs)) {
            try {
                int exit = child.exitCode(limit);
                String out = child.out().strip();
                if (exit == 0 && !out.isEmpty()) {
                    return out.lines().reduce((a, b) -> b).orElseThrow();
                }
                return child.err().contains("OutOfMemoryError") ? "out of memory" : "exit " + exit;
            } catch (AssertionError timedOut) {
                return "unfinished in " + limit.toSeconds() + " s";
            }
        } finally {
            try (Stream<Path> files = Files.list(logs)) {
                for (Path file : files.toList()) {
                    Files.delete(file);
                }
            }
            Files.delete(logs);
        }
    }

    /**
     * Prints {@code ok PARSE CHUNK EMBED CHUNKS MOST_COUNTED PEAK_KB} (seconds, the longest text handed
     * to the token counter in characters, the peak resident memory), or why it could not.
     */
    private static void child(String[] args) throws Exception {
        String text = inputs().get(args[1]).apply(Integer.parseInt(args[4]));
        MarkdownParser parser = args[2].equals("flexmark") ? new FlexmarkParser() : new CommonmarkParser();
        String mode = args[3];
        AtomicInteger mostCounted = new AtomicInteger();
        Chunker chunker = new Chunker(ChunkingRules.DEFAULT);
        OnnxEmbedder embedder = null;
        if (!mode.equals("words")) {
            EmbeddingModel model = EmbeddingModel.bundled(EmbedderSettings.DEFAULT_MODEL);
            WordPieces wordPieces = WordPieces.load(model);
            chunker = new Chunker(ChunkingRules.DEFAULT, new TokenBudget(counted -> {
                mostCounted.accumulateAndGet(counted.length(), Math::max);
                return wordPieces.count(counted);
            }, model.defaultWindow()));
            if (mode.equals("embed")) {
                embedder = new OnnxEmbedder(EmbedderSettings.from(Settings.NONE));
            }
        }
        try {
            try {
                run(text.substring(0, Math.min(text.length(), WARM_UP_CHARS)), parser, chunker, embedder);
            } catch (RuntimeException e) {
                // the measured run says what fails
            }
            mostCounted.set(0);
            double[] seconds = run(text, parser, chunker, embedder);
            System.out.printf(Locale.ROOT, "ok %.3f %.3f %.3f %d %d %d%n", seconds[0], seconds[1], seconds[2], (long) seconds[3],
                    mostCounted.get(), CliProcess.peakKb(ProcessHandle.current().pid()));
        } catch (StackOverflowError e) {
            // What SyncIndex reports as "nested too deeply to parse"; the note is skipped.
            System.out.println("stack overflow (the note is skipped as nested too deeply)");
        } catch (RuntimeException e) {
            // What SyncIndex reports as "cannot be parsed (...)"; the note is skipped.
            System.out.println("fails (" + e.getClass().getSimpleName() + ")");
        } finally {
            if (embedder != null) {
                embedder.close();
            }
        }
        System.exit(0);
    }

    /** Seconds to parse, chunk and embed, and the number of chunks. */
    private static double[] run(String text, MarkdownParser parser, Chunker chunker, OnnxEmbedder embedder) {
        long started = System.nanoTime();
        MarkdownDocument document = MarkdownDocument.parse(text, parser);
        long parsed = System.nanoTime();
        ChunkPrefix prefix = ChunkPrefix.titled(document.title("Note"));
        List<Chunk> chunks = chunker.chunk(document, prefix);
        long chunked = System.nanoTime();
        if (embedder != null) {
            embedder.embed(chunks.stream().map(Chunk::embedded).toList());
        }
        long embedded = System.nanoTime();
        return new double[]{(parsed - started) / 1e9, (chunked - parsed) / 1e9, (embedded - chunked) / 1e9, chunks.size()};
    }

    /** A size in MB as the table heads it: {@code 2 MB}, {@code 64 KB}. */
    private static String label(double megabytes) {
        return megabytes >= 1 ? String.format(Locale.ROOT, "%.0f MB", megabytes)
                : String.format(Locale.ROOT, "%.0f KB", megabytes * 1024);
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
