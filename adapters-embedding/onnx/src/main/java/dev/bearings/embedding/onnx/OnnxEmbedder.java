package dev.bearings.embedding.onnx;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import dev.bearings.core.embed.Embedder;
import dev.bearings.core.embed.Vectors;
import dev.bearings.embedding.support.BatchedInference;
import dev.bearings.embedding.support.CacheFolder;
import dev.bearings.embedding.support.EmbedderSettings;
import dev.bearings.embedding.support.EmbeddingModel;
import dev.bearings.embedding.support.LazyEngineEmbedder;
import dev.bearings.embedding.support.WordPieces;

import java.io.UncheckedIOException;
import java.nio.FloatBuffer;
import java.nio.LongBuffer;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * {@link Embedder} over ONNX Runtime. One session with one intra-op thread, called from as many
 * threads as cores: on this small model that beats one call spread over several intra-op threads
 * (the embedding benchmark measures both). Texts are batched by similar token length so padding
 * wastes little.
 */
public final class OnnxEmbedder extends LazyEngineEmbedder {

    /**
     * @param window         tokens one text may use, special tokens included (at most 512)
     * @param threads        parallel inference calls
     * @param batchSize      texts per inference call
     * @param intraOpThreads threads inside one inference call
     * @param sortByLength   batch texts of similar length together
     */
    public OnnxEmbedder(EmbeddingModel model, int window, int threads, int batchSize, int intraOpThreads,
                        boolean sortByLength) {
        super(model, window, threads, batchSize, intraOpThreads,
                () -> new OrtEngine(model, window, threads, batchSize, intraOpThreads, sortByLength));
    }

    /** The embedder the settings describe. */
    public OnnxEmbedder(EmbedderSettings settings) {
        this(settings.model(), settings.window(), settings.threads(), settings.batch(), settings.intraOpThreads(),
                settings.sortByLength());
    }

    /** The loaded model: one session, one intra-op thread, called from as many threads as cores. */
    private static final class OrtEngine implements Engine {
        private final EmbeddingModel model;
        private final BatchedInference inference;
        private final OrtEnvironment environment;
        private final OrtSession session;
        private final boolean wantsTokenTypes;
        private final int dimension;

        OrtEngine(EmbeddingModel model, int window, int threads, int batchSize, int intraOpThreads, boolean sortByLength) {
            this.model = model;
            this.inference = new BatchedInference(WordPieces.load(model), window, threads, batchSize, sortByLength,
                    "bearings-onnx");
            NativeLibraryCache.use();
            this.environment = OrtEnvironment.getEnvironment();
            try (OrtSession.SessionOptions options = new OrtSession.SessionOptions()) {
                options.setIntraOpNumThreads(intraOpThreads);
                options.setInterOpNumThreads(1);
                this.session = session(environment, model, options).session();
                this.wantsTokenTypes = session.getInputNames().contains("token_type_ids");
            } catch (OrtException e) {
                inference.close();
                throw new IllegalStateException("ONNX Runtime cannot load " + model + ": " + e.getMessage(), e);
            }
            this.dimension = inference.probeDimension(this);
        }

        /**
         * From the model's file, copied once into the cache when it is bundled, or from its optimised graph
         * saved in the cache ({@link OptimizedModel}): handed a file, ONNX Runtime reads it natively, where a
         * Java array of it would grow the heap by the model's size for good. From memory when the cache
         * cannot be written.
         */
        private static OptimizedModel.Opened session(OrtEnvironment environment, EmbeddingModel model, OrtSession.SessionOptions options)
                throws OrtException {
            Path models = CacheFolder.root().resolve("models");
            Path file;
            try {
                file = model.onnxFile(models);
            } catch (UncheckedIOException | SecurityException readOnlyOrFull) {
                options.setOptimizationLevel(OrtSession.SessionOptions.OptLevel.ALL_OPT);
                return new OptimizedModel.Opened(environment.createSession(model.onnxBytes(), options), null);
            }
            return OptimizedModel.open(environment, file, models, options);
        }

        @Override
        public BatchedInference inference() {
            return inference;
        }

        @Override
        public int dimension() {
            return dimension;
        }

        /** One inference call over rows padded to the longest of them. */
        @Override
        public float[][] run(long[][] rows) {
            int columns = Arrays.stream(rows).mapToInt(r -> r.length).max().orElse(0);
            long[] ids = new long[rows.length * columns];
            long[] mask = new long[rows.length * columns];
            for (int r = 0; r < rows.length; r++) {
                System.arraycopy(rows[r], 0, ids, r * columns, rows[r].length);
                Arrays.fill(mask, r * columns, r * columns + rows[r].length, 1L);
            }
            long[] shape = {rows.length, columns};
            Map<String, OnnxTensor> inputs = new HashMap<>();
            try {
                inputs.put("input_ids", OnnxTensor.createTensor(environment, LongBuffer.wrap(ids), shape));
                inputs.put("attention_mask", OnnxTensor.createTensor(environment, LongBuffer.wrap(mask), shape));
                if (wantsTokenTypes) {
                    inputs.put("token_type_ids", OnnxTensor.createTensor(environment,
                            LongBuffer.wrap(new long[rows.length * columns]), shape));
                }
                try (OrtSession.Result result = session.run(inputs)) {
                    OnnxTensor output = (OnnxTensor) result.get("last_hidden_state").orElse(result.get(0));
                    long[] outShape = output.getInfo().getShape();
                    int dim = (int) outShape[outShape.length - 1];
                    FloatBuffer buffer = output.getFloatBuffer();
                    float[] hidden = new float[buffer.remaining()];
                    buffer.get(hidden);
                    float[][] pooled = new float[rows.length][];
                    for (int r = 0; r < rows.length; r++) {
                        float[] vector = model.pooling().pool(hidden, r, columns, dim, rows[r].length);
                        pooled[r] = model.normalize() ? Vectors.normalize(vector) : vector;
                    }
                    return pooled;
                }
            } catch (OrtException e) {
                throw new IllegalStateException("ONNX Runtime failed on " + model + ": " + e.getMessage(), e);
            } finally {
                inputs.values().forEach(OnnxTensor::close);
            }
        }

        @Override
        public void close() {
            // The inference first: it waits for calls still running in the session.
            inference.close();
            try {
                session.close();
            } catch (OrtException e) {
                throw new IllegalStateException("cannot close the ONNX session of " + model, e);
            }
        }
    }
}
