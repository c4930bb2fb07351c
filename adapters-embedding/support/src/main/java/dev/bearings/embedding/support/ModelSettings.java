package dev.bearings.embedding.support;

import java.util.Objects;

/**
 * What a model needs to be used as it was trained: how token vectors become one vector, whether it is
 * scaled to unit length, how many word pieces it reads, and the text it expects in front of a query and
 * in front of a passage (bge's search instruction, e5's {@code query: } and {@code passage: }).
 *
 * @param window        the model's trained window in word pieces, special tokens included
 * @param queryPrefix   put in front of every query before embedding
 * @param passagePrefix put in front of every passage (chunk) before embedding; counted in its tokens
 */
public record ModelSettings(Pooling pooling, boolean normalize, int window, String queryPrefix, String passagePrefix) {

    public ModelSettings {
        Objects.requireNonNull(pooling, "pooling");
        Objects.requireNonNull(queryPrefix, "queryPrefix");
        Objects.requireNonNull(passagePrefix, "passagePrefix");
        EmbeddingModel.checkedWindow(window);
    }

    /** Whether queries or passages are embedded behind a prefix. */
    public boolean prefixed() {
        return !queryPrefix.isEmpty() || !passagePrefix.isEmpty();
    }
}
