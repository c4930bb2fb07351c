package dev.bearings.benchmarks;

import dev.bearings.core.chunk.Chunk;
import dev.bearings.core.chunk.ChunkingRules;
import dev.bearings.core.embed.Embedder;
import dev.bearings.core.index.IndexRecipe;
import dev.bearings.core.markdown.MarkdownDocument;
import dev.bearings.core.plugin.Settings;
import dev.bearings.embedding.onnx.OnnxEmbedderProvider;
import dev.bearings.embedding.support.EmbedderSettings;
import dev.bearings.eval.Corpus;
import dev.bearings.parser.commonmark.CommonmarkParser;
import dev.bearings.testprocess.ProjectData;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What chunking rules cost when indexing: for each rule, the first N notes of the PowerShell docs
 * (default 200) are cut into chunks (parser, rules, the default model's 512-token budget and prefix,
 * as {@code bearings index} cuts them) and every chunk is embedded with the default model, nothing
 * remembered. Rules run in turn, the order rotated each round, so that each meets the machine's noise
 * alike; the table gives the median round, per 1,000 notes, and the ratio to the shipped rules.
 *
 * <p>{@code java -cp benchmarks/target/benchmarks.jar dev.bearings.benchmarks.ChunkingRulesCost
 * [--notes N] [--rounds R] [--rules 300/30/40,150/30/40,...]}
 */
public final class ChunkingRulesCost {

    private ChunkingRulesCost() {
    }

    private record Cost(int chunks, long tokens, double chunkSeconds, double totalSeconds) {
    }

    public static void main(String[] args) throws Exception {
        int notes = Integer.parseInt(MainArgs.option(args, "--notes", "200"));
        int rounds = Integer.parseInt(MainArgs.option(args, "--rounds", "3"));
        List<ChunkingSweep.Rules> rules = ChunkingSweep.rules(MainArgs.option(args, "--rules", "300/30/40,150/30/40,500/30/40,300/60/40"));
        Corpus corpus = Corpus.load(ProjectData.POWERSHELL_DOCS, Long.MAX_VALUE);
        List<String> texts = corpus.texts().subList(0, Math.min(notes, corpus.texts().size()));
        List<String> names = corpus.names().subList(0, texts.size());
        CommonmarkParser parser = new CommonmarkParser();
        Map<String, String> settings = Map.of("model", EmbedderSettings.DEFAULT_MODEL);
        Map<ChunkingSweep.Rules, List<Cost>> costs = new LinkedHashMap<>();
        rules.forEach(r -> costs.put(r, new ArrayList<>()));
        try (Embedder embedder = new OnnxEmbedderProvider().create(Settings.of(settings))) {
            embedder.embed(List.of("warm up the model before the first rule is timed"));
            for (int round = 0; round < rounds; round++) {
                for (int i = 0; i < rules.size(); i++) {
                    ChunkingSweep.Rules rule = rules.get((i + round) % rules.size());
                    costs.get(rule).add(measure(rule, texts, names, parser, settings, embedder));
                }
            }
        }
        System.out.printf("%d notes of the PowerShell docs, %s, %d rounds; per 1,000 notes, median round%n", texts.size(),
                EmbedderSettings.DEFAULT_MODEL, rounds);
        System.out.printf("%-22s %8s %11s %10s %11s %11s %9s%n", "rules", "chunks", "tokens/chk", "chunk s", "embed s",
                "index s", "vs shipped");
        double base = median(costs.getOrDefault(ChunkingSweep.Rules.SHIPPED, List.of()), true);
        for (var entry : costs.entrySet()) {
            Cost any = entry.getValue().get(0);
            double scale = 1000.0 / texts.size();
            double chunk = median(entry.getValue(), false) * scale;
            double total = median(entry.getValue(), true) * scale;
            System.out.printf("%-22s %8.0f %11.1f %10.2f %11.1f %11.1f %8.2fx%n", entry.getKey().label(), any.chunks() * scale,
                    (double) any.tokens() / any.chunks(), chunk, total - chunk, total, base > 0 ? total / (base * scale) : Double.NaN);
        }
    }

    private static Cost measure(ChunkingSweep.Rules rule, List<String> texts, List<String> names, CommonmarkParser parser,
                                Map<String, String> settings, Embedder embedder) {
        IndexRecipe recipe = IndexRecipe.of("commonmark", new ChunkingRules(rule.maxWords(), rule.minWords(), rule.overlapWords()),
                rule.tokenBudget(), rule.prefix() ? IndexRecipe.Prefix.TITLED : IndexRecipe.Prefix.NONE, "onnx", settings, embedder);
        var chunker = recipe.chunker(embedder);
        long started = System.nanoTime();
        List<String> embedded = new ArrayList<>();
        for (int i = 0; i < texts.size(); i++) {
            var prefix = recipe.prefix(names.get(i));
            for (Chunk chunk : chunker.chunk(MarkdownDocument.parse(texts.get(i), parser), prefix)) {
                embedded.add(chunk.embedded());
            }
        }
        long chunked = System.nanoTime();
        long tokens = embedded.stream().mapToLong(embedder::countTokens).sum();
        long counted = System.nanoTime();
        for (int from = 0; from < embedded.size(); from += 64) {
            embedder.embed(embedded.subList(from, Math.min(embedded.size(), from + 64)));
        }
        long done = System.nanoTime();
        return new Cost(embedded.size(), tokens, (chunked - started) / 1e9, (chunked - started + done - counted) / 1e9);
    }

    /** The median round's seconds: the whole index's ({@code whole}) or the chunking's alone. */
    private static double median(List<Cost> costs, boolean whole) {
        double[] seconds = costs.stream().mapToDouble(c -> whole ? c.totalSeconds() : c.chunkSeconds()).sorted().toArray();
        return seconds.length == 0 ? Double.NaN : seconds[seconds.length / 2];
    }
}
