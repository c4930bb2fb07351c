package dev.bearings.core.search;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;

/**
 * Japanese, Chinese and Korean for keyword search: these scripts write words without spaces (or, in
 * Korean, with particles attached), so a keyword engine that splits at spaces sees a whole sentence
 * as one word and finds nothing. Every run of Han, Hiragana, Katakana or Hangul is cut into
 * overlapping bigrams, as Lucene's CJK bigram filter does ({@code 嵐山へ} → {@code 嵐山 山へ}); a lone
 * character stays a unigram. Width variants are folded first (NFKC: full-width {@code ＡＢＣ} is
 * {@code ABC}, half-width katakana full-width). Other text is left as it is.
 */
public final class CjkBigrams {
    /**
     * Hangul Jamo, the first of these scripts in Unicode; no character below it is in them or folds into them (NFKC:
     * the first that does is U+3192, checked over every code point). Most notes are written below it, and are passed
     * over without folding.
     */
    private static final int FIRST_CJK = 0x1100;

    private CjkBigrams() {
    }

    public static boolean isCjk(int codePoint) {
        Character.UnicodeScript script = Character.UnicodeScript.of(codePoint);
        return script == Character.UnicodeScript.HAN || script == Character.UnicodeScript.HIRAGANA
                || script == Character.UnicodeScript.KATAKANA || script == Character.UnicodeScript.HANGUL;
    }

    /** Whether the text has any character this class cuts into bigrams. */
    public static boolean hasCjk(String text) {
        for (int i = 0; i < text.length(); ) {
            int codePoint = text.codePointAt(i);
            if (codePoint >= FIRST_CJK && isCjk(codePoint)) {
                return true;
            }
            i += Character.charCount(codePoint);
        }
        return false;
    }

    /** Whether no character of the text is, or folds (NFKC) into, one this class cuts: all below {@link #FIRST_CJK}. */
    private static boolean belowCjk(String text) {
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) >= FIRST_CJK) {
                return false;
            }
        }
        return true;
    }

    /** The text with each CJK run replaced by its bigrams, space separated and spaced from the rest. */
    public static String segment(String text) {
        String folded = Normalizer.normalize(text, Normalizer.Form.NFKC);
        if (!hasCjk(folded)) {
            return folded;
        }
        StringBuilder out = new StringBuilder(folded.length() * 2);
        int[] codePoints = folded.codePoints().toArray();
        int i = 0;
        while (i < codePoints.length) {
            if (!isCjk(codePoints[i])) {
                out.appendCodePoint(codePoints[i++]);
                continue;
            }
            int end = i;
            while (end < codePoints.length && isCjk(codePoints[end])) {
                end++;
            }
            out.append(' ').append(String.join(" ", bigrams(codePoints, i, end))).append(' ');
            i = end;
        }
        return out.toString();
    }

    /** The bigrams of the CJK runs of a text, in order (a lone CJK character as itself). */
    public static List<String> bigrams(String text) {
        if (belowCjk(text)) {
            return List.of();
        }
        String folded = Normalizer.normalize(text, Normalizer.Form.NFKC);
        int[] codePoints = folded.codePoints().toArray();
        List<String> all = new ArrayList<>();
        int i = 0;
        while (i < codePoints.length) {
            if (!isCjk(codePoints[i])) {
                i++;
                continue;
            }
            int end = i;
            while (end < codePoints.length && isCjk(codePoints[end])) {
                end++;
            }
            all.addAll(bigrams(codePoints, i, end));
            i = end;
        }
        return all;
    }

    private static List<String> bigrams(int[] codePoints, int from, int to) {
        List<String> out = new ArrayList<>();
        if (to - from == 1) {
            out.add(new String(codePoints, from, 1));
            return out;
        }
        for (int i = from; i + 1 < to; i++) {
            out.add(new String(codePoints, i, 2));
        }
        return out;
    }
}
