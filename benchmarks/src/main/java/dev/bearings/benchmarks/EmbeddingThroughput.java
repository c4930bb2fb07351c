package dev.bearings.benchmarks;

import dev.bearings.embedding.support.EmbeddingModel;
import dev.bearings.embedding.support.WordPieces;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * Runs {@link EmbeddingBenchmark} in one go (our engines, the langchain4j baseline, and the
 * alternative schemes) and prints chunks/s, the ratio to langchain4j with the same model at the same
 * 128-token cap, tokens/s and effective GFLOP/s.
 *
 * <p>{@code java -cp benchmarks/target/benchmarks.jar dev.bearings.benchmarks.EmbeddingThroughput}
 */
public final class EmbeddingThroughput {
    /** Multiply-adds of all-MiniLM-L6-v2's dense layers per token, times two (about 21 MFLOP). */
    static final double DENSE_FLOP_PER_TOKEN = 21e6;

    private EmbeddingThroughput() {
    }

    public static void main(String[] args) throws RunnerException, IOException {
        List<RunResult> results = new ArrayList<>();
        results.addAll(run(new OptionsBuilder().include(EmbeddingBenchmark.class.getSimpleName())
                .param("engine", "onnx", "djl").param("scheme", "sorted")));
        results.addAll(run(new OptionsBuilder().include(EmbeddingBenchmark.class.getSimpleName())
                .param("engine", "langchain4j").param("window", "128")));
        results.addAll(run(new OptionsBuilder().include(EmbeddingBenchmark.class.getSimpleName())
                .param("engine", "onnx").param("model", "fp32").param("window", "256")
                .param("scheme", "padded", "single", "intra")));

        List<String> texts = ChunkSample.texts(EmbeddingBenchmark.SAMPLE);
        int[] tokens;
        try (WordPieces wordPieces = WordPieces.load(EmbeddingModel.bundled("minilm"))) {
            tokens = texts.stream().mapToInt(wordPieces::count).toArray();
        }
        System.out.printf("%nSample: %d chunks, %d cores%n", texts.size(), Runtime.getRuntime().availableProcessors());
        System.out.printf("%-12s %-5s %6s %-7s %10s %10s %11s %9s%n", "engine", "model", "window", "scheme",
                "chunks/s", "vs lc4j", "tokens/s", "GFLOP/s");
        for (RunResult result : results) {
            var p = result.getParams();
            String engine = p.getParam("engine");
            String model = p.getParam("model");
            int window = Integer.parseInt(p.getParam("window"));
            double seconds = result.getPrimaryResult().getScore() / 1000;
            double chunksPerSecond = texts.size() / seconds;
            long tokenCount = 0;
            double flop = 0;
            for (int t : tokens) {
                int read = Math.min(t, window);
                tokenCount += read;
                flop += read * DENSE_FLOP_PER_TOKEN + 4.0 * read * read * 384 * 6;
            }
            double baseline = baseline(results, model);
            System.out.printf("%-12s %-5s %6d %-7s %10.1f %9.2fx %11.0f %9.1f%n", engine, model, window,
                    engine.equals("langchain4j") ? "-" : p.getParam("scheme"), chunksPerSecond,
                    window == 128 && baseline > 0 ? chunksPerSecond / baseline : Double.NaN,
                    tokenCount / seconds, flop / seconds / 1e9);
        }
    }

    private static double baseline(List<RunResult> results, String model) {
        for (RunResult result : results) {
            var p = result.getParams();
            if (p.getParam("engine").equals("langchain4j") && p.getParam("model").equals(model)) {
                return EmbeddingBenchmark.SAMPLE / (result.getPrimaryResult().getScore() / 1000);
            }
        }
        return -1;
    }

    private static Collection<RunResult> run(ChainedOptionsBuilder options) throws RunnerException {
        return new Runner(options.build()).run();
    }
}
