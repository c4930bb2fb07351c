package dev.bearings.core;

import dev.bearings.core.chunk.ChunkingRules;
import dev.bearings.core.chunk.Heading;
import dev.bearings.core.chunk.HeadingPath;
import dev.bearings.core.chunk.LineRange;
import dev.bearings.core.chunk.TokenBudget;
import dev.bearings.core.embed.Vectors;
import dev.bearings.core.plugin.Settings;
import dev.bearings.core.search.ReciprocalRankFusion;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** The small values of core: what they accept at their limits, and what they say. */
class ValuesTest {

    @Test
    void headingLevelsMustStrictlyIncreaseAlongAPath() {
        assertThat(new HeadingPath(List.of(new Heading(1, "A"), new Heading(2, "B"))).headings()).hasSize(2);
        assertThatThrownBy(() -> new HeadingPath(List.of(new Heading(2, "A"), new Heading(2, "B"))))
                .hasMessageContaining("must increase");
        assertThat(HeadingPath.ROOT.isRoot()).isTrue();
        assertThat(HeadingPath.ROOT.enter(new Heading(3, "C")).isRoot()).isFalse();
        assertThat(HeadingPath.ROOT.enter(new Heading(1, "A")).enter(new Heading(3, "C")).enter(new Heading(2, "B")))
                .hasToString("# A > ## B");
        assertThat(new Heading(2, "")).hasToString("##");
    }

    @Test
    void chunkingRulesAtTheirLimits() {
        assertThat(new ChunkingRules(30, 30, 0).mergedMaxWords()).isEqualTo(59);
        assertThat(new ChunkingRules(1, 0, 0).mergedMaxWords()).isEqualTo(1);
        assertThatThrownBy(() -> new ChunkingRules(30, 31, 0)).hasMessageContaining("cannot exceed");
        assertThatThrownBy(() -> new ChunkingRules(0, 0, 0)).hasMessageContaining("at least 1");
        assertThatThrownBy(() -> new ChunkingRules(10, 0, 10)).hasMessageContaining("less than max words");
        assertThat(ChunkingRules.DEFAULT).hasToString("max 300, min 30, overlap 40 words");
    }

    @Test
    void aTokenBudgetIsAtLeastOneToken() {
        TokenBudget one = new TokenBudget(String::length, 1);
        assertThat(one.fits("a")).isTrue();
        assertThat(one.fits("ab")).isFalse();
        assertThatThrownBy(() -> new TokenBudget(String::length, 0)).hasMessageContaining("at least 1, was 0");
    }

    @Test
    void fusionAcceptsKZeroAndRefusesNegativeValues() {
        assertThat(new ReciprocalRankFusion(0, 1, 1).k()).isZero();
        assertThatThrownBy(() -> new ReciprocalRankFusion(-1, 1, 1)).hasMessageContaining("must not be negative");
        assertThatThrownBy(() -> new ReciprocalRankFusion(1, -0.5, 1)).hasMessageContaining("must not be negative");
        assertThatThrownBy(() -> new ReciprocalRankFusion(1, 1, Double.NaN)).hasMessageContaining("must not be negative");
    }

    @Test
    void lineRangesAreOneBasedAndInclusive() {
        LineRange range = new LineRange(3, 5);
        assertThat(range.contains(2)).isFalse();
        assertThat(range.contains(3)).isTrue();
        assertThat(range.contains(5)).isTrue();
        assertThat(range.contains(6)).isFalse();
        assertThat(range).hasToString("3-5");
        assertThat(new LineRange(4, 4)).hasToString("4");
        assertThatThrownBy(() -> new LineRange(0, 1)).hasMessageContaining("bad line range");
        assertThatThrownBy(() -> new LineRange(3, 2)).hasMessageContaining("bad line range");
    }

    @Test
    void settingsReadNameValuePairs() {
        Settings settings = Settings.parse(List.of("model = /a=b", "empty="));
        assertThat(settings.get("model")).hasValue("/a=b");
        assertThat(settings.get("empty")).hasValue("");
        assertThat(settings.get("other")).isEmpty();
        assertThat(settings).hasToString("{empty=, model=/a=b}");
        assertThatThrownBy(() -> Settings.parse(List.of("=value"))).hasMessageContaining("'=value' is not of the form");
        assertThatThrownBy(() -> Settings.parse(List.of("novalue"))).hasMessageContaining("not of the form name=value");
    }

    @Test
    void cosineIsScaleFreeAndZeroForAZeroVector() {
        assertThat(Vectors.cosine(new float[]{3, 4}, new float[]{6, 8})).isCloseTo(1.0, within(1e-9));
        assertThat(Vectors.cosine(new float[]{1, 0}, new float[]{0, 2})).isCloseTo(0.0, within(1e-9));
        assertThat(Vectors.cosine(new float[]{2, 0}, new float[]{1, 1})).isCloseTo(Math.sqrt(0.5), within(1e-7));
        assertThat(Vectors.cosine(new float[]{0, 0}, new float[]{1, 1})).isZero();
        assertThat(Vectors.normalize(new float[]{3, 4})).containsExactly(0.6f, 0.8f);
        assertThat(Vectors.normalize(new float[]{0, 0})).containsExactly(0f, 0f);
        assertThatThrownBy(() -> Vectors.dot(new float[1], new float[2])).hasMessageContaining("dimensions differ");
    }
}
