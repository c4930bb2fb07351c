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
 * vector search, {@link dev.bearings.core.search.KeywordQuery}'s reading of a query (a question's
 * function words not matched, a word's other spellings matched, phrases, prefixes and exclusions, and no
 * engine's syntax), and scores read against a full match.
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
            // Bearings' syntax is read as Bearings reads it, and no engine's: no error, and stray operators are text.
            assertThat(keywords.keywords("port* \"51820\" OR ( -", 5, SearchFilter.NONE))
                    .extracting(h -> h.chunk().note().id() + "#" + h.chunk().ordinal()).containsExactly("vpn.md#0");
            assertThat(keywords.keywords("port:51820 NEAR(x) AND y^2 ~z {a} [b] \\ /c/", 5, SearchFilter.NONE))
                    .extracting(h -> h.chunk().note().id() + "#" + h.chunk().ordinal()).first().isEqualTo("vpn.md#0");
            assertThat(keywords.keywords("zebra", 5, SearchFilter.NONE)).isEmpty();
        }
    }


    /** Notes of one chunk each, the chunk's text as given, vectors of no interest. */
    private static void plain(ChunkIndex index, String... idAndText) {
        for (int i = 0; i < idAndText.length; i += 2) {
            index.replaceNote(note(idAndText[i], "v1"), List.of(new dev.bearings.core.index.IndexedChunk(0, "", 1, 1,
                    idAndText[i + 1], idAndText[i].hashCode() + "-0", new float[]{1, 0, 0, 0}, "")));
        }
    }

    @Test
    protected void theWordsQuestionsAreMadeOfAreNotMatched() throws Exception {
        try (ChunkIndex index = open()) {
            var keywords = (KeywordSearch) index;
            plain(index, "bike.md", "What should I do with my old bike? I can sell it or I can give it away.",
                    "gifts.md", "Ideas for Dad: a watch for his 70th birthday, or a book about trains.",
                    "band.md", "Tickets for The Who at Wembley, and for Pulp.");
            assertThat(ids(keywords.keywords("what should I get my father for his birthday", 5, SearchFilter.NONE)))
                    .as("'what', 'should', 'I', 'my', 'his' match no note").containsExactly("gifts.md#0");
            assertThat(keywords.keywords("how can I do it", 5, SearchFilter.NONE)).as("nothing but function words: nothing matched")
                    .isEmpty();
            assertThat(keywords.keywords("The Who", 5, SearchFilter.NONE)).isEmpty();
            assertThat(ids(keywords.keywords("\"The Who\"", 5, SearchFilter.NONE))).as("quoted, they are")
                    .containsExactly("band.md#0");
        }
    }

    /** Wi-Fi, wifi and wi fi are one word to a search; WireGuard and wireguard differ only in case. */
    @Test
    protected void wordDelimitersAndCaseDoNotHideAMatch() throws Exception {
        try (ChunkIndex index = open()) {
            var keywords = (KeywordSearch) index;
            plain(index, "hyphen.md", "The Wi-Fi password at the cabin is on the fridge door.",
                    "joined.md", "Cabin wifi network: Heron5G, the router is in the loft.",
                    "apart.md", "Ask at reception for the wi fi code of the lodge.",
                    "vpn.md", "WireGuard tunnel on the home router, port 51820.",
                    "bread.md", "Sourdough starter needs feeding twice a day.",
                    "garden.md", "The apple tree was pruned in late winter.");
            for (String spelling : List.of("wifi", "Wi-Fi", "wi fi", "WIFI", "wi-fi")) {
                assertThat(ids(keywords.keywords(spelling, 5, SearchFilter.NONE))).as(spelling)
                        .containsExactlyInAnyOrder("hyphen.md#0", "joined.md#0", "apart.md#0");
            }
            assertThat(ids(keywords.keywords("wifi password", 5, SearchFilter.NONE))).first().isEqualTo("hyphen.md#0");
            assertThat(ids(keywords.keywords("wireguard", 5, SearchFilter.NONE))).containsExactly("vpn.md#0");
            assertThat(ids(keywords.keywords("WIREGUARD", 5, SearchFilter.NONE))).containsExactly("vpn.md#0");
            assertThat(ids(keywords.keywords("wire guard", 5, SearchFilter.NONE))).as("written apart in the query")
                    .containsExactly("vpn.md#0");
        }
    }

    /** {@code "exact phrase"} must be in every hit, {@code prefix*} matches the words it begins, {@code -word} keeps out. */
    @Test
    protected void phrasesPrefixesAndExclusions() throws Exception {
        try (ChunkIndex index = open()) {
            var keywords = (KeywordSearch) index;
            plain(index, "pot.md", "The spare key is under the blue pot by the door.",
                    "drawer.md", "The key to the shed is in the drawer; the spare one is lost.",
                    "hall.md", "The wireless router sits in the hall.",
                    "vpn.md", "WireGuard runs on the router in the loft.",
                    "bread.md", "Sourdough starter needs feeding twice a day.",
                    "garden.md", "The apple tree was pruned in late winter.");
            assertThat(ids(keywords.keywords("\"spare key\"", 5, SearchFilter.NONE))).containsExactly("pot.md#0");
            assertThat(ids(keywords.keywords("“spare key” drawer", 5, SearchFilter.NONE))).as("the phrase is required, the rest adds")
                    .containsExactly("pot.md#0");
            assertThat(ids(keywords.keywords("spare key", 5, SearchFilter.NONE))).as("unquoted, any of them")
                    .containsExactlyInAnyOrder("pot.md#0", "drawer.md#0");
            assertThat(ids(keywords.keywords("wire*", 5, SearchFilter.NONE))).containsExactlyInAnyOrder("hall.md#0", "vpn.md#0");
            assertThat(ids(keywords.keywords("router -wireguard", 5, SearchFilter.NONE))).containsExactly("hall.md#0");
            assertThat(ids(keywords.keywords("key -\"spare key\"", 5, SearchFilter.NONE))).containsExactly("drawer.md#0");
            var prefix = keywords.keywords("wire* router", 5, SearchFilter.NONE);
            assertThat(prefix.get(0).score()).as("a prefix held counts as a word held once: about a full match")
                    .isBetween(0.6, 1.6);
        }
    }

    @Test
    protected void aScoreIsTheHitsShareOfAFullMatch() throws Exception {
        try (ChunkIndex index = open()) {
            var keywords = (KeywordSearch) index;
            // Eight chunks of six words; "kestrel" in two of them, "pellet" in one.
            plain(index, "a.md", "kestrel pellet found under the oak", "b.md", "kestrel hovering over the motorway verge",
                    "c.md", "seed mix for the garden feeders", "d.md", "blue tits nesting in the box",
                    "e.md", "compost heap turned twice this month", "f.md", "hedgehog house under the laurel hedge",
                    "g.md", "pond liner patched with the kit", "h.md", "apple tree pruned in late winter");
            var both = keywords.keywords("kestrel pellet", 5, SearchFilter.NONE);
            assertThat(ids(both)).containsExactly("a.md#0", "b.md#0");
            assertThat(both.get(0).score()).as("holding every query word once: about a full match").isBetween(0.7, 1.4);
            assertThat(both.get(1).score() / both.get(0).score()).as("holding the commoner half of the query")
                    .isBetween(0.2, 0.6);
            var absent = keywords.keywords("kestrel pellet zeppelin", 5, SearchFilter.NONE);
            assertThat(absent.get(0).score()).as("a query word no chunk holds lowers every share")
                    .isLessThan(both.get(0).score() * 0.8);
        }
    }

    /** A word most chunks hold weighs next to nothing, yet a chunk holding only it is still found, after those holding rarer words. */
    @Test
    protected void chunksHoldingOnlyACommonWordComeAfterTheRest() throws Exception {
        try (ChunkIndex index = open()) {
            var keywords = (KeywordSearch) index;
            plain(index, "a.md", "garden notes about the kestrel nest", "b.md", "garden fence painted green",
                    "c.md", "garden shed roof repaired", "d.md", "garden hose stored for winter",
                    "e.md", "garden pond cleaned in spring", "f.md", "garden bench moved under the tree");
            var three = keywords.keywords("garden kestrel", 3, SearchFilter.NONE);
            assertThat(ids(three)).hasSize(3).first().isEqualTo("a.md#0");
            assertThat(keywords.keywords("garden kestrel", 10, SearchFilter.NONE)).hasSize(6);
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
