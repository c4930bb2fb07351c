package dev.bearings.testkit;

import dev.bearings.core.index.ChunkIndex;
import dev.bearings.core.search.KeywordSearch;
import dev.bearings.core.search.SearchFilter;
import org.junit.jupiter.api.Test;

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

}
