package dev.bearings.core;

import dev.bearings.core.search.MatchStrength;
import org.junit.jupiter.api.Test;

import static dev.bearings.core.search.MatchStrength.Level.STRONG;
import static dev.bearings.core.search.MatchStrength.Level.WEAK;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class MatchStrengthTest {
    private final MatchStrength rule = new MatchStrength(0.7, 0.8, 0.55);

    @Test
    void aPassageIsStrongByItsMeaningOrByKeywordsItsMeaningAgreesWith() {
        assertThat(rule.of(0.70, 0)).as("similar enough alone").isEqualTo(STRONG);
        assertThat(rule.of(0.69, 0.79)).isEqualTo(WEAK);
        assertThat(rule.of(0.55, 0.80)).as("most of the rare words, and a meaning that agrees").isEqualTo(STRONG);
        assertThat(rule.of(0.54, 1.5)).as("every word, but the meaning disagrees").isEqualTo(WEAK);
        assertThat(rule.of(Double.NaN, 1.5)).as("no similarity known").isEqualTo(WEAK);
    }

    @Test
    void thresholdsReadWhatTheyDescribe() {
        assertThat(MatchStrength.parse(rule.describe(), new MatchStrength(0, 0, 0))).isEqualTo(rule);
        assertThat(MatchStrength.parse("", rule)).isEqualTo(rule);
        assertThat(STRONG.label()).isEqualTo("strong");
        assertThatThrownBy(() -> new MatchStrength(Double.NaN, 1, 1)).hasMessageContaining("finite");
    }
}
