package dev.bearings.embedding.onnx;

import dev.bearings.core.embed.Embedder;
import dev.bearings.core.embed.Embedding;
import dev.bearings.core.plugin.Settings;
import dev.bearings.testkit.EmbedderContract;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.bgesmallenv15q.BgeSmallEnV15QuantizedEmbeddingModel;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The bundled bge-small-en-v1.5 (int8) through our engine: the embedder contract, and the same vectors
 * as langchain4j's own implementation of that model (CLS pooling, unit length), with the search
 * instruction in front of queries only.
 */
class BgeSmallTest extends EmbedderContract {
    private static final String INSTRUCTION = "Represent this sentence for searching relevant passages: ";
    private static final List<String> TEXTS = List.of("WireGuard listens on UDP port 51820 and forwards traffic to the LAN.",
            "Sourdough needs a starter fed the evening before.", "A man is eating a piece of bread.");

    @Override
    protected Embedder createEmbedder() {
        return new OnnxEmbedderProvider().create(Settings.of(Map.of("model", "bge-small-int8")));
    }

    @Override
    protected int expectedDimension() {
        return 384;
    }

    private static double cosine(float[] a, float[] b) {
        double dot = 0;
        for (int i = 0; i < a.length; i++) {
            dot += a[i] * b[i];
        }
        return dot;
    }

    @Test
    void namesTheModelAndReadsFiveHundredTwelveWordPieces() {
        assertThat(embedder.modelId()).isEqualTo("bge-small-en-v1.5/int8");
        assertThat(embedder.maxTokens()).isEqualTo(512);
        assertThat(embedder.embed("word ".repeat(400)).truncated()).isFalse();
    }

    @Test
    void passagesAndQueriesEmbedAsLangchain4jsBgeDoes() {
        EmbeddingModel reference = new BgeSmallEnV15QuantizedEmbeddingModel();
        List<Embedding> ours = embedder.embed(TEXTS);
        for (int i = 0; i < TEXTS.size(); i++) {
            float[] theirs = reference.embed(TextSegment.from(TEXTS.get(i))).content().vector();
            assertThat(cosine(ours.get(i).vector(), theirs)).as(TEXTS.get(i)).isGreaterThan(0.9999);
        }
        String query = "how do I reach my home network";
        float[] instructed = reference.embed(TextSegment.from(INSTRUCTION + query)).content().vector();
        assertThat(cosine(embedder.embedQuery(query).vector(), instructed)).isGreaterThan(0.9999);
        assertThat(embedder.embedQuery(query).cosine(embedder.embed(query))).as("the instruction changes the vector")
                .isLessThan(0.99);
    }

    @Test
    void fp32AgreesWithInt8() {
        try (Embedder fp32 = new OnnxEmbedderProvider().create(Settings.of(Map.of("model", "bge-small", "threads", "1")))) {
            assertThat(fp32.modelId()).isEqualTo("bge-small-en-v1.5/fp32");
            List<Embedding> a = fp32.embed(TEXTS);
            List<Embedding> b = embedder.embed(TEXTS);
            for (int i = 0; i < TEXTS.size(); i++) {
                assertThat(a.get(i).cosine(b.get(i))).isGreaterThan(0.95);
            }
        }
    }
}
