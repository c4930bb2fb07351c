package dev.bearings.embedding.onnx;

import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtSession;
import dev.bearings.core.embed.Embedder;
import dev.bearings.core.plugin.Settings;
import dev.bearings.embedding.support.CacheFolder;
import dev.bearings.embedding.support.EmbeddingModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The optimised graph: saved by the first session, loaded by the next, embedding as the model itself
 * does; a saved graph that does not load is made again.
 */
class OptimizedModelTest {
    @TempDir
    Path cache;

    private OptimizedModel.Opened open(Path model) throws Exception {
        NativeLibraryCache.use();
        try (OrtSession.SessionOptions options = new OrtSession.SessionOptions()) {
            options.setIntraOpNumThreads(1);
            return OptimizedModel.open(OrtEnvironment.getEnvironment(), model, cache, options);
        }
    }

    @Test
    void theFirstSessionSavesTheGraphAndTheNextLoadsIt() throws Exception {
        Path model = EmbeddingModel.bundled("minilm-int8").onnxFile(cache.resolve("models"));
        Path saved = OptimizedModel.savedFor(model, cache).orElseThrow();
        OptimizedModel.Opened first = open(model);
        first.session().close();
        assertThat(first.file()).isEqualTo(model);
        assertThat(saved).isRegularFile();
        OptimizedModel.Opened second = open(model);
        second.session().close();
        assertThat(second.file()).as("the saved graph, not optimised again").isEqualTo(saved);
        try (var left = Files.list(saved.getParent())) {
            assertThat(left).as("no partial file left").containsExactly(saved);
        }
    }

    @Test
    void aSavedGraphThatDoesNotLoadIsMadeAgain() throws Exception {
        Path model = EmbeddingModel.bundled("minilm-int8").onnxFile(cache.resolve("models"));
        Path saved = OptimizedModel.savedFor(model, cache).orElseThrow();
        Files.createDirectories(saved.getParent());
        Files.writeString(saved, "not a graph");
        OptimizedModel.Opened opened = open(model);
        opened.session().close();
        assertThat(opened.file()).isEqualTo(model);
        assertThat(Files.size(saved)).as("made again").isGreaterThan(1_000_000);
    }

    /** The embedder from the saved graph embeds as the one that saved it, and as one that optimises on every start. */
    @Test
    void theSavedGraphEmbedsAsTheModel() throws Exception {
        String before = System.getProperty(CacheFolder.PROPERTY);
        System.setProperty(CacheFolder.PROPERTY, cache.toString());
        try {
            float[][] vectors = new float[3][];
            for (int i = 0; i < 3; i++) {
                System.setProperty(OptimizedModel.PROPERTY, Boolean.toString(i < 2));
                try (Embedder embedder = new OnnxEmbedderProvider().create(Settings.of(Map.of("model", "bge-small-int8", "threads", "1")))) {
                    vectors[i] = embedder.embed("how did I set up the VPN?").vector();
                }
            }
            try (var saved = Files.list(cache.resolve("models").resolve("optimized"))) {
                assertThat(saved).hasSize(1);
            }
            for (int d = 0; d < vectors[0].length; d++) {
                assertThat(vectors[1][d]).isCloseTo(vectors[0][d], within(1e-6f));
                assertThat(vectors[2][d]).isCloseTo(vectors[0][d], within(1e-6f));
            }
        } finally {
            System.clearProperty(OptimizedModel.PROPERTY);
            if (before == null) {
                System.clearProperty(CacheFolder.PROPERTY);
            } else {
                System.setProperty(CacheFolder.PROPERTY, before);
            }
        }
    }
}
