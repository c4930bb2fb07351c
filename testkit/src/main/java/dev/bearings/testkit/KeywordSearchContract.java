package dev.bearings.testkit;

import dev.bearings.core.index.ChunkIndex;
import dev.bearings.core.search.KeywordSearch;
import dev.bearings.core.search.SearchFilter;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a chunk index that also searches by keywords ({@link KeywordSearch}) must do, on top of
 * everything {@link ChunkIndexContract} asks: BM25-like ranking with stemming, the same filters as
 * vector search, and query syntax read as plain words.
 */
public abstract class KeywordSearchContract extends ChunkIndexContract {

    @Test
    protected void keywordSearchFindsExactTermsAndStems() throws Exception {
        try (ChunkIndex index = open()) {
            assertThat(index).as("a store under this contract searches by keywords").isInstanceOf(KeywordSearch.class);
            var keywords = (KeywordSearch) index;
            searchFixture(index);
            assertThat(keywords.keywords("51820", 5, SearchFilter.NONE))
                    .extracting(h -> h.chunk().note().id()).containsExactly("vpn.md");
            assertThat(keywords.keywords("feed the starter", 5, SearchFilter.NONE))
                    .extracting(h -> h.chunk().note().id()).first().isEqualTo("bread.md");
            assertThat(keywords.keywords("configure VPN certificate", 5, SearchFilter.NONE))
                    .extracting(h -> h.chunk().note().id()).first().isEqualTo("work.md");
            assertThat(keywords.keywords("port gateway", 5, SearchFilter.NONE))
                    .extracting(h -> h.chunk().note().id() + "#" + h.chunk().ordinal())
                    .containsExactlyInAnyOrder("vpn.md#0", "vpn.md#1", "work.md#0");
            assertThat(keywords.keywords("port gateway", 5, filter(Set.of("network"), null, null, null)))
                    .extracting(h -> h.chunk().note().id() + "#" + h.chunk().ordinal())
                    .containsExactlyInAnyOrder("vpn.md#0", "vpn.md#1");
            assertThat(keywords.keywords("port gateway", 5, filter(Set.of(), null, null, "bear")))
                    .extracting(h -> h.chunk().note().id()).containsExactly("work.md");
            assertThat(keywords.keywords("port gateway", 5, filter(Set.of(), "2026-06-01T00:00:00Z", null, null)))
                    .extracting(h -> h.chunk().note().id()).containsExactly("work.md");
            // Query syntax of any engine is read as plain words: no error, and the words still count.
            assertThat(keywords.keywords("port* \"51820\" OR ( -", 5, SearchFilter.NONE))
                    .extracting(h -> h.chunk().note().id() + "#" + h.chunk().ordinal()).containsExactly("vpn.md#0", "vpn.md#1");
            assertThat(keywords.keywords("zebra", 5, SearchFilter.NONE)).isEmpty();
        }
    }


    @Test
    protected void japaneseChineseAndKoreanWordsAreFoundInsideSentencesWrittenWithoutSpaces() throws Exception {
        try (ChunkIndex index = open()) {
            var keywords = (KeywordSearch) index;
            index.replaceNote(note("kyoto.md", "v1"), List.of(cjk(0, "京都駅から市バスの一日券は七百円。嵐山へはJR嵯峨野線が便利で、バスより速い。"),
                    cjk(1, "錦市場で湯葉と漬物を買った。")));
            index.replaceNote(note("kimchi.md", "v1"), List.of(cjk(0, "배추김치를 만들었다. 고춧가루와 액젓을 넣었다.")));
            index.replaceNote(note("shanghai.md", "v1"), List.of(cjk(0, "地铁站在哪里？我们去外滩。")));
            assertThat(ids(keywords.keywords("嵐山", 5, SearchFilter.NONE))).containsExactly("kyoto.md#0");
            assertThat(ids(keywords.keywords("嵐山への行き方", 5, SearchFilter.NONE))).first().isEqualTo("kyoto.md#0");
            assertThat(ids(keywords.keywords("湯葉", 5, SearchFilter.NONE))).containsExactly("kyoto.md#1");
            assertThat(ids(keywords.keywords("김치", 5, SearchFilter.NONE))).as("Korean with a particle attached")
                    .containsExactly("kimchi.md#0");
            assertThat(ids(keywords.keywords("外滩 in Shanghai", 5, SearchFilter.NONE))).first().isEqualTo("shanghai.md#0");
            assertThat(ids(keywords.keywords("ＪＲ", 5, SearchFilter.NONE))).as("full width is folded").containsExactly("kyoto.md#0");
            assertThat(keywords.keywords("東京", 5, SearchFilter.NONE)).isEmpty();
        }
    }

    private static dev.bearings.core.index.IndexedChunk cjk(int ordinal, String text) {
        return new dev.bearings.core.index.IndexedChunk(ordinal, "# Notes", ordinal + 1, ordinal + 1, text,
                text.hashCode() + "-" + ordinal, new float[]{1, 0, 0, 0}, "");
    }

    private static List<String> ids(List<dev.bearings.core.search.RankedChunk> hits) {
        return hits.stream().map(h -> h.chunk().note().id() + "#" + h.chunk().ordinal()).toList();
    }
}
