package dev.bearings.core;

import dev.bearings.core.chunk.Words;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class WordsTest {

    @Test
    void wordsAreRunsWithALetterOrDigit() {
        assertThat(Words.count("Hello, world!")).isEqualTo(2);
        assertThat(Words.count("- [ ] | --- | ``` ## ")).isZero();
        assertThat(Words.count("don't v1.2 #tag C# 51820/udp")).isEqualTo(5);
        assertThat(Words.count("")).isZero();
    }

    @Test
    void ideographsAndKanaCountOneEach() {
        assertThat(Words.count("東京都")).isEqualTo(3);
        assertThat(Words.count("ひらがなカタカナ")).isEqualTo(8);
        assertThat(Words.count("trip to 京都 in October")).isEqualTo(6);
        assertThat(Words.count("emoji🚀 🎉")).isEqualTo(1);
    }

    @Test
    void ideographsOutsideTheBasicPlaneAndAtTheBlockEdgesCountOneEach() {
        assertThat(Words.count("\uD840\uDC0B\uD840\uDC0B")).as("two Han ideographs of plane 2").isEqualTo(2);
        assertThat(Words.count("\u2E80\u2E81")).as("CJK radicals supplement").isEqualTo(2);
        assertThat(Words.count("\u2E7F\u2E7F")).as("just below it: punctuation").isZero();
        assertThat(Words.count("\u3105\u3106")).as("Bopomofo").isEqualTo(2);
        assertThat(Words.count("\uD83D\uDE80x")).as("an emoji is no ideograph").isOne();
    }

    @Test
    void manyShortWordsOutgrowTheFirstGuess() {
        assertThat(Words.count("a ".repeat(500))).isEqualTo(500);
        assertThat(Words.starts("a b", 1, 3)).containsExactly(2);
        assertThat(Words.count("日".repeat(100))).isEqualTo(100);
    }

    @Test
    void hangulAndOtherSpacedScriptsCountByRuns() {
        assertThat(Words.count("안녕하세요 세계")).isEqualTo(2);
        assertThat(Words.count("Привет мир")).isEqualTo(2);
    }

    @Property
    void startsAreAscendingAndAtWordCharacters(@ForAll String text) {
        int[] starts = Words.starts(text, 0, text.length());
        for (int i = 0; i < starts.length; i++) {
            assertThat(Character.isWhitespace(text.codePointAt(starts[i]))).isFalse();
            if (i > 0) {
                assertThat(starts[i]).isGreaterThan(starts[i - 1]);
            }
        }
    }
}
