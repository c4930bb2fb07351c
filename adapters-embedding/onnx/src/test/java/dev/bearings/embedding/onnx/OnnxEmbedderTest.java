package dev.bearings.embedding.onnx;

import dev.bearings.core.embed.Embedder;
import dev.bearings.core.embed.Embedding;
import dev.bearings.core.plugin.Settings;
import dev.bearings.testkit.MiniLmReferenceScores;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class OnnxEmbedderTest extends MiniLmReferenceScores {

    @Override
    protected Embedder createEmbedder() {
        return new OnnxEmbedderProvider().create(Settings.of(Map.of("model", "minilm")));
    }

    @Test
    void int8ModelIsCloseToFp32() {
        try (Embedder int8 = new OnnxEmbedderProvider().create(Settings.of(Map.of("model", "int8")))) {
            assertThat(int8.modelId()).isEqualTo("all-MiniLM-L6-v2/int8");
            List<String> texts = List.of("A man is eating food.", "WireGuard listens on UDP port 51820.");
            List<Embedding> a = embedder.embed(texts);
            List<Embedding> b = int8.embed(texts);
            for (int i = 0; i < texts.size(); i++) {
                assertThat(a.get(i).cosine(b.get(i))).isGreaterThan(0.95);
            }
        }
    }

    @Test
    void windowIsConfigurableUpToTheModelsPositions() {
        try (Embedder wide = new OnnxEmbedderProvider().create(Settings.of(Map.of("model", "minilm", "window", "512", "threads", "1")))) {
            assertThat(wide.maxTokens()).isEqualTo(512);
            String text = "word ".repeat(400);
            assertThat(wide.embed(text).truncated()).isFalse();
            assertThat(embedder.embed(text).truncated()).isTrue();
        }
        assertThatThrownBy(() -> new OnnxEmbedderProvider().create(Settings.of(Map.of("window", "513"))))
                .hasMessageContaining("setting window must be a whole number from 3 to 512, not '513'");
    }

    @Test
    void badSettingsAreNamed() {
        assertThatThrownBy(() -> new OnnxEmbedderProvider().create(Settings.of(Map.of("model", "/no/such/dir"))))
                .hasMessageContaining("'/no/such/dir' is neither a bundled model (minilm, minilm-int8, bge-small, bge-small-int8) nor a directory");
        assertThatThrownBy(() -> new OnnxEmbedderProvider().create(Settings.of(Map.of("threads", "many"))))
                .hasMessageContaining("threads must be a whole number");
        assertThatThrownBy(() -> new OnnxEmbedderProvider().create(Settings.of(Map.of("pooling", "max"))))
                .hasMessage("the embedder setting pooling must be one of mean, cls, not 'max'");
        assertThatThrownBy(() -> new OnnxEmbedderProvider().create(Settings.of(Map.of("normalize", "yes"))))
                .hasMessage("the embedder setting normalize must be true or false, not 'yes'");
    }
}
