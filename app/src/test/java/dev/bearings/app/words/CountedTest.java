package dev.bearings.app.words;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** A count agrees with its noun. */
class CountedTest {

    @Test
    void oneIsSingularAndEveryOtherCountPlural() {
        assertThat(Counted.of(1, "note")).isEqualTo("1 note");
        assertThat(Counted.of(0, "note")).isEqualTo("0 notes");
        assertThat(Counted.of(2, "note")).isEqualTo("2 notes");
    }
}
