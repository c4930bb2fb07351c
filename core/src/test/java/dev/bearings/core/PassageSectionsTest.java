package dev.bearings.core;

import dev.bearings.core.search.PassageSections;
import dev.bearings.core.search.Snippets;
import org.junit.jupiter.api.Test;

import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** A passage is labelled with the section that holds its matching lines, not only the one it starts under. */
class PassageSectionsTest {
    private static final String CAR = "## 2026-01-09: oil change\n\nOil and filter changed at 41,200 km.\n\n"
            + "## Parking\n\nThe garage gate code is 4411; the space is number 12.\n\n"
            + "```sh\n# not a heading, a comment\necho gate\n```\n";

    @Test
    void theSectionHoldingTheQuerysWordsLabelsThePassage() {
        PassageSections sections = PassageSections.of("# Car > ## 2026-01-09: oil change", CAR);
        assertThat(sections.paths()).containsExactly("# Car > ## 2026-01-09: oil change", "# Car > ## Parking");
        assertThat(sections.label(Snippets.terms("what is the garage gate code"))).isEqualTo("# Car > ## Parking");
        assertThat(sections.label(Snippets.terms("when was the oil changed"))).isEqualTo("# Car > ## 2026-01-09: oil change");
        assertThat(sections.label(Set.of())).as("a match by meaning alone: the chunk's own").isEqualTo(
                "# Car > ## 2026-01-09: oil change");
    }

    @Test
    void textBeforeTheFirstHeadingAndDeeperHeadingsAreSectionsOfTheirOwn() {
        PassageSections sections = PassageSections.of("# Trip", "The plan.\n### Day 1\nKyoto.\n## Food\nRamen.\n");
        assertThat(sections.paths()).containsExactly("# Trip", "# Trip > ### Day 1", "# Trip > ## Food");
        assertThat(sections.label(Snippets.terms("ramen"))).isEqualTo("# Trip > ## Food");
        assertThat(PassageSections.of("", "No heading at all.\n").paths()).containsExactly("");
    }

    @Test
    void aSectionInKanaOrHangulIsFoundByItsBigrams() {
        PassageSections sections = PassageSections.of("# Trip", "Plans.\n## Food\nおすしをたべる\n## Seoul\n김치찌개 먹기\n");
        assertThat(sections.label(Snippets.terms("すし"))).isEqualTo("# Trip > ## Food");
        assertThat(sections.label(Snippets.terms("김치"))).isEqualTo("# Trip > ## Seoul");
    }
}
