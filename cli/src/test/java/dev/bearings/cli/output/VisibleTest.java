package dev.bearings.cli.output;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Control characters in notes are shown, not obeyed: a note cannot write the clipboard, retitle the window or clear the screen. */
class VisibleTest {

    @Test
    void controlCharactersAreShownAsEscapesAndTabsAndLineBreaksKept() {
        assertThat(Visible.of("copy \u001b]52;c;ZXZpbA==\u0007 me")).isEqualTo("copy \\x1b]52;c;ZXZpbA==\\x07 me");
        assertThat(Visible.of("title \u001b]0;pwned\u0007")).doesNotContain("\u001b").doesNotContain("\u0007");
        assertThat(Visible.of("clear\u001b[2J\r over")).isEqualTo("clear\\x1b[2J\\x0d over");
        assertThat(Visible.of("a\tb\nc")).isEqualTo("a\tb\nc");
        assertThat(Visible.of("csi \u009b2J and del \u007f")).isEqualTo("csi \\x9b2J and del \\x7f");
        assertThat(Visible.of("Café — 京都 ✓")).as("text is text").isEqualTo("Café — 京都 ✓");
    }
}
