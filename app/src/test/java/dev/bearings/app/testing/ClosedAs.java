package dev.bearings.app.testing;

import dev.bearings.core.embed.Embedder;
import dev.bearings.testkit.ForwardingEmbedder;

/** A model whose closing does what a test says instead of closing it: kept open when shared, or watched. */
public final class ClosedAs extends ForwardingEmbedder {
    private final Runnable closing;

    public ClosedAs(Embedder model, Runnable closing) {
        super(model);
        this.closing = closing;
    }

    @Override
    public void close() {
        closing.run();
    }
}
