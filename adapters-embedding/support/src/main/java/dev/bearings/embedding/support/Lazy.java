package dev.bearings.embedding.support;

import java.util.function.Supplier;

/**
 * A value made on first use, once, thread-safely. Loading a model takes seconds and memory; a sync
 * that finds nothing changed, or a command that only needs the model's name, should pay neither.
 */
public final class Lazy<T> implements Supplier<T> {
    private final Supplier<T> factory;
    private volatile T value;

    public Lazy(Supplier<T> factory) {
        this.factory = factory;
    }

    @Override
    public T get() {
        T current = value;
        if (current == null) {
            synchronized (this) {
                current = value;
                if (current == null) {
                    current = factory.get();
                    value = current;
                }
            }
        }
        return current;
    }

    public boolean isLoaded() {
        return value != null;
    }
}
