package dev.bearings.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.bearings.eval.Corpus;
import dev.bearings.eval.ProjectData;
import dev.bearings.testkit.Prerequisite;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A small slice of the real datasets through {@code bearings eval}, so that the evaluation cannot rot;
 * the full runs and their figures are in docs/benchmarks.md.
 */
class EvalCommandTest {
    private static final Path SCIFACT = ProjectData.SHARED.resolve("beir-scifact");
    private static final Path OBLIQA = ProjectData.SHARED.resolve("obliqa-dev");

    @Test
    void sciFactSliceScoresEveryModeWell() throws Exception {
        Prerequisite.requireFile(SCIFACT.resolve("queries.jsonl"));
        CliRun run = CliRun.of("eval", "--beir", SCIFACT.toString(), "--queries", "10", "--distractors", "30", "--json");
        assertThat(run.exitCode()).as(run.err()).isZero();
        JsonNode rows = new ObjectMapper().readTree(run.out());
        assertThat(rows).hasSize(3);
        for (JsonNode row : rows) {
            assertThat(row.get("queries").asInt()).isEqualTo(10);
            assertThat(row.get("ndcg10").asDouble()).as(row.get("mode").asText()).isBetween(0.6, 1.0);
            assertThat(row.get("recall100").asDouble()).isBetween(row.get("recall10").asDouble(), 1.0);
            assertThat(row.get("mrr10").asDouble()).isBetween(0.0, 1.0);
        }
    }

    @Test
    void aFusionGridScoresHybridOncePerSettingFromTheSameLists() throws Exception {
        Prerequisite.requireFile(SCIFACT.resolve("queries.jsonl"));
        CliRun run = CliRun.of("eval", "--beir", SCIFACT.toString(), "--queries", "5", "--distractors", "20",
                "--fusion", "rrf:k=10,kw=0", "--fusion", "rrf:k=60,vw=1,kw=1", "--fusion", "convex:alpha=1",
                "--fusion", "adaptive:kwmin=0,kwmax=2", "--json");
        assertThat(run.exitCode()).as(run.err()).isZero();
        JsonNode rows = new ObjectMapper().readTree(run.out());
        assertThat(rows).extracting(r -> r.get("mode").asText() + " " + r.get("fusion").asText()).containsExactly(
                "hybrid rrf:k=10,vw=1,kw=0", "hybrid rrf:k=60,vw=1,kw=1", "hybrid convex:alpha=1",
                "hybrid adaptive:k=10,vw=1,kwmin=0,kwmax=2", "vector -", "keyword -");
        // With no weight on keywords, either fusion ranks exactly as the vector list does.
        JsonNode vector = rows.get(4);
        assertThat(rows.get(0).get("ndcg10").asDouble()).isEqualTo(vector.get("ndcg10").asDouble());
        assertThat(rows.get(2).get("mrr10").asDouble()).isEqualTo(vector.get("mrr10").asDouble());
        CliRun bad = CliRun.of("eval", "--beir", SCIFACT.toString(), "--fusion", "rrf:kw=-1");
        assertThat(bad.exitCode()).isEqualTo(2);
        assertThat(bad.err()).contains("--fusion").contains("negative");
    }

    @Test
    void obliqaSliceFindsGoldPassagesInTheLuceneStore() throws Exception {
        Prerequisite.requireFile(OBLIQA.resolve("passages.jsonl"));
        CliRun run = CliRun.of("eval", "--obliqa", OBLIQA.toString(), "--queries", "3", "--mode", "hybrid",
                "--store", "lucene", "--json");
        assertThat(run.exitCode()).as(run.err()).isZero();
        JsonNode row = new ObjectMapper().readTree(run.out()).get(0);
        assertThat(row.get("mode").asText()).isEqualTo("hybrid");
        assertThat(row.get("recall10").asDouble()).isBetween(0.2, 1.0);
        assertThat(row.get("recall5").asDouble()).isLessThanOrEqualTo(row.get("recall10").asDouble());
        assertThat(row.get("ndcg10").asDouble()).isBetween(0.1, 1.0);
        assertThat(row.get("notes").asInt()).isBetween(1, 3);
    }
}
