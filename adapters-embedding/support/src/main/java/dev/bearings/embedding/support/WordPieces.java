package dev.bearings.embedding.support;

import ai.djl.huggingface.tokenizers.Encoding;
import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;

/**
 * The model's own tokenizer ({@code tokenizer.json} through DJL's Hugging Face binding), with its
 * built-in truncation and padding switched off: tokens are counted whole, and any cut to the window
 * is made here, on purpose, and reported.
 */
public final class WordPieces implements AutoCloseable {
    private final HuggingFaceTokenizer tokenizer;

    private WordPieces(HuggingFaceTokenizer tokenizer) {
        this.tokenizer = tokenizer;
    }

    public static WordPieces load(EmbeddingModel model) {
        DjlOffline.ensure();
        try {
            TokenizerLibrary.prepare();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot load the tokenizer of " + model + ": " + e.getMessage(), e);
        }
        try (InputStream json = model.tokenizerJson()) {
            return new WordPieces(HuggingFaceTokenizer.newInstance(json,
                    Map.of("truncation", "false", "padding", "false", "addSpecialTokens", "true")));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot load the tokenizer of " + model, e);
        }
    }

    /** Tokens of the whole text, special tokens included. */
    public int count(String text) {
        return tokenizer.encode(text).getIds().length;
    }

    /** The text's token ids, cut to {@code window} (keeping the closing special token) when longer. */
    public TokenIds encode(String text, int window) {
        Encoding encoding = tokenizer.encode(text);
        long[] ids = encoding.getIds();
        if (ids.length <= window) {
            return new TokenIds(ids, ids.length, false);
        }
        long[] cut = new long[window];
        System.arraycopy(ids, 0, cut, 0, window - 1);
        cut[window - 1] = ids[ids.length - 1];
        return new TokenIds(cut, ids.length, true);
    }

    @Override
    public void close() {
        tokenizer.close();
    }

    /**
     * @param ids       what the model reads
     * @param total     tokens of the whole text
     * @param truncated whether {@code ids} is a cut of it
     */
    public record TokenIds(long[] ids, int total, boolean truncated) {
    }
}
