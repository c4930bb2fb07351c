package dev.bearings.embedding.support;

/** How a model's token vectors become one text vector. */
public enum Pooling {
    /** Average of the token vectors the attention mask keeps (sentence-transformers' default). */
    MEAN,
    /** The first ([CLS]) token's vector. */
    CLS;

    /**
     * Pools one text out of a batch's hidden states, laid out {@code [batch][sequence][dimension]}.
     *
     * @param length the text's real token count; the rest of its row is padding
     */
    public float[] pool(float[] hidden, int row, int sequence, int dimension, int length) {
        float[] out = new float[dimension];
        int base = row * sequence * dimension;
        if (this == CLS) {
            System.arraycopy(hidden, base, out, 0, dimension);
            return out;
        }
        for (int t = 0; t < length; t++) {
            int offset = base + t * dimension;
            for (int d = 0; d < dimension; d++) {
                out[d] += hidden[offset + d];
            }
        }
        for (int d = 0; d < dimension; d++) {
            out[d] /= Math.max(1, length);
        }
        return out;
    }
}
