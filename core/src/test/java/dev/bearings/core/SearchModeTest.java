package dev.bearings.core;

import dev.bearings.core.usecase.SearchNotes;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A search mode as the command line and the MCP tools take it from a person. */
class SearchModeTest {

    @Test
    void aModeIsNamedInAnyCaseAndAnUnknownOneIsRefusedNamingTheModes() {
        assertThat(SearchNotes.Mode.parse("hybrid")).isEqualTo(SearchNotes.Mode.HYBRID);
        assertThat(SearchNotes.Mode.parse("Vector")).isEqualTo(SearchNotes.Mode.VECTOR);
        assertThat(SearchNotes.Mode.parse("KEYWORD")).isEqualTo(SearchNotes.Mode.KEYWORD);
        assertThatThrownBy(() -> SearchNotes.Mode.parse("fuzzy"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("mode must be hybrid, vector or keyword, not 'fuzzy'");
    }
}
