package dev.bearings.mcp.http;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

/** When a server was last asked something, so that one started for a person's searches can stop when idle. */
public final class Activity {
    private final AtomicLong last = new AtomicLong(System.nanoTime());

    /** A request came in. */
    public void touch() {
        last.set(System.nanoTime());
    }

    /** How long since the last request (or since this was made). */
    public Duration idle() {
        return Duration.ofNanos(System.nanoTime() - last.get());
    }
}
