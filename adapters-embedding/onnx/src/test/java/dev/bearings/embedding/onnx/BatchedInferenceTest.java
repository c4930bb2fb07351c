package dev.bearings.embedding.onnx;

import dev.bearings.embedding.support.BatchedInference;
import dev.bearings.embedding.support.EmbeddingModel;
import dev.bearings.embedding.support.WordPieces;
import org.junit.jupiter.api.Test;

import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class BatchedInferenceTest {

    @Test
    void aFailedBatchIsReportedOnlyWhenNoOtherBatchIsStillRunning() {
        AtomicInteger running = new AtomicInteger();
        AtomicInteger finished = new AtomicInteger();
        BatchedInference.Runner failsFirst = rows -> {
            running.incrementAndGet();
            try {
                if (rows[0].length > 3) {
                    throw new IllegalStateException("the engine failed");
                }
                Thread.sleep(200);
                finished.incrementAndGet();
                return new float[rows.length][1];
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            } finally {
                running.decrementAndGet();
            }
        };
        try (BatchedInference inference = new BatchedInference(WordPieces.load(EmbeddingModel.bundled("minilm")),
                256, 2, 1, false, "test")) {
            List<String> texts = new java.util.ArrayList<>(List.of("a much longer first text"));
            texts.addAll(Collections.nCopies(5, "a"));
            assertThatThrownBy(() -> inference.embed(texts, failsFirst)).hasMessage("the engine failed");
            assertThat(running.get()).as("calls still inside the engine when the failure is reported").isZero();
            assertThat(finished.get()).isEqualTo(5);
        }
    }
}
