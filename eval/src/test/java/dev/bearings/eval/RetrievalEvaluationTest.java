package dev.bearings.eval;

import dev.bearings.core.chunk.ChunkingRules;
import dev.bearings.core.index.IndexRecipe;
import dev.bearings.core.note.Note;
import dev.bearings.core.search.Fusion;
import dev.bearings.core.search.MatchStrength;
import dev.bearings.core.search.SearchTuning;
import dev.bearings.core.usecase.SearchNotes;
import dev.bearings.testkit.LineParser;
import dev.bearings.testkit.MemoryChunkIndex;
import dev.bearings.testkit.WordHashingEmbedder;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The evaluation on a tiny dataset whose right answers are plain, on the in-memory store. */
class RetrievalEvaluationTest {
    private final WordHashingEmbedder embedder = new WordHashingEmbedder(256, 64);

    private static Note note(String id, String text) {
        return new Note(id, id, text, Set.of(), Instant.EPOCH, "memory:" + id, List.of());
    }

    private RetrievalEvaluation.Setup setup(List<SearchNotes.Mode> modes, List<Fusion> fusions) {
        return new RetrievalEvaluation.Setup("memory", MemoryChunkIndex.store(), new LineParser(),
                IndexRecipe.of("lines", new ChunkingRules(20, 0, 0), true, IndexRecipe.Prefix.NONE, "word-hashing", Map.of(),
                        embedder), modes, fusions);
    }

    private static final List<Note> NOTES = List.of(
            note("tides", "spring tides follow the new and the full moon\n"),
            note("bread", "sourdough starter feeding schedule\n"),
            note("vpn", "# Tunnel\nwireguard tunnel on udp port 51820\n# Router\nthe router forwards the port\n"));

    @Test
    void documentsAreScoredByTheirBestChunkInEveryModeAndFusion() throws Exception {
        EvalDataset data = new EvalDataset("tiny", NOTES, Map.of("q1", "wireguard udp port", "q2", "sourdough feeding"),
                Map.of("q1", Map.of("vpn", 1), "q2", Map.of("bread", 1)), Map.of());
        List<RetrievalEvaluation.Row> rows = RetrievalEvaluation.run(data, setup(List.of(SearchNotes.Mode.values()),
                List.of(Fusion.QUERY_AWARE, Fusion.CLASSIC)), embedder);
        assertThat(rows).extracting(r -> r.mode() + " " + r.fusion()).containsExactly(
                "hybrid " + Fusion.QUERY_AWARE.describe(), "hybrid rrf:k=60,vw=1,kw=1", "vector -", "keyword -");
        assertThat(rows).allSatisfy(r -> {
            assertThat(r.dataset()).isEqualTo("tiny");
            assertThat(r.store()).isEqualTo("memory");
            assertThat(r.queries()).isEqualTo(2);
            assertThat(r.notes()).isEqualTo(3);
            assertThat(r.chunks()).isEqualTo(4);
            assertThat(r.ndcg10()).as(r.mode()).isEqualTo(1.0);
            assertThat(r.mrr10()).isEqualTo(1.0);
            assertThat(r.recall5()).isEqualTo(1.0);
            assertThat(r.recall100()).isEqualTo(1.0);
        });
    }

