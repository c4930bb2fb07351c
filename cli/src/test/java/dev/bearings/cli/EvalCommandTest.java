package dev.bearings.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.bearings.core.search.Fusion;
import dev.bearings.eval.PersonalNotes;
import dev.bearings.eval.RetrievalEvaluation;
import dev.bearings.eval.ProjectData;
import dev.bearings.testkit.Prerequisite;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A small slice of the real datasets through {@code bearings eval}, so that the evaluation cannot rot;
 * the full runs and their figures are in docs/benchmarks.md.
 */
class EvalCommandTest {
    private static final Path SCIFACT = ProjectData.SHARED.resolve("beir-scifact");

    @Test
    void aSliceOfTheSuiteScoresEveryDatasetInEveryModeAndPrintsTheMargins() throws Exception {
        for (String dataset : List.of("beir-scifact/queries.jsonl", "obliqa-dev/passages.jsonl", "beir-arguana/queries.jsonl",
                "jsquad-ja/queries.jsonl", "personal-notes-b/questions.jsonl")) {
            Prerequisite.requireFile(ProjectData.SHARED.resolve(dataset));
        }
        Path saved = Files.createTempFile("suite", ".json");
        CliRun run = CliRun.of("eval", "--suite", "--queries", "4", "--distractors", "12", "--store", "sqlite,lucene",
                "--save", saved.toString());
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("personal-notes set " + ProjectData.PERSONAL_NOTES + ": sha256 "
                + PersonalNotes.FROZEN_CHECKSUM + " (the project's frozen set)");
        assertThat(run.out()).contains("hybrid " + Fusion.QUERY_AWARE.describe() + " on sqlite", "hybrid " + Fusion.QUERY_AWARE.describe()
                + " on lucene", "worst margin", "fusions compared");
        JsonNode rows = new ObjectMapper().readTree(saved.toFile());
        Files.delete(saved);
        Set<String> seen = new TreeSet<>();
        for (JsonNode row : rows) {
            seen.add(row.get("store").asText() + " " + row.get("dataset").asText() + " " + row.get("mode").asText());
            assertThat(row.get("strong").asDouble()).as("a share of questions").isBetween(0.0, 1.0);
            if (row.get("group").asText().equals(RetrievalEvaluation.UNANSWERABLE)) {
                // Questions the notes do not answer have no ranking to score, only their strong hits to count.
                assertThat(row.get("dataset").asText()).isEqualTo("personal-notes-b");
                assertThat(row.get("ndcg10").asDouble()).isNaN();
                continue;
            }
            assertThat(row.get("ndcg10").asDouble()).isBetween(0.0, 1.0);
            assertThat(row.get("recall10").asDouble()).isGreaterThanOrEqualTo(row.get("recall5").asDouble());
        }
        List<String> expected = new ArrayList<>();
        for (String dataset : List.of("beir-scifact", "obliqa-dev", "beir-arguana", "jsquad-ja", "personal-notes", "personal-sections",
                "personal-notes-b", "personal-notes-b-sections")) {
            for (String mode : List.of("hybrid", "vector", "keyword")) {
                expected.add("sqlite " + dataset + " " + mode);
                expected.add("lucene " + dataset + " " + mode);
            }
        }
        assertThat(seen).containsExactlyInAnyOrderElementsOf(expected);
        // Each of the four SciFact claims is found near the top in every mode.
        for (JsonNode row : rows) {
            if (row.get("dataset").asText().equals("beir-scifact")) {
                assertThat(row.get("ndcg10").asDouble()).as(row.get("mode").asText()).isGreaterThan(0.5);
            }
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
}
