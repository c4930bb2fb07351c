package dev.bearings.testkit;

import dev.bearings.core.embed.Embedder;
import dev.bearings.core.embed.Embedding;
import dev.bearings.core.embed.Vectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * What every {@link Embedder} must do, checked on the real model. An adapter's test extends this
 * class and creates its embedder once.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class EmbedderContract {
    private static final List<String> TEXTS = List.of(
            "How did I set up the VPN?",
            "WireGuard listens on UDP port 51820 and forwards traffic to the LAN.",
            "Sourdough needs a starter fed the evening before.",
            "京都駅から市バスの一日券は七百円。",
            "Emoji 🚀 and accents: naïve café, Ünïcödé.",
            "git reflog finds commits that disappeared after a bad rebase, then git branch rescue <sha>.",
            "");

    protected Embedder embedder;

    protected abstract Embedder createEmbedder();

    protected abstract int expectedDimension();

    @BeforeAll
    protected void open() {
        embedder = createEmbedder();
    }

    @AfterAll
    protected void close() {
        if (embedder != null) {
            embedder.close();
        }
    }

    @Test
    protected void vectorsHaveTheModelsDimensionAndUnitLength() {
        assertThat(embedder.dimension()).isEqualTo(expectedDimension());
        for (Embedding e : embedder.embed(TEXTS)) {
            assertThat(e.vector()).hasSize(expectedDimension());
            assertThat(Vectors.norm(e.vector())).isCloseTo(1.0, within(1e-5));
        }
    }

    @Test
    protected void sameTextSameVector() {
        float[] first = embedder.embed(TEXTS.get(1)).vector();
        float[] second = embedder.embed(TEXTS.get(1)).vector();
        assertThat(second).containsExactly(first);
    }

    @Test
    protected void batchResultEqualsOneByOne() {
        List<Embedding> batch = embedder.embed(TEXTS);
        for (int i = 0; i < TEXTS.size(); i++) {
            Embedding alone = embedder.embed(TEXTS.get(i));
            assertThat(batch.get(i).cosine(alone)).as("text %d", i).isGreaterThan(0.99999);
            assertThat(batch.get(i).tokens()).isEqualTo(alone.tokens());
        }
    }

    @Test
    protected void largeBatchesKeepTheirOrder() {
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            texts.add(TEXTS.get(i % TEXTS.size()) + " " + "extra words ".repeat(i));
        }
        List<Embedding> batch = embedder.embed(texts);
        assertThat(batch).hasSize(texts.size());
        for (int i : new int[]{0, 7, 23, 39}) {
            assertThat(batch.get(i).cosine(embedder.embed(texts.get(i)))).as("text %d", i).isGreaterThan(0.99999);
        }
    }

    @Test
    protected void tokenCountsAgreeWithTheEmbedding() {
        for (String text : TEXTS) {
            assertThat(embedder.embed(text).tokens()).isEqualTo(embedder.countTokens(text));
        }
        assertThat(embedder.countTokens("")).as("[CLS] and [SEP]").isEqualTo(2);
    }

    @Test
    protected void emptyTextHasAVector() {
        Embedding empty = embedder.embed("");
        assertThat(empty.truncated()).isFalse();
        assertThat(Vectors.norm(empty.vector())).isCloseTo(1.0, within(1e-5));
    }

    @Test
    protected void hugeInputIsCutOnPurposeAndSaysSo() {
        String huge = "The tunnel carries traffic between the laptop and the home network. ".repeat(5_000);
        Embedding embedding = embedder.embed(huge);
        assertThat(embedding.truncated()).isTrue();
        assertThat(embedding.tokens()).isGreaterThan(embedder.maxTokens());
        assertThat(Vectors.norm(embedding.vector())).isCloseTo(1.0, within(1e-5));
        String fits = "short text";
        assertThat(embedder.embed(fits).truncated()).isFalse();
    }

    @Test
    protected void textCutAtTheWindowEmbedsLikeItsFirstTokens() {
        String head = "WireGuard keys live in /etc/wireguard and are readable by root only. ".repeat(40);
        Embedding long1 = embedder.embed(head + "tail one " .repeat(400));
        Embedding long2 = embedder.embed(head + "completely different ending ".repeat(300));
        assertThat(long1.truncated()).isTrue();
        assertThat(long1.cosine(long2)).as("only the first window's tokens are read").isGreaterThan(0.9999);
    }

    @Test
    protected void aQueryFindsThePassageThatAnswersIt() {
        Embedding query = embedder.embedQuery("How do I reach my home network from a café?");
        assertThat(query.vector()).hasSize(expectedDimension());
        assertThat(Vectors.norm(query.vector())).isCloseTo(1.0, within(1e-5));
        List<Embedding> passages = embedder.embed(List.of("Bake bread with a sourdough starter fed the evening before.",
                "The WireGuard tunnel connects the laptop to the LAN at home from anywhere."));
        assertThat(query.cosine(passages.get(1))).isGreaterThan(query.cosine(passages.get(0)));
    }

    @Test
    protected void meaningShowsInTheVectors() {
        List<Embedding> e = embedder.embed(List.of("How do I reach my home network from a café?",
                "WireGuard tunnel to the LAN from the road", "Bake bread with a sourdough starter"));
        assertThat(e.get(0).cosine(e.get(1))).isGreaterThan(e.get(0).cosine(e.get(2)));
    }
}
