package dev.bearings.benchmarks;

import dev.bearings.embedding.support.EmbeddingModel;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.OptionsBuilder;

import java.util.ArrayList;
import java.util.List;

/**
 * How fast does each bundled model index? Runs {@link EmbeddingBenchmark} with our ONNX engine for every
 * bundled model at its own window (and bge-small also at MiniLM's 256, to separate the model's cost
 * from the longer window's) in one run, and prints chunks/s and the ratio to all-MiniLM-L6-v2 fp32.
 *
 * <p>{@code java -cp benchmarks/target/benchmarks.jar dev.bearings.benchmarks.ModelThroughput}
 */
public final class ModelThroughput {
    private static final String BASELINE = "minilm";

    private ModelThroughput() {
    }

    public static void main(String[] args) throws RunnerException {
        List<RunResult> results = new ArrayList<>();
        for (String model : EmbeddingModel.BUNDLED) {
            int own = EmbeddingModel.bundled(model).settings().window();
            List<String> windows = own == 256 ? List.of("256") : List.of("256", Integer.toString(own));
            results.addAll(new Runner(new OptionsBuilder().include(EmbeddingBenchmark.class.getSimpleName())
                    .param("engine", "onnx").param("model", model).param("scheme", "sorted")
                    .param("window", windows.toArray(String[]::new)).build()).run());
        }
        double baseline = results.stream()
                .filter(r -> r.getParams().getParam("model").equals(BASELINE))
                .mapToDouble(ModelThroughput::chunksPerSecond).findFirst().orElseThrow();
        System.out.printf("%nSample: %d PowerShell-docs chunks, %d cores, ONNX Runtime engine%n",
                EmbeddingBenchmark.SAMPLE, Runtime.getRuntime().availableProcessors());
        System.out.printf("%-16s %6s %10s %12s%n", "model", "window", "chunks/s", "vs " + BASELINE);
        for (RunResult result : results) {
            double chunksPerSecond = chunksPerSecond(result);
            System.out.printf("%-16s %6s %10.1f %11.2fx%n", result.getParams().getParam("model"),
                    result.getParams().getParam("window"), chunksPerSecond, chunksPerSecond / baseline);
        }
    }

    private static double chunksPerSecond(RunResult result) {
        return EmbeddingBenchmark.SAMPLE / (result.getPrimaryResult().getScore() / 1000);
    }
}
