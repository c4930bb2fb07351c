package dev.bearings.core.usecase;

import dev.bearings.core.index.ChunkIndex;
import dev.bearings.core.index.ChunkIndexReader;
import dev.bearings.core.chunk.ChunkingRules;
import dev.bearings.core.index.IndexManifest;
import dev.bearings.core.index.IndexRecipe;
import dev.bearings.core.index.IndexStats;
import dev.bearings.core.index.IndexedChunk;
import dev.bearings.core.note.IndexedNote;
import dev.bearings.core.search.Fusion;
import dev.bearings.core.search.MatchStrength;
import dev.bearings.core.search.SearchTuning;
import dev.bearings.core.embed.Vectors;
import dev.bearings.core.source.MemorySource;
import dev.bearings.core.note.Note;
import dev.bearings.testkit.LineParser;
import java.time.Clock;
import dev.bearings.core.search.RankedChunk;
import dev.bearings.core.search.SearchFilter;
import dev.bearings.testkit.ForwardingChunkIndex;
import dev.bearings.testkit.MemoryChunkIndex;
import dev.bearings.testkit.WordHashingEmbedder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** {@link SearchNotes} on the in-memory reference store, with the word-hashing stand-in embedder. */
class SearchNotesTest {
    @TempDir
    Path folder;

    private static final MatchStrength STRENGTH = SearchTuning.BGE_SMALL.strength();
    private final WordHashingEmbedder embedder = new WordHashingEmbedder(256, 32);
    private ChunkIndex index;

    @BeforeEach
    void open() throws Exception {
        index = MemoryChunkIndex.store().open(folder, IndexRecipe.of("lines", ChunkingRules.DEFAULT, true,
                IndexRecipe.Prefix.TITLED, "word-hashing", Map.of(), embedder), false);
        put("bear", "vpn", "Home VPN", Set.of("network/vpn"), "2026-05-01T00:00:00Z",
                "wireguard tunnel listens on udp port 51820", "the router forwards the port to the server");
        put("folder:/n", "bread.md", "Bread", Set.of("cooking"), "2025-01-01T00:00:00Z",
                "sourdough starter needs feeding twice a day");
        put("folder:/n", "office.md", "Office", Set.of("work"), "2026-09-01T00:00:00Z",
                "office vpn gateway certificates expire", "renew the certificates in the portal");
    }

    @AfterEach
    void close() {
        index.close();
    }

    private void put(String source, String id, String title, Set<String> tags, String modified, String... texts) {
        List<IndexedChunk> chunks = new ArrayList<>();
        for (int i = 0; i < texts.length; i++) {
            chunks.add(new IndexedChunk(i, "# " + title + " > ## Part " + i, 1 + 3 * i, 2 + 3 * i, texts[i],
                    id + i, embedder.embed(texts[i]).vector(), ""));
        }
        String link = source.equals("bear") ? "bear://x-callback-url/open-note?id=" + id : "file:///n/" + id;
        index.replaceNote(new IndexedNote(source, id, "v1", title, tags, Instant.parse(modified), link), chunks);
    }

    private SearchNotes.Results search(String query, int limit, SearchNotes.Mode mode) {
        return search(query, limit, mode, SearchFilter.NONE);
    }

    private SearchNotes.Results search(String query, int limit, SearchNotes.Mode mode, SearchFilter filter) {
        return new SearchNotes(embedder, SearchTuning.BGE_SMALL).search(index, new SearchNotes.Request(query, limit, mode, filter));
    }

    private static List<String> ids(List<SearchNotes.Hit> hits) {
        return hits.stream().map(h -> h.chunk().note().id() + "#" + h.chunk().ordinal()).toList();
    }

    @Test
    void vectorModeRanksByCosineAndRecordsTheVectorRank() {
        SearchNotes.Results results = search("wireguard tunnel port router", 2, SearchNotes.Mode.VECTOR);
        assertThat(ids(results.ranked())).containsExactly("vpn#0", "vpn#1");
        SearchNotes.Hit first = results.ranked().get(0);
        assertThat(first.score()).isCloseTo(embedder.embed("wireguard tunnel port router").cosine(
                embedder.embed("wireguard tunnel listens on udp port 51820")), within(1e-6));
        assertThat(first.vectorRank()).hasValue(1);
        assertThat(results.ranked().get(1).vectorRank()).hasValue(2);
        assertThat(first.keywordRank()).isEmpty();
        assertThat(results.queryTokens()).isEqualTo(6);
        assertThat(results.queryTruncated()).isFalse();
    }

