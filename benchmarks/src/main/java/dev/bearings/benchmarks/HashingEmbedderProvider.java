package dev.bearings.benchmarks;

import dev.bearings.core.embed.Embedder;
import dev.bearings.core.plugin.EmbedderProvider;
import dev.bearings.core.plugin.Settings;
import dev.bearings.testkit.WordHashingEmbedder;

/**
 * The tests' stand-in embedder, {@link WordHashingEmbedder}, as a plugin named {@code hashing} for the
 * benchmarks: it makes indexing the whole 14,146-file corpus take minutes, not hours, so that what a
 * no-change re-sync costs (listing and comparing, no embedding at all) can be measured at full size.
 * It is found through {@code META-INF/services}, like any plugin, and only in the benchmarks' jar.
 */
public final class HashingEmbedderProvider implements EmbedderProvider {

    @Override
    public String name() {
        return "hashing";
    }

    @Override
    public String description() {
        return "benchmarks only: word-hashing vectors, no model";
    }

    @Override
    public Embedder create(Settings settings) {
        return new WordHashingEmbedder(384, 256);
    }
}
