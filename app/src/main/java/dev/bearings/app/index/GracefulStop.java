package dev.bearings.app.index;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * What SIGTERM or Ctrl-C does to a command that runs until stopped: {@code onSignal} tells its main thread
 * to finish, and the JVM waits (at most {@code most}) until that thread closes this, so a sync under way
 * or a server's goodbye is not cut short.
 */
public final class GracefulStop implements AutoCloseable {
    private final CountDownLatch finished = new CountDownLatch(1);

    public GracefulStop(String name, Runnable onSignal, Duration most) {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            onSignal.run();
            try {
                finished.await(most.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, name));
    }

    /** The main thread has finished: the JVM may exit. */
    @Override
    public void close() {
        finished.countDown();
    }
}
