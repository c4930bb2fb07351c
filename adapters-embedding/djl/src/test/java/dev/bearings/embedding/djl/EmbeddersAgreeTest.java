package dev.bearings.embedding.djl;

import dev.bearings.core.embed.Embedder;
import dev.bearings.core.embed.Embedding;
import dev.bearings.core.plugin.Settings;
import dev.bearings.embedding.onnx.OnnxEmbedderProvider;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The ONNX Runtime and DJL adapters run the same model the same way: their vectors must agree. */
class EmbeddersAgreeTest {

    @Test
    void bothEnginesGiveTheSameVectors() {
        List<String> texts = List.of("How did I set up the VPN?", "A man is eating food.", "",
                "京都駅から市バスの一日券は七百円。", "Restic deduplicates and encrypts; the password lives in the manager.",
                "word ".repeat(600));
        try (Embedder djl = new DjlEmbedderProvider().create(Settings.NONE);
             Embedder onnx = new OnnxEmbedderProvider().create(Settings.NONE)) {
            assertThat(djl.modelId()).isEqualTo(onnx.modelId());
            // DJL's engine first (models load on first use): it must initialise ONNX Runtime before
            // anything else in the JVM does.
            List<Embedding> b = djl.embed(texts);
            List<Embedding> a = onnx.embed(texts);
            for (int i = 0; i < texts.size(); i++) {
                assertThat(a.get(i).cosine(b.get(i))).as("text %d", i).isGreaterThanOrEqualTo(0.9999);
                assertThat(a.get(i).tokens()).isEqualTo(b.get(i).tokens());
                assertThat(a.get(i).truncated()).isEqualTo(b.get(i).truncated());
            }
        }
    }
}
