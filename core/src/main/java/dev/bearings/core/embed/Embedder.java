package dev.bearings.core.embed;

import java.util.List;

/**
 * Port: turns texts into unit vectors with a local model.
 *
 * <p>An embedder reads at most {@link #maxTokens()} tokens of a text, special tokens included. It
 * never cuts a text silently: a longer one is cut to the window on purpose and its
 * {@link Embedding#truncated()} says so, so that callers can count and report it. Chunking asks
 * {@link #countTokens} so that chunks never need cutting. Implementations are thread-safe.
 */
public interface Embedder extends AutoCloseable {

    /** Names the model and its variant, such as {@code all-MiniLM-L6-v2/fp32}: vectors of different ids never mix. */
    String modelId();

    int dimension();

    /** The token window: how many tokens, special tokens included, one text may use. */
    int maxTokens();

    /** Tokens the model would read for the whole text, special tokens included, ignoring the window. */
    int countTokens(String text);

    /**
     * One embedding per text to be found (a chunk, a passage), in order. A model that wants a marker in
     * front of passages adds it here, and {@link #countTokens} counts it.
     */
    List<Embedding> embed(List<String> texts);

    default Embedding embed(String text) {
        return embed(List.of(text)).get(0);
    }

    /**
     * The embedding of a search query. Models trained with an instruction in front of queries (bge's
     * "Represent this sentence for searching relevant passages: ", e5's "query: ") add it here; the
     * default embeds the query as a passage.
     */
    default Embedding embedQuery(String query) {
        return embed(query);
    }

    @Override
    void close();
}