    @Test
    void keywordModeRanksByBm25AndRecordsTheKeywordRank() {
        SearchNotes.Results results = search("certificates portal", 10, SearchNotes.Mode.KEYWORD);
        assertThat(ids(results.ranked())).containsExactly("office.md#1", "office.md#0");
        assertThat(results.ranked().get(0).keywordRank()).hasValue(1);
        assertThat(results.ranked().get(1).keywordRank()).hasValue(2);
        assertThat(results.ranked().get(0).vectorRank()).isEmpty();
        assertThat(results.ranked().get(0).score()).isGreaterThan(results.ranked().get(1).score());
        assertThat(results.queryTokens()).as("the question is embedded for the hits' similarity").isEqualTo(4);
    }

    @Test
    void aHitFoundByKeywordsAloneHasTheSimilarityOfItsStoredVector() throws Exception {
        IndexRecipe recipe = IndexRecipe.of("lines", ChunkingRules.DEFAULT, true, IndexRecipe.Prefix.TITLED, "word-hashing",
                Map.of(), embedder);
        try (ChunkIndex synced = MemoryChunkIndex.store().open(folder.resolve("synced"), recipe, false)) {
            new SyncIndex(new LineParser(), recipe, embedder, Clock.systemUTC()).sync(new MemorySource("notes", List.of(
                    new Note("vpn.md", "Home VPN", "# Home VPN\n## Tunnel\nwireguard tunnel listens on udp port 51820\n", Set.of(),
                            Instant.EPOCH, "file:///vpn.md", List.of()))), synced, SyncIndex.Progress.NONE);
            int before = embedder.embedded();
            SearchNotes.Hit hit = new SearchNotes(embedder, SearchTuning.BGE_SMALL).search(synced,
                    new SearchNotes.Request("udp 51820", 5, SearchNotes.Mode.KEYWORD, SearchFilter.NONE)).ranked().get(0);
            assertThat(embedder.embedded() - before).as("the question alone: the passage's vector is the one stored").isOne();
            double stored = synced.nearest(embedder.embedQuery("udp 51820").vector(), 1, SearchFilter.NONE).get(0).score();
            assertThat(hit.similarity()).isCloseTo(stored, within(1e-6));
        }
        SearchNotes.Hit unhashed = search("certificates portal", 1, SearchNotes.Mode.KEYWORD).ranked().get(0);
        assertThat(unhashed.similarity()).as("a vector not found by its hash: the passage is embedded again").isNotNaN()
                .isBetween(-1.0, 1.0);
    }

    @Test
    void whatTheQueryKeepsOutIsLeftOutWhicheverListFoundItAndMeaningIsReadWithoutOperators() {
        assertThat(ids(search("vpn port", 5, SearchNotes.Mode.VECTOR).ranked())).as("found by meaning alone").contains("vpn#0");
        assertThat(search("vpn port -wireguard", 5, SearchNotes.Mode.VECTOR).ranked()).isNotEmpty()
                .noneMatch(hit -> hit.chunk().text().contains("wireguard"));
        double typed = search("\"vpn port\" gate*", 1, SearchNotes.Mode.VECTOR).ranked().get(0).similarity();
        assertThat(typed).as("the vector part reads the words, not the quotes and stars")
                .isEqualTo(search("vpn port gate", 1, SearchNotes.Mode.VECTOR).ranked().get(0).similarity());
    }

    @Test
    void hybridModeFusesBothListsAsFusionSays() {
        SearchNotes search = new SearchNotes(embedder, SearchTuning.BGE_SMALL);
        SearchNotes.Request request = new SearchNotes.Request("vpn certificates port", 3, SearchNotes.Mode.HYBRID,
                SearchFilter.NONE);
        SearchNotes.Candidates candidates = search.candidates(index, request, SearchNotes.Mode.HYBRID);
        assertThat(candidates.vector()).hasSize(5);
        assertThat(candidates.keyword()).isNotEmpty();
        Fusion.Ranking ranking = Fusion.QUERY_AWARE.fuse(request.query(), candidates.vector(), candidates.keyword());
        List<Fusion.Fused> fused = ranking.hits();
        SearchNotes.Results results = search.search(index, request);
        assertThat(results.weights()).as("the weights the lists got are reported").isEqualTo(ranking.weights());
        assertThat(results.ranked()).hasSize(3);
        for (int i = 0; i < 3; i++) {
            SearchNotes.Hit hit = results.ranked().get(i);
            assertThat(hit.chunk()).isEqualTo(fused.get(i).chunk());
            assertThat(hit.score()).isEqualTo(fused.get(i).score());
            assertThat(hit.vectorRank().orElse(0)).isEqualTo(fused.get(i).vectorRank());
            assertThat(hit.keywordRank().orElse(0)).isEqualTo(fused.get(i).keywordRank());
        }
        SearchNotes.Results classic = SearchNotes.rank(candidates, request, Fusion.CLASSIC, STRENGTH);
        assertThat(classic.ranked().get(0).score()).isEqualTo(Fusion.CLASSIC.fuse(request.query(), candidates.vector(), candidates.keyword())
                .hits().get(0).score());
        assertThat(SearchNotes.rank(candidates, new SearchNotes.Request(request.query(), 3, SearchNotes.Mode.VECTOR,
                SearchFilter.NONE), Fusion.CLASSIC, STRENGTH).weights()).isEqualTo(Fusion.Weights.VECTOR_ONLY);
        assertThat(SearchNotes.rank(candidates, new SearchNotes.Request(request.query(), 3, SearchNotes.Mode.KEYWORD,
                SearchFilter.NONE), Fusion.CLASSIC, STRENGTH).weights()).isEqualTo(Fusion.Weights.KEYWORD_ONLY);
    }

