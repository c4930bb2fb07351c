package dev.bearings.core.chunk;

import java.util.Arrays;
import java.util.BitSet;

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
    private static final byte OTHER = 0;
    private static final byte SPACE = 1;
    private static final byte WORD = 2;
    private static final byte STANDALONE = 3;
    private static final byte[] ASCII = new byte[128];
    /** The script lookup is a binary search; for the Basic Multilingual Plane, do it once. */
    private static final BitSet STANDALONE_BMP = new BitSet(Character.MAX_VALUE + 1);

    static {
        for (int cp = FIRST_CJK; cp <= Character.MAX_VALUE; cp++) {
            if (isHanKanaOrBopomofo(cp)) {
                STANDALONE_BMP.set(cp);
            }
        }
        for (char c = 0; c < 128; c++) {
            ASCII[c] = Character.isWhitespace(c) ? SPACE : Character.isLetterOrDigit(c) ? WORD : OTHER;
        }
    }

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
            char ch = text.charAt(i);
            byte kind;
            int next = i + 1;
            if (ch < 128) {
                // Plain ASCII, most of any note: a table instead of the Unicode properties.
                kind = ASCII[ch];
            } else {
                int cp = Character.codePointAt(text, i);
                next = i + Character.charCount(cp);
                kind = Character.isWhitespace(cp) || Character.isSpaceChar(cp) ? SPACE
                        : isStandaloneWordCharacter(cp) ? STANDALONE
                        : Character.isLetterOrDigit(cp) ? WORD : OTHER;
            }
            if (kind == SPACE || kind == STANDALONE) {
                if (runHasWordChar) {
                    if (count == starts.length) {
                        starts = Arrays.copyOf(starts, count * 2);
                    }
                    starts[count++] = runStart;
                }
                runStart = -1;
                runHasWordChar = false;
                if (kind == STANDALONE) {
                    if (count == starts.length) {
                        starts = Arrays.copyOf(starts, count * 2);
                    }
                    starts[count++] = i;
                }
            } else {
                if (runStart < 0) {
                    runStart = i;
                }
                runHasWordChar |= kind == WORD;
            }
            i = next;
        }
        if (runHasWordChar) {
            if (count == starts.length) {
                starts = Arrays.copyOf(starts, count + 1);
            }
            starts[count++] = runStart;
        }
        return Arrays.copyOf(starts, count);
    }

    static boolean isStandaloneWordCharacter(int cp) {
        if (cp < FIRST_CJK) {
            return false;
        }
        if (cp <= Character.MAX_VALUE) {
            return STANDALONE_BMP.get(cp);
        }
        return isHanKanaOrBopomofo(cp);
    }

    private static boolean isHanKanaOrBopomofo(int cp) {
        Character.UnicodeScript script = Character.UnicodeScript.of(cp);
        return script == Character.UnicodeScript.HAN
                || script == Character.UnicodeScript.HIRAGANA
                || script == Character.UnicodeScript.KATAKANA
                || script == Character.UnicodeScript.BOPOMOFO;
    }
}
