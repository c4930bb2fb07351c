package dev.bearings.testkit;

import dev.bearings.core.embed.Embedder;
import dev.bearings.core.embed.Embedding;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The fp32 all-MiniLM-L6-v2 must reproduce sentence-transformers' published numbers: the pair
 * similarity from its documentation and the scores of its semantic-search example.
 */
public abstract class MiniLmReferenceScores extends EmbedderContract {

    @Override
    protected int expectedDimension() {
        return 384;
    }

    @Test
    protected void pairSimilarityMatchesSentenceTransformers() {
        List<Embedding> e = embedder.embed(List.of("A man is eating food.", "A man is eating a piece of bread."));
        assertThat(e.get(0).cosine(e.get(1))).isCloseTo(0.7553, within(0.002));
    }

    @Test
    protected void semanticSearchExampleScoresToThreeDecimals() {
        List<String> corpus = List.of("A man is eating food.", "A man is eating a piece of bread.",
                "The girl is carrying a baby.", "A man is riding a horse.", "A woman is playing violin.",
                "Two men pushed carts through the woods.", "A man is riding a white horse on an enclosed ground.",
                "A monkey is playing drums.", "A cheetah is running behind its prey.");
        Embedding query = embedder.embed("A man is eating pasta.");
        List<Embedding> docs = embedder.embed(corpus);
        assertThat(query.cosine(docs.get(0))).isCloseTo(0.7035, within(0.0005));
        assertThat(query.cosine(docs.get(1))).isCloseTo(0.5272, within(0.0005));
        assertThat(query.cosine(docs.get(3))).isCloseTo(0.1889, within(0.0005));
        assertThat(query.cosine(docs.get(6))).isCloseTo(0.1047, within(0.0005));
        assertThat(query.cosine(docs.get(8))).isCloseTo(0.0980, within(0.0005));
    }

    @Test
    protected void identifiesTheModelAndItsWindow() {
        assertThat(embedder.modelId()).startsWith("all-MiniLM-L6-v2/");
        assertThat(embedder.maxTokens()).isEqualTo(256);
    }
}
