package dev.bearings.embedding.onnx;

import dev.bearings.core.embed.Embedder;
import dev.bearings.core.plugin.Settings;
import dev.bearings.embedding.support.EmbeddingModel;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A model brought as a directory reads how it is used from {@value EmbeddingModel#SETTINGS_FILE}: here
 * all-MiniLM-L6-v2's files with e5-style prefixes, which must embed exactly as the bundled model
 * embeds the prefixed texts.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ModelDirectoryTest {
    @TempDir
    static Path dir;
    private Embedder bundled;

    @BeforeAll
    void copyTheBundledModel() throws IOException {
        EmbeddingModel minilm = EmbeddingModel.bundled("minilm");
        Files.write(dir.resolve("model.onnx"), minilm.onnxBytes());
        try (InputStream tokenizer = minilm.tokenizerJson()) {
            Files.copy(tokenizer, dir.resolve("tokenizer.json"));
        }
        bundled = new OnnxEmbedderProvider().create(Settings.of(Map.of("model", "minilm", "threads", "1")));
    }

    @AfterAll
    void close() {
        bundled.close();
    }

    private Embedder fromDirectory(String settingsJson, Map<String, String> more) throws IOException {
        Files.writeString(dir.resolve(EmbeddingModel.SETTINGS_FILE), settingsJson);
        Map<String, String> settings = new java.util.HashMap<>(more);
        settings.put("model", dir.toString());
        settings.put("threads", "1");
        return new OnnxEmbedderProvider().create(Settings.of(settings));
    }

    @Test
    void prefixesGoInFrontOfQueriesAndPassagesAndCountInTheirTokens() throws IOException {
        try (Embedder e5Style = fromDirectory("{\"pooling\": \"mean\", \"window\": 256, \"queryPrefix\": \"query: \", "
                + "\"passagePrefix\": \"passage: \"}", Map.of())) {
            assertThat(e5Style.modelId()).startsWith(dir.getFileName() + "/mean/prefixes-");
            assertThat(e5Style.maxTokens()).isEqualTo(256);
            String text = "WireGuard listens on UDP port 51820.";
            assertThat(e5Style.embed(text).cosine(bundled.embed("passage: " + text))).isGreaterThan(0.99999);
            assertThat(e5Style.embedQuery(text).cosine(bundled.embed("query: " + text))).isGreaterThan(0.99999);
            assertThat(e5Style.countTokens(text)).isEqualTo(bundled.countTokens("passage: " + text));
            assertThat(e5Style.embed(text).tokens()).isEqualTo(e5Style.countTokens(text));
        }
    }

    @Test
    void otherPrefixesAreAnotherModelIdAndSettingsGivenOverrideTheFile() throws IOException {
        String first;
        try (Embedder a = fromDirectory("{\"queryPrefix\": \"query: \"}", Map.of())) {
            first = a.modelId();
            assertThat(a.maxTokens()).as("a directory model's window defaults to 512").isEqualTo(512);
        }
        try (Embedder b = fromDirectory("{\"queryPrefix\": \"search_query: \"}", Map.of("pooling", "cls"))) {
            assertThat(b.modelId()).isNotEqualTo(first).startsWith(dir.getFileName() + "/cls/prefixes-");
        }
        try (Embedder plain = fromDirectory("{}", Map.of())) {
            assertThat(plain.modelId()).isEqualTo(dir.getFileName() + "/mean");
            assertThat(plain.embed("x").cosine(bundled.embed("x"))).isGreaterThan(0.99999);
        }
    }

    @Test
    void aBadSettingsFileIsNamedWithWhatIsWrong() {
        Path file = dir.resolve(EmbeddingModel.SETTINGS_FILE);
        assertThatThrownBy(() -> fromDirectory("{\"prefix\": \"query: \"}", Map.of()))
                .hasMessageContaining(file.toString()).hasMessageContaining("unknown setting 'prefix'")
                .hasMessageContaining("passagePrefix, pooling, queryPrefix, window");
        assertThatThrownBy(() -> fromDirectory("{\"pooling\": \"max\"}", Map.of())).hasMessageContaining(file.toString());
        assertThatThrownBy(() -> fromDirectory("{\"window\": 4096}", Map.of())).hasMessageContaining(file.toString())
                .hasMessageContaining("3..512");
        assertThatThrownBy(() -> fromDirectory("{\"normalize\": \"yes\"}", Map.of())).hasMessageContaining("true or false");
        assertThatThrownBy(() -> fromDirectory("{\"queryPrefix\": ", Map.of())).hasMessageContaining(file.toString())
                .hasMessageContaining("not readable JSON");
        assertThatThrownBy(() -> fromDirectory("[]", Map.of())).hasMessageContaining("one JSON object");
        assertThatThrownBy(() -> new OnnxEmbedderProvider().create(Settings.of(Map.of("model", "bge-small", "pooling", "mean"))))
                .hasMessageContaining("used as it was trained");
    }
}
