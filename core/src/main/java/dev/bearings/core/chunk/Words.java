package dev.bearings.core.chunk;

import java.util.Arrays;

/**
 * How Bearings counts words, the same way for every script.
 *
 * <p>A word is a maximal run of characters that are not white space and that holds at least one
 * letter or digit; so {@code don't}, {@code v1.2} and {@code #tag} are one word each, and list bullets,
 * table pipes and fence markers count for nothing. Scripts written without spaces between words
 * would make a whole sentence one such run, so every Han ideograph, Hiragana, Katakana and Bopomofo
 * character counts as a word by itself (a fair stand-in: a Chinese word is one or two characters).
 */
public final class Words {
    /** CJK Radicals Supplement: no code point below it is Han, Kana or Bopomofo. */
    private static final int FIRST_CJK = 0x2E80;

    private Words() {
    }

    public static int count(CharSequence text) {
        return starts(text, 0, text.length()).length;
    }

    /** Offsets at which the words of {@code text[from, to)} begin, in order. */
    public static int[] starts(CharSequence text, int from, int to) {
        int[] starts = new int[Math.max(16, (to - from) / 6)];
        int count = 0;
        int runStart = -1;
        boolean runHasWordChar = false;
        for (int i = from; i < to; ) {
            int cp = Character.codePointAt(text, i);
            int next = i + Character.charCount(cp);
            boolean space = Character.isWhitespace(cp) || Character.isSpaceChar(cp);
            boolean standalone = !space && isStandaloneWordCharacter(cp);
            if (space || standalone) {
                if (runStart >= 0 && runHasWordChar) {
                    starts = grow(starts, count);
                    starts[count++] = runStart;
                }
                runStart = -1;
                runHasWordChar = false;
                if (standalone) {
                    starts = grow(starts, count);
                    starts[count++] = i;
                }
            } else {
                if (runStart < 0) {
                    runStart = i;
                }
                runHasWordChar |= Character.isLetterOrDigit(cp);
            }
            i = next;
        }
        if (runStart >= 0 && runHasWordChar) {
            starts = grow(starts, count);
            starts[count++] = runStart;
        }
        return Arrays.copyOf(starts, count);
    }

    static boolean isStandaloneWordCharacter(int cp) {
        if (cp < FIRST_CJK) {
            return false;
        }
        Character.UnicodeScript script = Character.UnicodeScript.of(cp);
        return script == Character.UnicodeScript.HAN
                || script == Character.UnicodeScript.HIRAGANA
                || script == Character.UnicodeScript.KATAKANA
                || script == Character.UnicodeScript.BOPOMOFO;
    }

    private static int[] grow(int[] array, int count) {
        return count < array.length ? array : Arrays.copyOf(array, array.length * 2);
    }
}
