package dev.bearings.core.embed;

import java.util.Objects;

/**
 * A text's vector, with what the model read of it.
 *
 * @param vector    unit length (unless the model is configured not to normalise)
 * @param tokens    tokens of the whole text, special tokens included
 * @param truncated whether the text was longer than the window and cut to it
 */
public record Embedding(float[] vector, int tokens, boolean truncated) {

    public Embedding {
        Objects.requireNonNull(vector, "vector");
    }

    public double cosine(Embedding other) {
        return Vectors.cosine(vector, other.vector);
    }
}
