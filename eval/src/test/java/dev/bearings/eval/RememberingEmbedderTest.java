package dev.bearings.eval;

import dev.bearings.core.embed.Embedding;
import dev.bearings.testkit.WordHashingEmbedder;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class RememberingEmbedderTest {

    @Test
    void eachDistinctTextIsEmbeddedOnceAndGetsTheSameVector() {
        WordHashingEmbedder inner = new WordHashingEmbedder(32, 64);
        RememberingEmbedder remembering = new RememberingEmbedder(inner);
        List<Embedding> first = remembering.embed(List.of("tunnel to the home network", "sourdough", "tunnel to the home network"));
        assertThat(inner.embedded()).isEqualTo(2);
        List<Embedding> again = remembering.embed(List.of("sourdough", "new text"));
        assertThat(inner.embedded()).isEqualTo(3);
        assertThat(again.get(0).vector()).containsExactly(first.get(1).vector());
        assertThat(first.get(0).vector()).containsExactly(inner.embed("tunnel to the home network").vector());
        remembering.embedQuery("sourdough");
        remembering.embedQuery("sourdough");
        assertThat(inner.embedded()).as("a query is remembered apart from passages, once").isEqualTo(5);
        assertThat(remembering.remembered()).isEqualTo(4);
        assertThat(remembering.embedded()).isEqualTo(3);
        assertThat(remembering.reused()).isEqualTo(2);
        assertThat(remembering.modelId()).isEqualTo(inner.modelId());
        assertThat(remembering.countTokens("a b c")).isEqualTo(inner.countTokens("a b c"));
    }
}
