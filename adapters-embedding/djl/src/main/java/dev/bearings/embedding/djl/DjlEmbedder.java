package dev.bearings.embedding.djl;

import ai.djl.MalformedModelException;
import ai.djl.Model;
import ai.djl.inference.Predictor;
import ai.djl.translate.TranslateException;
import dev.bearings.core.embed.Embedder;
import dev.bearings.embedding.support.BatchedInference;
import dev.bearings.embedding.support.DjlOffline;
import dev.bearings.embedding.support.EmbedderSettings;
import dev.bearings.embedding.support.EmbeddingModel;
import dev.bearings.embedding.support.LazyEngineEmbedder;
import dev.bearings.embedding.support.WordPieces;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.HashSet;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * {@link Embedder} over DJL's Model and Predictor API with its ONNX Runtime engine, for users who
 * manage models the DJL way. Same model files, tokenizer, batching and pooling as the ONNX adapter,
 * so the same vectors. DJL runs offline: no telemetry, no downloads.
 */
public final class DjlEmbedder extends LazyEngineEmbedder {

    /** The loaded model: made on first use, so that asking only the model's name loads nothing. */
    private static final class DjlEngine implements Engine {
        private final EmbeddingModel spec;
        private final BatchedInference inference;
        private final Model model;
        private final ThreadLocal<Predictor<long[][], float[][]>> predictors;
        private final ConcurrentLinkedQueue<Predictor<long[][], float[][]>> allPredictors = new ConcurrentLinkedQueue<>();
        private final int dimension;

        DjlEngine(EmbeddingModel spec, int window, int threads, int batchSize, int intraOpThreads, boolean sortByLength) {
            DjlOffline.ensure();
            this.spec = spec;
            this.inference = new BatchedInference(WordPieces.load(spec), window, threads, batchSize, sortByLength,
                    "bearings-djl");
            this.model = newModel(spec);
            Map<String, String> options = Map.of("intraOpNumThreads", Integer.toString(intraOpThreads),
                    "interOpNumThreads", "1", "optLevel", "ALL_OPT");
            try (InputStream onnx = new ByteArrayInputStream(spec.onnxBytes())) {
                model.load(onnx, options);
            } catch (IOException | MalformedModelException e) {
                model.close();
                inference.close();
                throw new IllegalStateException("DJL cannot load " + spec + ": " + e.getMessage(), e);
            }
            TokenBatchTranslator translator = new TokenBatchTranslator(spec.pooling(), spec.normalize(),
                    new HashSet<>(model.describeInput().keys()));
            this.predictors = ThreadLocal.withInitial(() -> {
                Predictor<long[][], float[][]> predictor = model.newPredictor(translator);
                allPredictors.add(predictor);
                return predictor;
            });
            this.dimension = inference.probeDimension(this::run);
        }

        private static Model newModel(EmbeddingModel spec) {
            try {
                return Model.newInstance(spec.id(), "OnnxRuntime");
            } catch (ExceptionInInitializerError | IllegalStateException e) {
                throw new IllegalStateException("DJL's ONNX Runtime engine cannot start after ONNX Runtime was used "
                        + "directly in this process; use one embedder per process", e);
            }
        }

        /** Predictors are not thread-safe: one per inference thread, all sharing the model. */
        @Override
        public float[][] run(long[][] rows) {
            try {
                return predictors.get().predict(rows);
            } catch (TranslateException e) {
                throw new IllegalStateException("DJL failed on " + spec + ": " + e.getMessage(), e);
            }
        }

        @Override
        public BatchedInference inference() {
            return inference;
        }

        @Override
        public int dimension() {
            return dimension;
        }

        @Override
        public void close() {
            inference.close();
            allPredictors.forEach(Predictor::close);
            model.close();
        }
    }

    public DjlEmbedder(EmbeddingModel spec, int window, int threads, int batchSize, int intraOpThreads,
                       boolean sortByLength) {
        super(spec, window, threads, batchSize, intraOpThreads,
                () -> new DjlEngine(spec, window, threads, batchSize, intraOpThreads, sortByLength));
    }

    /** The embedder the settings describe. */
    public DjlEmbedder(EmbedderSettings settings) {
        this(settings.model(), settings.window(), settings.threads(), settings.batch(), settings.intraOpThreads(),
                settings.sortByLength());
    }
}
