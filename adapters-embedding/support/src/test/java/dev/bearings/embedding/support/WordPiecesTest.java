package dev.bearings.embedding.support;

import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The default model's real tokenizer, handed long texts: in slices no longer than the limit, which
 * count and cut exactly as the whole text would where they end before white space or punctuation.
 */
class WordPiecesTest {
    private static final EmbeddingModel MODEL = EmbeddingModel.bundled(EmbedderSettings.DEFAULT_MODEL);
    private static WordPieces wordPieces;
    /** The same tokenizer, handed every text whole. */
    private static HuggingFaceTokenizer whole;

    @BeforeAll
    static void load() throws Exception {
        wordPieces = WordPieces.load(MODEL);
        try (InputStream json = MODEL.tokenizerJson()) {
            whole = HuggingFaceTokenizer.newInstance(json, Map.of("truncation", "false", "padding", "false"));
        }
    }

    @AfterAll
    static void close() {
        wordPieces.close();
        whole.close();
    }

    private static List<String> slices(String text) {
        List<String> slices = new ArrayList<>();
        for (int from = 0, to; from < text.length(); from = to) {
            to = WordPieces.sliceEnd(text, from);
            slices.add(text.substring(from, to));
        }
        return slices;
    }

    @Test
    void aLongTextIsSlicedBeforeWhiteSpaceElsePunctuationElseAtTheLimit() {
        int limit = WordPieces.MAX_CHARS_PER_CALL;
        String prose = "Plain words in a paragraph that goes on for a while. ".repeat(2_000);
        String quotes = ">".repeat(3 * limit);
        String image = "iVBORw0KGgo/AAAANSUhEUg+AAAAEAAAAB".repeat(2_000);
        String word = "a".repeat(3 * limit + 5);
        for (String text : List.of(prose, quotes, image, word, "\uD835\uDC00".repeat(limit))) {
            List<String> slices = slices(text);
            assertThat(String.join("", slices)).isEqualTo(text);
            assertThat(slices).allSatisfy(slice -> assertThat(slice.length()).isLessThanOrEqualTo(limit));
            assertThat(slices.subList(0, slices.size() - 1)).allSatisfy(slice -> assertThat(slice.length()).isGreaterThan(limit / 2));
            assertThat(slices).allSatisfy(slice -> assertThat(slice).doesNotStartWith("\uDC00"));
        }
        assertThat(slices(prose).subList(1, slices(prose).size())).allSatisfy(slice -> assertThat(slice).startsWith(" "));
        assertThat(slices(image).subList(1, slices(image).size())).allSatisfy(slice -> assertThat(slice.charAt(0)).isIn('/', '+'));
        assertThat(slices(word)).as("a word with neither is cut at the limit").extracting(String::length)
                .containsExactly(limit, limit, limit, 5);
        assertThat(slices("short")).containsExactly("short");
    }

    /** A single word the model reads as one unknown token whole is, cut at the limit, three of them. */
    @Test
    void noCallHandsTheTokenizerMoreThanTheLimit() {
        String word = "a".repeat(2 * WordPieces.MAX_CHARS_PER_CALL + 1_000);
        assertThat(whole.encode(word).getIds()).as("[CLS] [UNK] [SEP]").hasSize(3);
        assertThat(wordPieces.count(word)).isEqualTo(5);
        assertThat(wordPieces.encode(word, 512).total()).isEqualTo(5);
    }

    @Test
    void slicesCountAndCutAsTheWholeText() {
        String prose = "The tide tables for the harbour, checked twice; (see below) and 42 more words. ".repeat(1_000);
        String quotes = ">".repeat(40_000);
        String image = "![photo](data:image/png;base64," + "iVBORw0KGgo/AAAANSUhEUg+AAAAEAAAAB".repeat(2_000) + ")";
        for (String text : List.of(prose, quotes, image, "  \n ".repeat(20_000) + "end")) {
            long[] ids = whole.encode(text).getIds();
            String start = text.substring(0, 12);
            assertThat(wordPieces.count(text)).as(start).isEqualTo(ids.length);
            WordPieces.TokenIds cut = wordPieces.encode(text, 512);
            long[] expected = ids.length <= 512 ? ids : cutTo(ids, 512);
            assertThat(cut.ids()).as(start).isEqualTo(expected);
            assertThat(cut.total()).isEqualTo(ids.length);
            assertThat(cut.truncated()).isEqualTo(ids.length > 512);
        }
        String spaces = " ".repeat(40_000);
        assertThat(wordPieces.encode(spaces, 512).ids()).isEqualTo(whole.encode(spaces).getIds()).hasSize(2);
    }

    private static long[] cutTo(long[] ids, int window) {
        long[] cut = Arrays.copyOf(ids, window);
        cut[window - 1] = ids[ids.length - 1];
        return cut;
    }
}