    @Test
    void filtersReachTheIndexInEveryMode() {
        SearchFilter work = new SearchFilter(Set.of("work"), Optional.empty(), Optional.empty(), Optional.empty());
        for (SearchNotes.Mode mode : SearchNotes.Mode.values()) {
            assertThat(search("vpn certificates port", 10, mode, work).ranked()).as(mode.name())
                    .isNotEmpty().allSatisfy(h -> assertThat(h.chunk().note().id()).isEqualTo("office.md"));
        }
    }

    /** A reader that records the limits it was asked for (from the threads that ask). */
    private static final class Recording extends ForwardingChunkIndex {
        private final List<String> asked = java.util.Collections.synchronizedList(new ArrayList<>());

        Recording(ChunkIndex delegate) {
            super(delegate);
        }

        @Override
        public List<RankedChunk> nearest(float[] query, int limit, SearchFilter filter) {
            asked.add("vector " + limit);
            return super.nearest(query, limit, filter);
        }

        @Override
        public List<RankedChunk> keywords(String query, int limit, SearchFilter filter) {
            asked.add("keyword " + limit);
            return super.keywords(query, limit, filter);
        }
    }

    @Test
    void eachListFetchesFiftyCandidatesOrFourTimesTheLimitAndOnlyTheListsTheModeNeeds() {
        Recording recording = new Recording(index);
        SearchNotes search = new SearchNotes(embedder, SearchTuning.BGE_SMALL);
        search.search(recording, new SearchNotes.Request("vpn", 12, SearchNotes.Mode.HYBRID, SearchFilter.NONE));
        search.search(recording, new SearchNotes.Request("vpn", 13, SearchNotes.Mode.HYBRID, SearchFilter.NONE));
        search.search(recording, new SearchNotes.Request("vpn", 1, SearchNotes.Mode.VECTOR, SearchFilter.NONE));
        search.search(recording, new SearchNotes.Request("vpn", 1, SearchNotes.Mode.KEYWORD, SearchFilter.NONE));
        assertThat(recording.asked).containsExactlyInAnyOrder("vector 50", "keyword 50", "vector 52", "keyword 52", "vector 50",
                "keyword 50");
    }

    /**
     * Each list waits until the other has been asked for: asked one after the other, the first would
     * wait in vain (for ten seconds, then fail the search).
     */
    @Test
    void hybridAsksForTheKeywordListWhileTheVectorListIsSearched() {
        java.util.concurrent.CountDownLatch vectorAsked = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch keywordAsked = new java.util.concurrent.CountDownLatch(1);
        ForwardingChunkIndex meeting = new ForwardingChunkIndex(index) {
            @Override
            public List<RankedChunk> nearest(float[] query, int limit, SearchFilter filter) {
                vectorAsked.countDown();
                await(keywordAsked);
                return super.nearest(query, limit, filter);
            }

            @Override
            public List<RankedChunk> keywords(String query, int limit, SearchFilter filter) {
                keywordAsked.countDown();
                await(vectorAsked);
                return super.keywords(query, limit, filter);
            }
        };
        SearchNotes.Results results = new SearchNotes(embedder, SearchTuning.BGE_SMALL).search(meeting,
                new SearchNotes.Request("office vpn certificates", 5, SearchNotes.Mode.HYBRID, SearchFilter.NONE));
        assertThat(ids(results.ranked())).first().isEqualTo("office.md#0");
        assertThat(results.ranked()).anySatisfy(h -> assertThat(h.keywordRank()).isPresent())
                .anySatisfy(h -> assertThat(h.vectorRank()).isPresent());
    }

