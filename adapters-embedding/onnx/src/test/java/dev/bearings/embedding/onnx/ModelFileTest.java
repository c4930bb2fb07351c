package dev.bearings.embedding.onnx;

import dev.bearings.core.embed.Embedder;
import dev.bearings.core.plugin.Settings;
import dev.bearings.embedding.support.CacheFolder;
import dev.bearings.embedding.support.EmbeddingModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.Arrays;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A bundled model handed to ONNX Runtime as a file: copied whole into the cache once, used as it is
 * afterwards, and when the cache cannot be written the embedder still loads the model, from memory.
 */
class ModelFileTest {
    @TempDir
    Path cache;

    @Test
    void aBundledModelIsCopiedWholeOnceAndThenUsedAsItIs() throws Exception {
        EmbeddingModel model = EmbeddingModel.bundled("minilm-int8");
        Path file = model.onnxFile(cache);
        assertThat(file).startsWith(cache);
        assertThat(Arrays.equals(Files.readAllBytes(file), model.onnxBytes())).as("the copy is the model, byte for byte").isTrue();
        FileTime longAgo = FileTime.from(Instant.parse("2020-01-01T00:00:00Z"));
        Files.setLastModifiedTime(file, longAgo);
        assertThat(model.onnxFile(cache)).isEqualTo(file);
        assertThat(Files.getLastModifiedTime(file)).as("not copied again").isEqualTo(longAgo);
        try (var left = Files.list(file.getParent())) {
            assertThat(left).as("no partial copy left behind").containsExactly(file);
        }
        assertThat(EmbeddingModel.bundled("bge-small-int8").onnxFile(cache)).isNotEqualTo(file);
    }

    @Test
    void aCacheThatCannotBeWrittenIsNamedAndTheEmbedderLoadsTheModelFromMemory() throws Exception {
        Path notAFolder = Files.writeString(cache.resolve("cache"), "a file where the cache folder should be");
        assertThatThrownBy(() -> EmbeddingModel.bundled("minilm-int8").onnxFile(notAFolder))
                .isInstanceOf(UncheckedIOException.class).hasMessageContaining("all-MiniLM-L6-v2").hasMessageContaining(notAFolder.toString());
        String before = System.getProperty(CacheFolder.PROPERTY);
        System.setProperty(CacheFolder.PROPERTY, notAFolder.toString());
        try (Embedder embedder = new OnnxEmbedderProvider().create(Settings.of(Map.of("model", "minilm-int8", "threads", "1")))) {
            assertThat(embedder.embed("how did I set up the VPN?").vector()).hasSize(384);
        } finally {
            if (before == null) {
                System.clearProperty(CacheFolder.PROPERTY);
            } else {
                System.setProperty(CacheFolder.PROPERTY, before);
            }
        }
    }
}
