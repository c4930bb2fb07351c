package dev.bearings.embedding.djl;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import ai.djl.translate.NoBatchifyTranslator;
import ai.djl.translate.TranslatorContext;
import dev.bearings.core.embed.Vectors;
import dev.bearings.embedding.support.Pooling;

import java.util.Set;

/** Token id rows in, pooled (and normalised) vectors out: one inference call per batch. */
final class TokenBatchTranslator implements NoBatchifyTranslator<long[][], float[][]> {
    private static final String LENGTHS = "lengths";

    private final Pooling pooling;
    private final boolean normalize;
    private final boolean tokenTypes;

    TokenBatchTranslator(Pooling pooling, boolean normalize, Set<String> inputNames) {
        this.pooling = pooling;
        this.normalize = normalize;
        this.tokenTypes = inputNames.contains("token_type_ids");
    }

    @Override
    public NDList processInput(TranslatorContext ctx, long[][] rows) {
        int columns = 0;
        int[] lengths = new int[rows.length];
        for (int r = 0; r < rows.length; r++) {
            lengths[r] = rows[r].length;
            columns = Math.max(columns, rows[r].length);
        }
        long[] ids = new long[rows.length * columns];
        long[] mask = new long[rows.length * columns];
        for (int r = 0; r < rows.length; r++) {
            System.arraycopy(rows[r], 0, ids, r * columns, rows[r].length);
            java.util.Arrays.fill(mask, r * columns, r * columns + rows[r].length, 1L);
        }
        ctx.setAttachment(LENGTHS, lengths);
        NDManager manager = ctx.getNDManager();
        Shape shape = new Shape(rows.length, columns);
        NDList inputs = new NDList(named(manager.create(ids, shape), "input_ids"),
                named(manager.create(mask, shape), "attention_mask"));
        if (tokenTypes) {
            inputs.add(named(manager.create(new long[rows.length * columns], shape), "token_type_ids"));
        }
        return inputs;
    }

    @Override
    public float[][] processOutput(TranslatorContext ctx, NDList outputs) {
        NDArray hidden = outputs.get("last_hidden_state") != null ? outputs.get("last_hidden_state") : outputs.get(0);
        Shape shape = hidden.getShape();
        int rows = (int) shape.get(0);
        int columns = (int) shape.get(1);
        int dimension = (int) shape.get(2);
        float[] data = hidden.toFloatArray();
        int[] lengths = (int[]) ctx.getAttachment(LENGTHS);
        float[][] vectors = new float[rows][];
        for (int r = 0; r < rows; r++) {
            float[] vector = pooling.pool(data, r, columns, dimension, lengths[r]);
            vectors[r] = normalize ? Vectors.normalize(vector) : vector;
        }
        return vectors;
    }

    private static NDArray named(NDArray array, String name) {
        array.setName(name);
        return array;
    }
}
