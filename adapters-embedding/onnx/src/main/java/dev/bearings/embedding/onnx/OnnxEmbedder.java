package dev.bearings.embedding.onnx;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import dev.bearings.core.embed.Embedder;
import dev.bearings.core.embed.Embedding;
import dev.bearings.core.embed.Vectors;
import dev.bearings.embedding.support.Batches;
import dev.bearings.embedding.support.EmbeddingModel;
import dev.bearings.embedding.support.WordPieces;
import dev.bearings.embedding.support.WordPieces.TokenIds;

import java.nio.FloatBuffer;
import java.nio.LongBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * {@link Embedder} over ONNX Runtime. One session, one intra-op thread, and as many caller threads
 * as cores: on small transformer models this beats one run spread over several intra-op threads
 * (the benchmark measures both). Texts are batched by similar token length so padding stays small.
 */
public final class OnnxEmbedder implements Embedder {
    private final EmbeddingModel model;
    private final int window;
    private final int batchSize;
    private final WordPieces wordPieces;
    private final OrtEnvironment environment;
    private final OrtSession session;
    private final boolean wantsTokenTypes;
    private final int dimension;
    private final ExecutorService workers;

    /**
     * @param window    tokens one text may use, special tokens included (at most 512)
     * @param threads   inference threads
     * @param batchSize texts per inference call
     */
    public OnnxEmbedder(EmbeddingModel model, int window, int threads, int batchSize) {
        if (window < 3 || window > EmbeddingModel.MAX_POSITIONS) {
            throw new IllegalArgumentException("token window must be 3.." + EmbeddingModel.MAX_POSITIONS + ", was " + window);
        }
        if (threads < 1 || batchSize < 1) {
            throw new IllegalArgumentException("threads and batch size must be at least 1, were " + threads
                    + " and " + batchSize);
        }
        this.model = model;
        this.window = window;
        this.batchSize = batchSize;
        this.wordPieces = WordPieces.load(model);
        this.environment = OrtEnvironment.getEnvironment();
        try (OrtSession.SessionOptions options = new OrtSession.SessionOptions()) {
            options.setIntraOpNumThreads(1);
            options.setInterOpNumThreads(1);
            options.setOptimizationLevel(OrtSession.SessionOptions.OptLevel.ALL_OPT);
            this.session = environment.createSession(model.onnxBytes(), options);
            this.wantsTokenTypes = session.getInputNames().contains("token_type_ids");
        } catch (OrtException e) {
            throw new IllegalStateException("ONNX Runtime cannot load " + model + ": " + e.getMessage(), e);
        }
        AtomicInteger n = new AtomicInteger();
        this.workers = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "bearings-onnx-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        this.dimension = run(List.of(wordPieces.encode("", window))).get(0).length;
    }

    @Override
    public String modelId() {
        return model.id();
    }

    @Override
    public int dimension() {
        return dimension;
    }

    @Override
    public int maxTokens() {
        return window;
    }

    @Override
    public int countTokens(String text) {
        return wordPieces.count(text);
    }

    @Override
    public List<Embedding> embed(List<String> texts) {
        List<TokenIds> encoded = new ArrayList<>(texts.size());
        int[] lengths = new int[texts.size()];
        for (int i = 0; i < texts.size(); i++) {
            encoded.add(wordPieces.encode(texts.get(i), window));
            lengths[i] = encoded.get(i).ids().length;
        }
        float[][] vectors = new float[texts.size()][];
        List<int[]> batches = Batches.plan(lengths, batchSize, batchSize * window);
        if (batches.size() == 1) {
            fill(batches.get(0), encoded, vectors);
        } else {
            List<Future<?>> pending = new ArrayList<>();
            for (int[] batch : batches) {
                pending.add(workers.submit(() -> fill(batch, encoded, vectors)));
            }
            for (Future<?> future : pending) {
                try {
                    future.get();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted while embedding", e);
                } catch (ExecutionException e) {
                    throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
                }
            }
        }
        List<Embedding> out = new ArrayList<>(texts.size());
        for (int i = 0; i < texts.size(); i++) {
            out.add(new Embedding(vectors[i], encoded.get(i).total(), encoded.get(i).truncated()));
        }
        return out;
    }

    private void fill(int[] batch, List<TokenIds> encoded, float[][] vectors) {
        List<TokenIds> texts = new ArrayList<>(batch.length);
        for (int i : batch) {
            texts.add(encoded.get(i));
        }
        List<float[]> pooled = run(texts);
        for (int i = 0; i < batch.length; i++) {
            vectors[batch[i]] = pooled.get(i);
        }
    }

    /** One inference call over texts padded to the longest of them. */
    private List<float[]> run(List<TokenIds> texts) {
        int rows = texts.size();
        int columns = texts.stream().mapToInt(t -> t.ids().length).max().orElse(0);
        long[] ids = new long[rows * columns];
        long[] mask = new long[rows * columns];
        for (int r = 0; r < rows; r++) {
            long[] row = texts.get(r).ids();
            System.arraycopy(row, 0, ids, r * columns, row.length);
            Arrays.fill(mask, r * columns, r * columns + row.length, 1L);
        }
        long[] shape = {rows, columns};
        Map<String, OnnxTensor> inputs = new HashMap<>();
        try {
            inputs.put("input_ids", OnnxTensor.createTensor(environment, LongBuffer.wrap(ids), shape));
            inputs.put("attention_mask", OnnxTensor.createTensor(environment, LongBuffer.wrap(mask), shape));
            if (wantsTokenTypes) {
                inputs.put("token_type_ids", OnnxTensor.createTensor(environment, LongBuffer.wrap(new long[rows * columns]), shape));
            }
            try (OrtSession.Result result = session.run(inputs)) {
                OnnxTensor output = (OnnxTensor) result.get("last_hidden_state").orElse(result.get(0));
                long[] outShape = output.getInfo().getShape();
                int dim = (int) outShape[outShape.length - 1];
                FloatBuffer buffer = output.getFloatBuffer();
                float[] hidden = new float[buffer.remaining()];
                buffer.get(hidden);
                List<float[]> pooled = new ArrayList<>(rows);
                for (int r = 0; r < rows; r++) {
                    float[] vector = model.pooling().pool(hidden, r, columns, dim, texts.get(r).ids().length);
                    pooled.add(model.normalize() ? Vectors.normalize(vector) : vector);
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
        workers.shutdownNow();
        try {
            session.close();
        } catch (OrtException e) {
            throw new IllegalStateException("cannot close the ONNX session of " + model, e);
        } finally {
            wordPieces.close();
        }
    }
}
