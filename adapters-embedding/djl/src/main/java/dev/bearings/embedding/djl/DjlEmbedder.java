package dev.bearings.embedding.djl;

import ai.djl.MalformedModelException;
import ai.djl.Model;
import ai.djl.inference.Predictor;
import ai.djl.translate.TranslateException;
import dev.bearings.core.embed.Embedder;
import dev.bearings.core.embed.Embedding;
import dev.bearings.embedding.support.Batches;
import dev.bearings.embedding.support.DjlOffline;
import dev.bearings.embedding.support.EmbeddingModel;
import dev.bearings.embedding.support.WordPieces;
import dev.bearings.embedding.support.WordPieces.TokenIds;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * {@link Embedder} over DJL's Model and Predictor API with its ONNX Runtime engine, for users who
 * manage models the DJL way. Same model files, tokenizer, batching and pooling as the ONNX adapter,
 * so the same vectors. DJL runs offline: no telemetry, no downloads.
 */
public final class DjlEmbedder implements Embedder {
    private final EmbeddingModel spec;
    private final int window;
    private final int batchSize;
    private final WordPieces wordPieces;
    private final Model model;
    private final TokenBatchTranslator translator;
    private final ThreadLocal<Predictor<long[][], float[][]>> predictors;
    private final ConcurrentLinkedQueue<Predictor<long[][], float[][]>> allPredictors = new ConcurrentLinkedQueue<>();
    private final ExecutorService workers;
    private final int dimension;

    public DjlEmbedder(EmbeddingModel spec, int window, int threads, int batchSize) {
        if (window < 3 || window > EmbeddingModel.MAX_POSITIONS) {
            throw new IllegalArgumentException("token window must be 3.." + EmbeddingModel.MAX_POSITIONS + ", was " + window);
        }
        if (threads < 1 || batchSize < 1) {
            throw new IllegalArgumentException("threads and batch size must be at least 1, were " + threads
                    + " and " + batchSize);
        }
        DjlOffline.ensure();
        this.spec = spec;
        this.window = window;
        this.batchSize = batchSize;
        this.wordPieces = WordPieces.load(spec);
        this.model = Model.newInstance(spec.id(), "OnnxRuntime");
        Map<String, String> options = Map.of("intraOpNumThreads", "1", "interOpNumThreads", "1", "optLevel", "ALL_OPT");
        try (InputStream onnx = new java.io.ByteArrayInputStream(spec.onnxBytes())) {
            model.load(onnx, options);
        } catch (IOException | MalformedModelException e) {
            model.close();
            throw new IllegalStateException("DJL cannot load " + spec + ": " + e.getMessage(), e);
        }
        Set<String> inputNames = new HashSet<>(model.describeInput().keys());
        this.translator = new TokenBatchTranslator(spec.pooling(), spec.normalize(), inputNames);
        this.predictors = ThreadLocal.withInitial(() -> {
            Predictor<long[][], float[][]> predictor = model.newPredictor(translator);
            allPredictors.add(predictor);
            return predictor;
        });
        AtomicInteger n = new AtomicInteger();
        this.workers = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "bearings-djl-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        this.dimension = run(new long[][]{wordPieces.encode("", window).ids()})[0].length;
    }

    @Override
    public String modelId() {
        return spec.id();
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
        long[][] rows = new long[batch.length][];
        for (int i = 0; i < batch.length; i++) {
            rows[i] = encoded.get(batch[i]).ids();
        }
        float[][] pooled = run(rows);
        for (int i = 0; i < batch.length; i++) {
            vectors[batch[i]] = pooled[i];
        }
    }

    private float[][] run(long[][] rows) {
        try {
            return predictors.get().predict(rows);
        } catch (TranslateException e) {
            throw new IllegalStateException("DJL failed on " + spec + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        workers.shutdownNow();
        allPredictors.forEach(Predictor::close);
        model.close();
        wordPieces.close();
    }
}
