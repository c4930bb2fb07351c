package dev.bearings.benchmarks;

import dev.bearings.core.chunk.Words;
import dev.bearings.core.embed.Embedder;
import dev.bearings.core.embed.Embedding;
import dev.bearings.core.embed.Vectors;
import dev.bearings.core.plugin.EmbedderProvider;
import dev.bearings.core.plugin.Settings;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * An embedder named {@code hashing} for benchmarks only: vectors from a text's hash, tokens as 1.5 per
 * word. It makes indexing the whole 14,146-file corpus take minutes, not hours, so that what a
 * no-change re-sync costs (listing and comparing, no embedding at all) can be measured at full size.
 * It is found through {@code META-INF/services}, like any plugin.
 */
public final class HashingEmbedderProvider implements EmbedderProvider {

    @Override
    public String name() {
        return "hashing";
    }

    @Override
    public String description() {
        return "benchmarks only: random vectors seeded by the text's hash";
    }

    @Override
    public Embedder create(Settings settings) {
        return new Embedder() {
            @Override
            public String modelId() {
                return "hashing/384";
            }

            @Override
            public int dimension() {
                return 384;
            }

            @Override
            public int maxTokens() {
                return 256;
            }

            @Override
            public int countTokens(String text) {
                return 2 + Words.count(text) * 3 / 2;
            }

            @Override
            public List<Embedding> embed(List<String> texts) {
                List<Embedding> out = new ArrayList<>(texts.size());
                for (String text : texts) {
                    Random random = new Random(text.hashCode());
                    float[] vector = new float[384];
                    for (int i = 0; i < vector.length; i++) {
                        vector[i] = (float) random.nextGaussian();
                    }
                    int tokens = countTokens(text);
                    out.add(new Embedding(Vectors.normalize(vector), tokens, tokens > 256));
                }
                return out;
            }

            @Override
            public void close() {
            }
        };
    }
}
