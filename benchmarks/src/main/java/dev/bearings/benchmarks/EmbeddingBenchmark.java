package dev.bearings.benchmarks;

import dev.bearings.core.embed.Embedder;
import dev.bearings.core.plugin.Settings;
import dev.bearings.embedding.djl.DjlEmbedderProvider;
import dev.bearings.embedding.onnx.OnnxEmbedderProvider;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.allminilml6v2.AllMiniLmL6V2EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * How many real chunks per second does each way of running all-MiniLM-L6-v2 embed?
 *
 * <p>One operation embeds the same sample of PowerShell-docs chunks ({@link ChunkSample}). Engines:
 * our {@code onnx} and {@code djl} adapters, and langchain4j's {@code AllMiniLmL6V2EmbeddingModel}
 * ({@code langchain4j}), the baseline, which cuts every input at 128 tokens; so each engine runs with
 * a 128-token window, and ours also at their real 256. {@code scheme} picks how ours run: the default
 * ({@code sorted}: length-sorted batches of 8, one intra-op thread, a call per core), {@code padded}
 * (batches of 8 in input order), {@code single} (one text per call), {@code intra} (one call at a time
 * using every core inside it).
 *
 * <p>{@code java -cp benchmarks/target/benchmarks.jar dev.bearings.benchmarks.EmbeddingThroughput}
 * prints chunks/s, ratios and GFLOP/s; {@code java -jar benchmarks/target/benchmarks.jar EmbeddingBenchmark}
 * runs it as plain JMH.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 1, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xmx3g"})
public class EmbeddingBenchmark {
    public static final int SAMPLE = 400;

    @Param({"onnx", "djl", "langchain4j"})
    public String engine;

    @Param({"fp32", "int8"})
    public String model;

    @Param({"128", "256"})
    public int window;

    @Param({"sorted"})
    public String scheme;

    private List<String> texts;
    private List<TextSegment> segments;
    private Embedder embedder;
    private EmbeddingModel langchain4j;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        texts = ChunkSample.texts(SAMPLE);
        if (engine.equals("langchain4j")) {
            if (window != 128) {
                throw new IllegalStateException("langchain4j's model always cuts at 128 tokens; skip window " + window);
            }
            segments = texts.stream().map(TextSegment::from).toList();
            langchain4j = model.equals("int8") ? new AllMiniLmL6V2QuantizedEmbeddingModel() : new AllMiniLmL6V2EmbeddingModel();
            return;
        }
        embedder = (engine.equals("djl") ? new DjlEmbedderProvider() : new OnnxEmbedderProvider())
                .create(Settings.of(settings(model, window, scheme)));
    }

    static Map<String, String> settings(String model, int window, String scheme) {
        Map<String, String> settings = new HashMap<>(Map.of("model", model, "window", Integer.toString(window)));
        int cores = Runtime.getRuntime().availableProcessors();
        switch (scheme) {
            case "sorted" -> { }
            case "padded" -> settings.put("sort", "false");
            case "single" -> settings.put("batch", "1");
            case "intra" -> {
                settings.put("threads", "1");
                settings.put("intra", Integer.toString(cores));
            }
            default -> throw new IllegalArgumentException("unknown scheme " + scheme);
        }
        return settings;
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        if (embedder != null) {
            embedder.close();
        }
    }

    @Benchmark
    public Object embedSample() {
        return embedder != null ? embedder.embed(texts) : langchain4j.embedAll(segments).content();
    }
}
