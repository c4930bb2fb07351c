package dev.bearings.embedding.support;

import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.Map;

/**
 * The model's own tokenizer ({@code tokenizer.json} through DJL's Hugging Face binding), with its
 * built-in truncation and padding switched off: tokens are counted whole, and any cut to the window
 * is made here, on purpose, and reported.
 *
 * <p>No call hands the tokenizer more than {@link #MAX_CHARS_PER_CALL} characters: it keeps hundreds
 * of bytes per token of what it is handed (a note of 9 MB of {@code >} took gigabytes), so a longer
 * text is tokenized in slices. A slice ends before white space where it can, or else before a
 * punctuation character, where the model's pre-tokenizer splits words anyway, so that the slices have
 * the tokens of the whole; a longer run with neither (a base64 image is one) is cut at the limit,
 * which makes a word of it at most that long.
 */
public final class WordPieces implements AutoCloseable {
    /** The most characters of a text handed to the tokenizer in one call. */
    static final int MAX_CHARS_PER_CALL = 16_384;
    private static final long[] NONE = new long[0];

    private final HuggingFaceTokenizer tokenizer;
    /**
     * The special tokens the tokenizer puts before and after a text ({@code [CLS]}, {@code [SEP]}); null
     * for a tokenizer that does not put a text's tokens between them, which is then handed texts whole.
     */
    private final long[] leading;
    private final long[] trailing;

    private WordPieces(HuggingFaceTokenizer tokenizer) {
        this.tokenizer = tokenizer;
        long[] wrapped = tokenizer.encode("a").getIds();
        long[] bare = ids("a");
        int at = indexOf(wrapped, bare);
        this.leading = at < 0 ? null : Arrays.copyOfRange(wrapped, 0, at);
        this.trailing = at < 0 ? null : Arrays.copyOfRange(wrapped, at + bare.length, wrapped.length);
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
        if (text.length() <= MAX_CHARS_PER_CALL || leading == null) {
            return tokenizer.encode(text).getIds().length;
        }
        int count = leading.length + trailing.length;
        for (int from = 0, to; from < text.length(); from = to) {
            to = sliceEnd(text, from);
            count += ids(text.substring(from, to)).length;
        }
        return count;
    }

    /** The text's token ids, cut to {@code window} (keeping the closing special token) when longer. */
    public TokenIds encode(String text, int window) {
        Head head = new Head(window);
        if (text.length() <= MAX_CHARS_PER_CALL || leading == null) {
            head.add(tokenizer.encode(text).getIds());
            return head.ids();
        }
        head.add(leading);
        for (int from = 0, to; from < text.length(); from = to) {
            to = sliceEnd(text, from);
            head.add(ids(text.substring(from, to)));
        }
        head.add(trailing);
        return head.ids();
    }

    /** The first {@code window} ids of a text's, handed over in parts; of the rest, their number and the last. */
    private static final class Head {
        private final long[] ids;
        private int kept;
        private int total;
        private long last;

        Head(int window) {
            ids = new long[window];
        }

        void add(long[] part) {
            int taken = Math.min(part.length, ids.length - kept);
            System.arraycopy(part, 0, ids, kept, taken);
            kept += taken;
            total += part.length;
            if (part.length > 0) {
                last = part[part.length - 1];
            }
        }

        /** All the ids when they fit the window; else its first ids but one, then the last (the closing special token). */
        TokenIds ids() {
            if (total <= ids.length) {
                return new TokenIds(Arrays.copyOf(ids, total), total, false);
            }
            long[] cut = ids.clone();
            cut[cut.length - 1] = last;
            return new TokenIds(cut, total, true);
        }
    }

    /** A slice's ids, without special tokens. */
    private long[] ids(String slice) {
        return slice.isEmpty() ? NONE : tokenizer.encode(slice, false, false).getIds();
    }

    /**
     * Where the slice of {@code text} starting at {@code from} ends: the text's end when it is near, else
     * the last white space, or failing that the last punctuation character, in the second half of the
     * longest slice (so that every slice but the last is at least half of it, and finding the end takes
     * time in proportion to the slice), or failing both the longest slice, not inside a surrogate pair.
     */
    static int sliceEnd(String text, int from) {
        int longest = from + MAX_CHARS_PER_CALL;
        if (longest >= text.length()) {
            return text.length();
        }
        int half = from + MAX_CHARS_PER_CALL / 2;
        for (int at = longest; at > half; at--) {
            if (Character.isWhitespace(text.charAt(at))) {
                return at;
            }
        }
        for (int at = longest; at > half; at--) {
            char c = text.charAt(at);
            if (!Character.isLetterOrDigit(c) && !Character.isSurrogate(c) && !Character.isWhitespace(c)) {
                return at;
            }
        }
        return Character.isLowSurrogate(text.charAt(longest)) ? longest - 1 : longest;
    }

    private static int indexOf(long[] in, long[] part) {
        for (int at = 0; at + part.length <= in.length; at++) {
            if (Arrays.equals(in, at, at + part.length, part, 0, part.length)) {
                return at;
            }
        }
        return -1;
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
