package dev.bearings.core;

import dev.bearings.core.note.IndexedNote;
import dev.bearings.core.search.AdaptiveFusion;
import dev.bearings.core.search.ConvexFusion;
import dev.bearings.core.search.Fusion;
import dev.bearings.core.search.SearchTuning;
import dev.bearings.core.search.QueryAwareFusion;
import dev.bearings.core.search.ReciprocalRankFusion;
import dev.bearings.core.search.RankedChunk;
import dev.bearings.core.search.SearchFilter;
import dev.bearings.core.search.Snippets;
import dev.bearings.core.search.ChunkLinks;
import dev.bearings.core.search.StoredChunk;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class FusionTest {

    private static RankedChunk chunk(String note, double score) {
        return chunk(note, "text of " + note, score);
    }

    private static RankedChunk chunk(String note, String text, double score) {
        IndexedNote n = new IndexedNote("s", note, "v", note, Set.of(), Instant.EPOCH, "file:///" + note);
        return new RankedChunk(new StoredChunk(n, 0, "", 1, 1, text, ""), score);
    }

    private static List<String> ids(List<Fusion.Fused> fused) {
        return fused.stream().map(f -> f.chunk().note().id()).toList();
    }

    @Test
    void reciprocalRankFusionAddsOneOverKPlusRank() {
        List<RankedChunk> vector = List.of(chunk("a", 0.9), chunk("b", 0.8), chunk("c", 0.7));
        List<RankedChunk> keyword = List.of(chunk("c", 12), chunk("d", 9), chunk("a", 3));
        List<Fusion.Fused> fused = Fusion.CLASSIC.fuse("q", vector, keyword).hits();
        assertThat(fused).extracting(f -> f.chunk().note().id()).containsExactly("a", "c", "b", "d");
        assertThat(fused.get(0).score()).isCloseTo(1.0 / 61 + 1.0 / 63, within(1e-12));
        assertThat(fused.get(1).score()).isCloseTo(1.0 / 63 + 1.0 / 61, within(1e-12));
        assertThat(fused.get(0)).extracting(Fusion.Fused::vectorRank, Fusion.Fused::keywordRank).containsExactly(1, 3);
        assertThat(fused.get(3)).extracting(Fusion.Fused::vectorRank, Fusion.Fused::keywordRank).containsExactly(0, 2);
    }

    @Test
    void kChangesHowMuchTopRanksDominate() {
        List<RankedChunk> vector = List.of(chunk("a", 1), chunk("b", 1));
        List<RankedChunk> keyword = List.of(chunk("x", 1), chunk("y", 1), chunk("z", 1), chunk("b", 1));
        assertThat(new ReciprocalRankFusion(0, 1, 1).fuse("q", vector, keyword).hits().get(0).chunk().note().id()).isEqualTo("a");
        assertThat(Fusion.CLASSIC.fuse("q", vector, keyword).hits().get(0).chunk().note().id()).isEqualTo("b");
    }

    @Test
    void aHeavierListWinsTiesOfRankAndOutranksItsRivalsTopHit() {
        List<RankedChunk> vector = List.of(chunk("a", 0.9), chunk("b", 0.8));
        List<RankedChunk> keyword = List.of(chunk("b", 12), chunk("c", 9));
        assertThat(new ReciprocalRankFusion(60, 1, 2).fuse("q", vector, keyword).hits()).extracting(f -> f.chunk().note().id())
                .containsExactly("b", "c", "a");
        assertThat(new ReciprocalRankFusion(60, 1, 2).fuse("q", vector, keyword).hits().get(0).score()).isCloseTo(1.0 / 62 + 2.0 / 61, within(1e-12));
        assertThat(new ReciprocalRankFusion(60, 0, 1).fuse("q", vector, keyword).hits()).extracting(f -> f.chunk().note().id())
                .startsWith("b", "c");
    }

    @Test
    void negativeKOrWeightsAreRefused() {
        assertThatThrownBy(() -> new ReciprocalRankFusion(-1, 1, 1)).hasMessageContaining("-1");
        assertThatThrownBy(() -> new ReciprocalRankFusion(60, 1, -0.5)).hasMessageContaining("-0.5");
    }

    @Test
    void convexFusionWeighsMinMaxNormalisedScores() {
        List<RankedChunk> vector = List.of(chunk("a", 0.9), chunk("b", 0.5), chunk("c", 0.4));
        List<RankedChunk> keyword = List.of(chunk("c", 20), chunk("b", 18), chunk("d", 2));
        // vector a=1, b=0.2, c=0; keyword c=1, b=8/9, d=0
        List<Fusion.Fused> half = new ConvexFusion(0.5).fuse("q", vector, keyword).hits();
        assertThat(ids(half)).containsExactly("b", "a", "c", "d");
        assertThat(half.get(0).score()).isCloseTo(0.5 * 0.2 + 0.5 * 8 / 9.0, within(1e-12));
        assertThat(half.get(1).score()).isCloseTo(0.5, within(1e-12));
        assertThat(ids(new ConvexFusion(1).fuse("q", vector, keyword).hits())).startsWith("a", "b", "c");
        assertThat(ids(new ConvexFusion(0).fuse("q", vector, keyword).hits())).startsWith("c", "b");
        // A list whose scores are all equal counts each of its hits fully.
        assertThat(new ConvexFusion(0.5).fuse("q", List.of(chunk("a", 0.3)), List.of()).hits().get(0).score()).isCloseTo(0.5, within(1e-12));
        assertThat(new ConvexFusion(0.3).fuse("q", vector, keyword).weights()).isEqualTo(new Fusion.Weights(0.3, 0.7));
        assertThat(new ReciprocalRankFusion(10, 1, 3).fuse("q", vector, keyword).weights()).isEqualTo(new Fusion.Weights(0.25, 0.75));
        assertThatThrownBy(() -> new ConvexFusion(1.5)).hasMessageContaining("1.5");
    }

    @Test
    void adaptiveFusionLetsKeywordsLeadOnlyWhenTheirTopHitHoldsTheQuerysWords() {
        List<RankedChunk> vector = List.of(chunk("a", "the tunnel to the office", 0.9), chunk("b", "router notes", 0.8));
        AdaptiveFusion adaptive = new AdaptiveFusion(10, 1, 0, 3);
        List<RankedChunk> exact = List.of(chunk("b", "WireGuard listens on port 51820", 9));
        List<Fusion.Fused> named = adaptive.fuse("wireguard port 51820", vector, exact).hits();
        assertThat(ids(named)).containsExactly("b", "a");
        assertThat(named.get(0).score()).isCloseTo(1.0 / 12 + 3.0 / 11, within(1e-12));
        List<RankedChunk> stray = List.of(chunk("b", "a stray match on office", 9));
        List<Fusion.Fused> paraphrase = adaptive.fuse("how do I reach work from home", vector, stray).hits();
        assertThat(ids(paraphrase)).containsExactly("a", "b");
        assertThat(paraphrase.get(1).score()).isCloseTo(1.0 / 12, within(1e-12));
        // Half of the words found: halfway between the weights.
        assertThat(adaptive.fuse("wireguard office", vector, exact).hits().get(0).score()).isCloseTo(1.0 / 12 + 1.5 / 11, within(1e-12));
        // Japanese words count by their bigrams.
        List<RankedChunk> kyoto = List.of(chunk("b", "嵐山の竹林を歩いた", 9));
        assertThat(adaptive.fuse("嵐山", vector, kyoto).hits().get(0).score()).isCloseTo(1.0 / 12 + 3.0 / 11, within(1e-12));
        assertThatThrownBy(() -> new AdaptiveFusion(10, 1, 2, 1)).hasMessageContaining("must not be below");
    }

    /** Twenty vector hits from {@code top} down to {@code floor}, the first note named, the rest filler. */
    private static List<RankedChunk> vectorList(String first, double top, double floor) {
        List<RankedChunk> hits = new java.util.ArrayList<>();
        for (int i = 0; i < 20; i++) {
            hits.add(chunk(i == 0 ? first : "filler" + i, top - (top - floor) * i / 19));
        }
        return hits;
    }

    @Test
    void queryAwareFusionGivesKeywordsTheWeightTheirBestHitEarns() {
        QueryAwareFusion fusion = new QueryAwareFusion(0, 2, 2, -1);
        List<RankedChunk> vector = vectorList("meaning", 0.8, 0.7);
        // A keyword hit holding the whole query against one holding a quarter of it ("kitchen tools" finding "Migration Tools").
        Fusion.Ranking full = fusion.fuse("BR900G manual", vector, List.of(chunk("exact", 1.0)));
        Fusion.Ranking stray = fusion.fuse("kitchen tools", vector, List.of(chunk("stray", 0.25)));
        assertThat(full.weights().keyword()).isCloseTo(1 / (1 + Math.exp(-(2 * 1.0 - 1))), within(1e-12));
        assertThat(stray.weights().keyword()).isCloseTo(1 / (1 + Math.exp(-(2 * 0.25 - 1))), within(1e-12));
        assertThat(full.weights().keyword()).isGreaterThan(0.5).isGreaterThan(stray.weights().keyword());
        assertThat(full.hits().get(0).chunk().note().id()).isEqualTo("exact");
        assertThat(stray.hits().get(0).chunk().note().id()).isEqualTo("meaning");
        assertThat(stray.weights().vector() + stray.weights().keyword()).isCloseTo(1, within(1e-12));
    }

    @Test
    void queryAwareFusionLeansOnKeywordsWhenTheVectorListIsFlatOrTheQueryIsJapanese() {
        QueryAwareFusion fusion = new QueryAwareFusion(0, 0, 2, -1);
        List<RankedChunk> keyword = List.of(chunk("k", 0.5));
        double standsOut = fusion.fuse("q", vectorList("v", 0.9, 0.6), keyword).weights().keyword();
        double flat = fusion.fuse("q", vectorList("v", 0.75, 0.73), keyword).weights().keyword();
        assertThat(standsOut).isCloseTo(1 / (1 + Math.exp(3)), within(1e-9));
        assertThat(flat).isCloseTo(1 / (1 + Math.exp(0.2)), within(1e-9)).isGreaterThan(standsOut);
        double japanese = fusion.fuse("嵐山への行き方", vectorList("v", 0.9, 0.6), keyword).weights().keyword();
        assertThat(japanese).isCloseTo(1 / (1 + Math.exp(1)), within(1e-9));
        assertThat(fusion.fuse("how to get to 嵐山 from Kyoto station", vectorList("v", 0.9, 0.6), keyword).weights().keyword())
                .as("a few Japanese words in an English question").isCloseTo(standsOut, within(1e-12));
    }

    @Test
    void queryAwareFusionPutsEachListOnZeroToOneAgainstWhatItCouldScore() {
        QueryAwareFusion even = new QueryAwareFusion(0, 0, 0, 0);
        // Vector: the 20th hit is the floor (0), the best 1; keyword: a full match is 1, a hit past it the top.
        List<RankedChunk> vector = vectorList("a", 0.9, 0.5);
        Fusion.Ranking ranking = even.fuse("q", vector, List.of(chunk("filler10", 0.8), chunk("k", 0.4)));
        assertThat(ranking.weights()).isEqualTo(new Fusion.Weights(0.5, 0.5));
        assertThat(score(ranking, "a")).isCloseTo(0.5, within(1e-12));
        assertThat(score(ranking, "filler10")).isCloseTo(0.5 * 9 / 19.0 + 0.5 * 0.8, within(1e-12));
        assertThat(score(ranking, "k")).isCloseTo(0.5 * 0.4, within(1e-12));
        Fusion.Ranking past = even.fuse("q", vector, List.of(chunk("k", 1.6), chunk("j", 0.8)));
        assertThat(score(past, "k")).isCloseTo(0.5, within(1e-12));
        assertThat(score(past, "j")).isCloseTo(0.25, within(1e-12));
        assertThat(ids(even.fuse("q", List.of(), List.of(chunk("k", 0.2))).hits())).containsExactly("k");
        assertThatThrownBy(() -> new QueryAwareFusion(Double.NaN, 0, 0, 0)).hasMessageContaining("finite");
    }

    private static double score(Fusion.Ranking ranking, String note) {
        return ranking.hits().stream().filter(f -> f.chunk().note().id().equals(note)).findFirst().orElseThrow().score();
    }

    @Test
    void theFusionMeasuredForAModelIsItsDefault() {
        assertThat(SearchTuning.measuredFor("bge-small-en-v1.5/int8").fusion()).isEqualTo(Fusion.QUERY_AWARE);
        assertThat(SearchTuning.measuredFor("all-MiniLM-L6-v2/fp32").fusion()).isEqualTo(new ConvexFusion(0.3));
        assertThat(SearchTuning.measuredFor("my-model").fusion()).isEqualTo(Fusion.QUERY_AWARE);
    }

    @Test
    void fusionsReadWhatTheyDescribe() {
        for (Fusion fusion : List.of(Fusion.QUERY_AWARE, Fusion.CLASSIC, new ReciprocalRankFusion(20, 1, 1.5),
                new ConvexFusion(0.35), new AdaptiveFusion(10, 1, 0.5, 3), new QueryAwareFusion(-0.5, 1, 2.25, -3))) {
            assertThat(Fusion.parse(fusion.describe())).isEqualTo(fusion);
        }
        assertThat(Fusion.parse("rrf:kw=2")).isEqualTo(new ReciprocalRankFusion(10, 1, 2));
        assertThat(Fusion.parse(" Convex ")).isEqualTo(new ConvexFusion(0.5));
        assertThat(Fusion.parse("query-aware")).isEqualTo(Fusion.QUERY_AWARE);
        assertThatThrownBy(() -> Fusion.parse("rrf:alpha=1")).hasMessageContaining("rrf takes no alpha");
        assertThatThrownBy(() -> Fusion.parse("rrf:k=ten")).hasMessageContaining("'k=ten' is not name=number");
        assertThatThrownBy(() -> Fusion.parse("borda")).hasMessageContaining("the kinds are query-aware, rrf, convex and adaptive");
    }

    @Test
    void oneListAloneKeepsItsOrder() {
        List<RankedChunk> only = List.of(chunk("a", 3), chunk("b", 2));
        assertThat(Fusion.QUERY_AWARE.fuse("q", only, List.of()).hits()).extracting(f -> f.chunk().note().id())
                .containsExactly("a", "b");
    }

    @Test
    void tagFiltersMatchChildrenAndDatesAreHalfOpen() {
        SearchFilter work = new SearchFilter(Set.of("#work/"), Optional.empty(), Optional.empty(), Optional.empty());
        assertThat(work.tags()).containsExactly("work");
        assertThat(work.matches("s", Set.of("work/projects/vpn"), Instant.EPOCH)).isTrue();
        assertThat(work.matches("s", Set.of("Work"), Instant.EPOCH)).isTrue();
        assertThat(work.matches("s", Set.of("workshop"), Instant.EPOCH)).isFalse();
        SearchFilter window = new SearchFilter(Set.of(), Optional.of(Instant.parse("2026-01-01T00:00:00Z")),
                Optional.of(Instant.parse("2026-02-01T00:00:00Z")), Optional.empty());
        assertThat(window.matches("s", Set.of(), Instant.parse("2026-01-01T00:00:00Z"))).isTrue();
        assertThat(window.matches("s", Set.of(), Instant.parse("2026-02-01T00:00:00Z"))).isFalse();
        assertThat(SearchFilter.withParents("Work/Projects/VPN")).containsExactly("work", "work/projects", "work/projects/vpn");
    }

    @Test
    void snippetsMarkTheQueryWordsAndLinksReachTheHeading() {
        String snippet = Snippets.of("First line.\n\nWireGuard listens on UDP port 51820 for the tunnel.",
                Snippets.terms("How did I set up the WireGuard port?"), 200);
        assertThat(snippet).contains("**WireGuard**").contains("**port**").doesNotContain("**the**");
        assertThat(ChunkLinks.of("bear://x-callback-url/open-note?id=X", "# VPN > ## Router setup"))
                .isEqualTo("bear://x-callback-url/open-note?id=X&header=Router%20setup");
        assertThat(ChunkLinks.of("file:///notes/vpn.md", "# VPN > ## Router")).isEqualTo("file:///notes/vpn.md");
    }
}
