package dev.bearings.app.testing;

import dev.bearings.core.embed.Embedder;
import dev.bearings.core.embed.Embedding;
import dev.bearings.testkit.ForwardingEmbedder;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A model that a test can hold in the middle of a sync: once armed, the sync's embedding after a given
 * number of them waits until the test releases it, so that what the test does "while a sync runs"
 * happens while one does, however fast the machine. A sync embeds a round of notes at a time (16) and
 * writes them before it embeds the next. Queries are never held.
 */
public final class HeldModel extends ForwardingEmbedder {
    /** Embeddings to let pass before the one held; below zero, none is held (not armed, or held once already). */
    private final AtomicInteger toPass = new AtomicInteger(-1);
    private final CountDownLatch held = new CountDownLatch(1);
    private final CountDownLatch released = new CountDownLatch(1);

    public HeldModel(Embedder model) {
        super(model);
    }

    /** Holds the embedding after the next {@code pass} ones; once only. */
    public void holdAfter(int pass) {
        toPass.set(pass);
    }

    /** Waits, within {@code most}, until a sync is held. */
    public void awaitHeld(Duration most) throws InterruptedException {
        if (!held.await(most.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new AssertionError("no sync embedded within " + most);
        }
    }

    /** Whether a sync waits here now. */
    public boolean isHeld() {
        return held.getCount() == 0 && released.getCount() == 1;
    }

    public void release() {
        released.countDown();
    }

    @Override
    public List<Embedding> embed(List<String> texts) {
        if (toPass.getAndDecrement() == 0) {
            held.countDown();
            try {
                // Bounded: a test that fails before it releases must not hang the sync for ever.
                released.await(1, TimeUnit.MINUTES);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return super.embed(texts);
    }
}
