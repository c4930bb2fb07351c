package dev.bearings.benchmarks;

import dev.bearings.core.embed.Embedder;
import dev.bearings.core.plugin.Settings;
import dev.bearings.embedding.djl.DjlEmbedderProvider;
import dev.bearings.embedding.onnx.OnnxEmbedderProvider;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.allminilml6v2.AllMiniLmL6V2EmbeddingModel;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * How long does one 10-word query take to embed (fp32)? Sample mode, so JMH prints p50 and p99.
 *
 * <p>{@code java -jar benchmarks/target/benchmarks.jar QueryLatencyBenchmark}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xmx2g"})
public class QueryLatencyBenchmark {
    static final String QUERY = "how did I set up the VPN on the home server";

    @Param({"onnx", "djl", "langchain4j"})
    public String engine;

    private Embedder embedder;
    private EmbeddingModel langchain4j;

    @Setup
    public void setUp() {
        if (engine.equals("langchain4j")) {
            langchain4j = new AllMiniLmL6V2EmbeddingModel();
        } else {
            embedder = (engine.equals("djl") ? new DjlEmbedderProvider() : new OnnxEmbedderProvider())
                    .create(Settings.of(Map.of()));
        }
    }

    @TearDown
    public void tearDown() {
        if (embedder != null) {
            embedder.close();
        }
    }

    @Benchmark
    public Object embedQuery() {
        return embedder != null ? embedder.embed(QUERY) : langchain4j.embed(QUERY).content();
    }
}
