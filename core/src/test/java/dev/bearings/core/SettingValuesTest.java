package dev.bearings.core;

import dev.bearings.core.plugin.SettingValues;
import dev.bearings.core.plugin.Settings;
import org.junit.jupiter.api.Test;

import java.time.temporal.ChronoUnit;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A provider's settings read as typed values, and a bad one refused in a sentence naming provider, setting and value. */
class SettingValuesTest {
    private static SettingValues values(Map<String, String> settings) {
        return new SettingValues("the store 'x'", Settings.of(settings));
    }

    @Test
    void absentSettingsTakeTheirFallback() {
        SettingValues none = values(Map.of());
        assertThat(none.text("name", "n")).isEqualTo("n");
        assertThat(none.flag("on", true)).isTrue();
        assertThat(none.flag("on", false)).isFalse();
        assertThat(none.number("size", 7, 1, 10)).isEqualTo(7);
        assertThat(none.choice("unit", ChronoUnit.DAYS)).isEqualTo(ChronoUnit.DAYS);
    }

    @Test
    void givenValuesAreReadWhateverTheirCaseAndSpaces() {
        SettingValues given = values(Map.of("name", "bear", "on", " TRUE ", "off", "False", "size", " 1 ", "top", "10",
                "unit", "hours"));
        assertThat(given.text("name", "n")).isEqualTo("bear");
        assertThat(given.required("name", "a name")).isEqualTo("bear");
        assertThat(given.flag("on", false)).isTrue();
        assertThat(given.flag("off", true)).isFalse();
        assertThat(given.number("size", 7, 1, 10)).as("the lowest allowed").isEqualTo(1);
        assertThat(given.number("top", 7, 1, 10)).as("the highest allowed").isEqualTo(10);
        assertThat(given.choice("unit", ChronoUnit.DAYS)).isEqualTo(ChronoUnit.HOURS);
    }

    @Test
    void badValuesAreRefusedInASentence() {
        SettingValues bad = values(Map.of("blank", " ", "on", "yes", "low", "0", "high", "11", "word", "many", "unit", "fortnight"));
        assertThatThrownBy(() -> bad.required("path", "DIR")).hasMessage("the store 'x' needs path=DIR");
        assertThatThrownBy(() -> bad.required("blank", "DIR")).hasMessage("the store 'x' needs blank=DIR");
        assertThatThrownBy(() -> bad.flag("on", true)).hasMessage("the store 'x' setting on must be true or false, not 'yes'");
        assertThatThrownBy(() -> bad.number("low", 5, 1, 10))
                .hasMessage("the store 'x' setting low must be a whole number from 1 to 10, not '0'");
        assertThatThrownBy(() -> bad.number("high", 5, 1, 10))
                .hasMessage("the store 'x' setting high must be a whole number from 1 to 10, not '11'");
        assertThatThrownBy(() -> bad.number("word", 5, 1, 10))
                .hasMessage("the store 'x' setting word must be a whole number from 1 to 10, not 'many'");
        assertThatThrownBy(() -> bad.choice("unit", ChronoUnit.DAYS)).hasMessageStartingWith(
                "the store 'x' setting unit must be one of nanos, micros, millis, seconds, minutes, hours, half_days, days,")
                .hasMessageEndingWith(", not 'fortnight'");
    }
}
