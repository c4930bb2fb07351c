package dev.bearings.cli.output;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class FittedTest {

    @Test
    void wordsWrapUnderTheIndentAndNoLineIsWiderThanTheWidth() {
        List<String> lines = Fitted.to(20).lines("1. ", "   ", "how did I set up the WireGuard tunnel at home");
        assertThat(lines).containsExactly("1. how did I set up", "   the WireGuard", "   tunnel at home");
        assertThat(Fitted.to(0).lines("1. ", "   ", "how did I set up the WireGuard tunnel at home"))
                .containsExactly("1. how did I set up the WireGuard tunnel at home");
    }

    /** Fields parted by two spaces, broken between them: no line ends in a space. */
    @Test
    void aLineBrokenBetweenTwoSpacesEndsInNeither() {
        List<String> lines = Fitted.to(24).lines("   ", "   ", "Install and keys  lines 13-21  weak  score 0.8551");
        assertThat(lines).containsExactly("   Install and keys", "   lines 13-21  weak", "   score 0.8551");
        assertThat(lines).noneMatch(line -> line.endsWith(" "));
    }

    @Test
    void colourTakesNoRoomAndWideCharactersTakeTwo() {
        String red = "\u001b[1;31mWireGuard\u001b[0m";
        assertThat(Fitted.columns(red)).isEqualTo(9);
        assertThat(Fitted.columns("\u65e5\u672c\u8a9e")).isEqualTo(6);
        assertThat(Fitted.columns("\ud83d\ude80 launch")).as("an emoji is two").isEqualTo(9);
        assertThat(Fitted.columns("cafe\u0301")).as("a combining accent is none").isEqualTo(4);
        assertThat(Fitted.to(20).lines("", "                  ", "too narrow under this indent to wrap"))
                .as("whole, when the indent leaves too little").containsExactly("too narrow under this indent to wrap");
        assertThat(Fitted.to(13).lines("", "", "the " + red + " tunnel")).containsExactly("the " + red, "tunnel");
        // Japanese has no spaces: the line is cut by columns, two to a character.
        assertThat(Fitted.to(14).lines("", "  ", "\u6771\u4eac\u3067\u30ef\u30a4\u30e4\u30ac\u30fc\u30c9\u3092\u8a2d\u5b9a"))
                .containsExactly("\u6771\u4eac\u3067\u30ef\u30a4\u30e4\u30ac", "  \u30fc\u30c9\u3092\u8a2d\u5b9a");
    }

    @Test
    void aWordWiderThanALineIsCutWhereTheLineEnds() {
        assertThat(Fitted.to(20).lines("   ", "   ", "see /Users/me/Notes/homelab/vpn.md"))
                .containsExactly("   see", "   /Users/me/Notes/h", "   omelab/vpn.md")
                .allSatisfy(line -> assertThat(Fitted.columns(line)).isLessThanOrEqualTo(20));
    }
}
