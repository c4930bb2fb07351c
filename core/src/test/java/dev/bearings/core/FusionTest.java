package dev.bearings.core;

import dev.bearings.core.index.IndexedNote;
import dev.bearings.core.search.Fusion;
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
        IndexedNote n = new IndexedNote("s", note, "v", note, Set.of(), Instant.EPOCH, "file:///" + note);
        return new RankedChunk(new StoredChunk(n, 0, "", 1, 1, "text of " + note, ""), score);
    }

    @Test
    void reciprocalRankFusionAddsOneOverKPlusRank() {
        List<RankedChunk> vector = List.of(chunk("a", 0.9), chunk("b", 0.8), chunk("c", 0.7));
        List<RankedChunk> keyword = List.of(chunk("c", 12), chunk("d", 9), chunk("a", 3));
        List<Fusion.Fused> fused = Fusion.CLASSIC.fuse(vector, keyword);
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
        assertThat(new Fusion(0, 1, 1).fuse(vector, keyword).get(0).chunk().note().id()).isEqualTo("a");
        assertThat(Fusion.CLASSIC.fuse(vector, keyword).get(0).chunk().note().id()).isEqualTo("b");
    }

    @Test
    void aHeavierListWinsTiesOfRankAndOutranksItsRivalsTopHit() {
        List<RankedChunk> vector = List.of(chunk("a", 0.9), chunk("b", 0.8));
        List<RankedChunk> keyword = List.of(chunk("b", 12), chunk("c", 9));
        assertThat(new Fusion(60, 1, 2).fuse(vector, keyword)).extracting(f -> f.chunk().note().id())
                .containsExactly("b", "c", "a");
        assertThat(new Fusion(60, 1, 2).fuse(vector, keyword).get(0).score()).isCloseTo(1.0 / 62 + 2.0 / 61, within(1e-12));
        assertThat(new Fusion(60, 0, 1).fuse(vector, keyword)).extracting(f -> f.chunk().note().id())
                .startsWith("b", "c");
    }

    @Test
    void negativeKOrWeightsAreRefused() {
        assertThatThrownBy(() -> new Fusion(-1, 1, 1)).hasMessageContaining("-1");
        assertThatThrownBy(() -> new Fusion(60, 1, -0.5)).hasMessageContaining("-0.5");
    }

    @Test
    void oneListAloneKeepsItsOrder() {
        List<RankedChunk> only = List.of(chunk("a", 3), chunk("b", 2));
        assertThat(Fusion.DEFAULT.fuse(only, List.of())).extracting(f -> f.chunk().note().id())
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
