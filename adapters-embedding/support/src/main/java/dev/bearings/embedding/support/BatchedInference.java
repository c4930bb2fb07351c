package dev.bearings.embedding.support;

import dev.bearings.core.embed.Embedding;
import dev.bearings.embedding.support.WordPieces.TokenIds;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Everything an embedding engine does around its inference call, the same for every engine:
 * tokenize and cut to the window (on purpose, reported), batch by similar length, run the batches
 * on parallel threads, and put the vectors back in input order.
 */
public final class BatchedInference implements AutoCloseable {

    /** One inference call: token id rows (unpadded) in, one pooled vector per row out. */
    @FunctionalInterface
    public interface Runner {
        float[][] run(long[][] rows);
    }

    private final WordPieces wordPieces;
    private final int window;
    private final int batchSize;
    private final boolean sortByLength;
    private final ExecutorService workers;

    public BatchedInference(WordPieces wordPieces, int window, int threads, int batchSize, boolean sortByLength,
                            String threadName) {
        EmbeddingModel.checkedWindow(window);
        if (threads < 1 || batchSize < 1) {
            throw new IllegalArgumentException("threads and batch size must be at least 1, were " + threads
                    + " and " + batchSize);
        }
        this.wordPieces = wordPieces;
        this.window = window;
        this.batchSize = batchSize;
        this.sortByLength = sortByLength;
        AtomicInteger n = new AtomicInteger();
        this.workers = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, threadName + "-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    public int window() {
        return window;
    }

    public int countTokens(String text) {
        return wordPieces.count(text);
    }

    /** The vector dimension, found by embedding the empty text once. */
    public int probeDimension(Runner runner) {
        return runner.run(new long[][]{wordPieces.encode("", window).ids()})[0].length;
    }

    public List<Embedding> embed(List<String> texts, Runner runner) {
        List<TokenIds> encoded = new ArrayList<>(texts.size());
        int[] lengths = new int[texts.size()];
        for (int i = 0; i < texts.size(); i++) {
            encoded.add(wordPieces.encode(texts.get(i), window));
            lengths[i] = encoded.get(i).ids().length;
        }
        float[][] vectors = new float[texts.size()][];
        List<int[]> batches = Batches.plan(lengths, batchSize, batchSize * window, sortByLength);
        if (batches.size() == 1) {
            fill(batches.get(0), encoded, vectors, runner);
        } else {
            List<Future<?>> pending = new ArrayList<>();
            for (int[] batch : batches) {
                pending.add(workers.submit(() -> fill(batch, encoded, vectors, runner)));
            }
            // Every batch is waited for, even after one has failed, so that no call is still running
            // in the engine when the caller, seeing the failure, closes it under that call.
            RuntimeException failure = null;
            for (Future<?> future : pending) {
                try {
                    future.get();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted while embedding", e);
                } catch (ExecutionException e) {
                    failure = failure != null ? failure
                            : e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
                }
            }
            if (failure != null) {
                throw failure;
            }
        }
        List<Embedding> out = new ArrayList<>(texts.size());
        for (int i = 0; i < texts.size(); i++) {
            out.add(new Embedding(vectors[i], encoded.get(i).total(), encoded.get(i).truncated()));
        }
        return out;
    }

    private static void fill(int[] batch, List<TokenIds> encoded, float[][] vectors, Runner runner) {
        long[][] rows = new long[batch.length][];
        for (int i = 0; i < batch.length; i++) {
            rows[i] = encoded.get(batch[i]).ids();
        }
        float[][] pooled = runner.run(rows);
        for (int i = 0; i < batch.length; i++) {
            vectors[batch[i]] = pooled[i];
        }
    }

    @Override
    public void close() {
        workers.shutdownNow();
        wordPieces.close();
    }
}