    @Test
    void aMatchsStrengthIsCountedOnTheFirstRightHitAndOnAnyHitOfAnUnansweredQuestion() throws Exception {
        EvalDataset data = new EvalDataset("tiny", NOTES, Map.of("q1", "sourdough starter feeding", "q2", "wireguard udp port"),
                Map.of("q1", Map.of("bread", 1), "q2", Map.of("vpn", 1)), Map.of(), Map.of(), false,
                Map.of("u1", "capital of peru", "u2", "spring tides full moon"));
        RetrievalEvaluation.Setup measured = setup(List.of(SearchNotes.Mode.HYBRID), List.of());
        // A cosine of one word-hashed text with another: about the share of the words they have in common.
        RetrievalEvaluation.Setup strict = new RetrievalEvaluation.Setup("memory", measured.store(), measured.parser(),
                measured.recipe().withStrength(new MatchStrength(0.5, 100, 0.5)), measured.modes(), List.of());
        List<RetrievalEvaluation.Row> rows = RetrievalEvaluation.run(data, strict, embedder);
        assertThat(rows).filteredOn(r -> r.group().equals(RetrievalEvaluation.ALL)).singleElement()
                .satisfies(r -> assertThat(r.strong()).as("both questions' right notes are strong").isEqualTo(1.0));
        assertThat(rows).filteredOn(r -> r.group().equals(RetrievalEvaluation.UNANSWERABLE)).singleElement().satisfies(r -> {
            assertThat(r.queries()).isEqualTo(2);
            assertThat(r.strong()).as("peru matches nothing; the tides note answers the other").isEqualTo(0.5);
            assertThat(r.ndcg10()).isNaN();
        });
        RetrievalEvaluation.Setup lax = new RetrievalEvaluation.Setup("memory", measured.store(), measured.parser(),
                measured.recipe().withStrength(new MatchStrength(0.99, 100, 0.99)), measured.modes(), List.of());
        assertThat(RetrievalEvaluation.run(data, lax, embedder)).filteredOn(r -> r.group().equals(RetrievalEvaluation.ALL))
                .singleElement().satisfies(r -> assertThat(r.strong()).isZero());
    }

    @Test
    void withNoFusionAskedForHybridModeFusesWithTheRecipes() throws Exception {
        EvalDataset data = new EvalDataset("tiny", NOTES, Map.of("q1", "wireguard udp port"), Map.of("q1", Map.of("vpn", 1)),
                Map.of());
        RetrievalEvaluation.Setup measured = setup(List.of(SearchNotes.Mode.HYBRID), List.of());
        RetrievalEvaluation.Setup classic = new RetrievalEvaluation.Setup("memory", measured.store(), measured.parser(),
                measured.recipe().withFusion(Fusion.CLASSIC), measured.modes(), List.of());
        assertThat(RetrievalEvaluation.run(data, measured, embedder)).extracting(RetrievalEvaluation.Row::fusion)
                .containsExactly(SearchTuning.measuredFor(embedder.modelId()).fusion().describe());
        assertThat(RetrievalEvaluation.run(data, classic, embedder)).extracting(RetrievalEvaluation.Row::fusion)
                .containsExactly(Fusion.CLASSIC.describe());
    }

    @Test
    void passagesAreRelevantWhenTheirLinesOverlapAGoldSpan() throws Exception {
        // The gold passage is line 4 of the vpn note; its chunk (lines 3-4) ranks first for the router query.
        EvalDataset data = new EvalDataset("spans", NOTES, Map.of("q", "router forwards the port"),
                Map.of("q", Map.of("span", 1)), Map.of("span", new EvalDataset.GoldSpan("vpn", 4, 4)));
        RetrievalEvaluation.Row row = RetrievalEvaluation.run(data, setup(List.of(SearchNotes.Mode.KEYWORD),
                List.of(Fusion.QUERY_AWARE)), embedder).get(0);
        assertThat(row.mode()).isEqualTo("keyword");
        assertThat(row.ndcg10()).isEqualTo(1.0);
        assertThat(row.recall10()).isEqualTo(1.0);
        assertThat(row.mrr10()).isEqualTo(1.0);
        assertThat(row.recall100()).as("not measured for passages").isNaN();
        EvalDataset missed = new EvalDataset("spans", NOTES, Map.of("q", "router forwards the port"),
                Map.of("q", Map.of("span", 1)), Map.of("span", new EvalDataset.GoldSpan("vpn", 2, 2)));
        RetrievalEvaluation.Row second = RetrievalEvaluation.run(missed, setup(List.of(SearchNotes.Mode.KEYWORD),
                List.of(Fusion.QUERY_AWARE)), embedder).get(0);
        assertThat(second.mrr10()).as("the span's chunk comes second").isEqualTo(0.5);
        assertThat(second.ndcg10()).isCloseTo(1 / (Math.log(3) / Math.log(2)), within(1e-12));
    }
}
