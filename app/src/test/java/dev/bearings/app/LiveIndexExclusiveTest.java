package dev.bearings.app;

import dev.bearings.app.index.LiveIndex;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One call at a time on a live index: a call that may give up (a served search, which then searches
 * the index by itself) does so while another holds the index past its patience, and runs once it is
 * free; the holder may call in again (a tool's call reads the reader under the same rule).
 */
class LiveIndexExclusiveTest {

    @Test
    void aPatientCallGivesUpWhileTheIndexIsHeldAndRunsOnceItIsFree(@TempDir Path folder) throws Exception {
        // Only the lock is exercised: nothing here opens, syncs or closes the index.
        LiveIndex index = new LiveIndex(folder, null, null, null, Clock.systemUTC());
        ExecutorService threads = Executors.newFixedThreadPool(2);
        try {
            CountDownLatch held = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            Future<Optional<String>> holder = threads.submit(() -> index.exclusively(() -> {
                held.countDown();
                assertThat(release.await(30, TimeUnit.SECONDS)).isTrue();
                return index.exclusively(Duration.ZERO, () -> "the holder calls in again");
            }));
            assertThat(held.await(30, TimeUnit.SECONDS)).isTrue();

            Future<Optional<String>> patient = threads.submit(() -> index.exclusively(Duration.ofMillis(200), () -> "ran"));
            assertThat(patient.get(30, TimeUnit.SECONDS)).as("while the index is held").isEmpty();

            release.countDown();
            assertThat(holder.get(30, TimeUnit.SECONDS)).contains("the holder calls in again");
            assertThat(threads.submit(() -> index.exclusively(Duration.ofMillis(200), () -> "ran")).get(30, TimeUnit.SECONDS))
                    .as("once it is free").contains("ran");
        } finally {
            threads.shutdownNow();
            assertThat(threads.awaitTermination(30, TimeUnit.SECONDS)).isTrue();
        }
    }
}
