package dev.bearings.app.json;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A note or a section cut to lines counted in the whole note, as search results count them. */
class NoteJsonTest {
    private static final NoteJson WHOLE = new NoteJson("vpn.md", "VPN", "folder:/n", null, null, null, List.of("net"),
            "2026-12-05T10:00:00Z", "file:///n/vpn.md", "# VPN\none\ntwo\nthree\n", List.of("# VPN"));
    private static final NoteJson SECTION = new NoteJson("vpn.md", "VPN", "folder:/n", "## Router", 10, 12, List.of(),
            "2026-12-05T10:00:00Z", "file:///n/vpn.md", "## Router\nten\neleven", List.of("## Router"));

    @Test
    void linesFromALineOnForACountOrToTheEnd() {
        NoteJson two = WHOLE.lines(2, 2);
        assertThat(two.markdown()).isEqualTo("one\ntwo\n");
        assertThat(two.startLine()).isEqualTo(2);
        assertThat(two.endLine()).isEqualTo(3);
        assertThat(two.id()).isEqualTo("vpn.md");
        assertThat(two.tags()).containsExactly("net");
        assertThat(WHOLE.lines(3, null).markdown()).as("to the end").isEqualTo("two\nthree\n");
        assertThat(WHOLE.lines(4, 10).endLine()).as("no further than the note").isEqualTo(4);
        assertThat(WHOLE.lines(1, 1).markdown()).isEqualTo("# VPN\n");
        assertThat(SECTION.lines(11, null)).extracting(NoteJson::markdown, NoteJson::startLine, NoteJson::endLine, NoteJson::heading)
                .containsExactly("ten\neleven\n", 11, 12, "## Router");
        assertThat(SECTION.lines(12, 1).markdown()).isEqualTo("eleven\n");
    }

    @Test
    void aLineTheNoteOrSectionHasNotIsRefusedWithTheLinesItHas() {
        assertThatThrownBy(() -> WHOLE.lines(5, null)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("'VPN' has lines 1 to 4, not 5");
        assertThatThrownBy(() -> WHOLE.lines(0, null)).hasMessage("'VPN' has lines 1 to 4, not 0");
        assertThatThrownBy(() -> SECTION.lines(9, null)).hasMessage("'VPN' has lines 10 to 12 under '## Router', not 9");
        assertThatThrownBy(() -> SECTION.lines(13, 1)).hasMessage("'VPN' has lines 10 to 12 under '## Router', not 13");
    }
}