    private static void await(java.util.concurrent.CountDownLatch latch) {
        try {
            if (!latch.await(10, java.util.concurrent.TimeUnit.SECONDS)) {
                throw new IllegalStateException("the other list was not asked for within 10 s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    @Test
    void aKeywordSearchThatFailsFailsTheHybridSearchWithItsOwnError() {
        ForwardingChunkIndex broken = new ForwardingChunkIndex(index) {
            @Override
            public List<RankedChunk> keywords(String query, int limit, SearchFilter filter) {
                throw new IllegalStateException("cannot search in the index at /x: the index file is damaged");
            }
        };
        assertThatThrownBy(() -> new SearchNotes(embedder, SearchTuning.BGE_SMALL).search(broken,
                new SearchNotes.Request("vpn", 5, SearchNotes.Mode.HYBRID, SearchFilter.NONE)))
                .isExactlyInstanceOf(IllegalStateException.class).hasMessage("cannot search in the index at /x: the index file is damaged");
    }

    @Test
    void keywordModeOnAnIndexWithoutKeywordSearchIsRefusedAndHybridUsesVectorsAlone() {
        ChunkIndexReader plain = new ChunkIndexReader() {
            @Override
            public List<RankedChunk> nearest(float[] query, int limit, SearchFilter filter) {
                return index.nearest(query, limit, filter);
            }

            @Override
            public IndexManifest manifest() {
                return index.manifest();
            }

            @Override
            public Map<String, String> versions(String source) {
                return Map.of();
            }

            @Override
            public List<IndexedNote> notes() {
                return List.of();
            }

            @Override
            public Map<String, float[]> vectorsByHash(Collection<String> contentHashes) {
                return Map.of();
            }

            @Override
            public IndexStats stats() {
                return index.stats();
            }

            @Override
            public void close() {
            }
        };
        SearchNotes search = new SearchNotes(embedder, SearchTuning.BGE_SMALL);
        assertThatThrownBy(() -> search.search(plain, new SearchNotes.Request("vpn", 3, SearchNotes.Mode.KEYWORD,
                SearchFilter.NONE))).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("keywords");
        SearchNotes.Results hybrid = search.search(plain, new SearchNotes.Request("wireguard tunnel", 3,
                SearchNotes.Mode.HYBRID, SearchFilter.NONE));
        assertThat(hybrid.ranked()).hasSize(3).allSatisfy(h -> assertThat(h.keywordRank()).isEmpty());
        assertThat(hybrid.ranked().get(0).chunk().note().id()).isEqualTo("vpn");
    }

    @Test
    void aQueryLongerThanTheWindowIsCutAndSaysSo() {
        SearchNotes.Results results = search("vpn ".repeat(40), 3, SearchNotes.Mode.VECTOR);
        assertThat(results.queryTruncated()).isTrue();
        assertThat(results.queryTokens()).isEqualTo(42);
    }

    @Test
    void hitsAreGroupedUnderTheirNoteInTheOrderOfEachNotesBestHit() {
        SearchNotes.Results results = search("port certificates", 10, SearchNotes.Mode.KEYWORD);
        List<String> ranked = ids(results.ranked());
        assertThat(ranked).containsExactlyInAnyOrder("vpn#0", "vpn#1", "office.md#0", "office.md#1");
        List<SearchNotes.NoteHits> notes = results.notes();
        assertThat(notes).extracting(n -> n.note().id())
                .containsExactlyElementsOf(results.ranked().stream().map(h -> h.chunk().note().id()).distinct().toList());
        for (SearchNotes.NoteHits note : notes) {
            assertThat(note.hits()).allSatisfy(h -> assertThat(h.chunk().note()).isEqualTo(note.note()));
            assertThat(note.hits()).extracting(SearchNotes.Hit::score).isSortedAccordingTo((a, b) -> Double.compare(b, a));
        }
        assertThat(ids(results.ranked())).containsExactlyInAnyOrderElementsOf(notes.stream().flatMap(n -> n.hits().stream())
                .map(h -> h.chunk().note().id() + "#" + h.chunk().ordinal()).toList());
    }

    @Test
    void hitsExplainThemselvesWithASnippetAndALinkToTheirHeading() {
        SearchNotes.Hit vpn = search("udp port", 1, SearchNotes.Mode.KEYWORD).ranked().get(0);
        assertThat(vpn.snippet()).isEqualTo("wireguard tunnel listens on **udp** **port** 51820");
        assertThat(vpn.queryTerms()).startsWith("udp").contains("port", "udpport");
        assertThat(vpn.link(vpn.headingPath())).isEqualTo("bear://x-callback-url/open-note?id=vpn&header=Part%200");
        SearchNotes.Hit office = search("portal", 1, SearchNotes.Mode.KEYWORD).ranked().get(0);
        assertThat(office.link(office.headingPath())).isEqualTo("file:///n/office.md");
    }

    @Test
    void requestsAreValidated() {
        assertThatThrownBy(() -> new SearchNotes.Request("q", 0, SearchNotes.Mode.HYBRID, SearchFilter.NONE))
                .hasMessageContaining("limit must be at least 1, was 0");
        assertThatThrownBy(() -> new SearchNotes.Request(null, 1, SearchNotes.Mode.HYBRID, SearchFilter.NONE))
                .isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> new SearchNotes(null, SearchTuning.BGE_SMALL)).isInstanceOf(NullPointerException.class);
    }
}
