package dev.bearings.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.bearings.eval.PersonalNotes;
import dev.bearings.eval.RetrievalEvaluation;
import dev.bearings.testkit.Prerequisite;
import dev.bearings.testprocess.ProjectData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code bearings eval} as a person runs it: a personal set, a BEIR slice with fusions, the suite's data missing. The
 * suite itself runs in process in {@code eval} (EvalSuiteTest); the full runs and their figures are in docs/benchmarks.md.
 */
class EvalCommandTest {
    private static final Path SCIFACT = ProjectData.SHARED.resolve("beir-scifact");

    /** A personal-notes set of the example notes: two questions they answer and one they do not. */
    private static Path personalSet(Path root) throws Exception {
        Path set = root.resolve("my-notes");
        Path notes = Files.createDirectories(set.resolve("notes"));
        try (Stream<Path> examples = Files.list(ProjectData.EXAMPLE_NOTES)) {
            for (Path note : examples.toList()) {
                Files.copy(note, notes.resolve(note.getFileName()));
            }
        }
        Files.writeString(set.resolve("questions.jsonl"), """
                {"id": "q1", "kind": "synonym", "text": "how do I reach my home network from the laptop", "notes": ["vpn-setup.md"], \
                "sections": [{"note": "vpn-setup.md", "heading": "# Home VPN with WireGuard > ## Clients"}]}
                {"id": "q2", "kind": "exact", "text": "restic restore drill", "notes": ["backups.md"], \
                "sections": [{"note": "backups.md", "heading": "# Backups > ## Restore drill"}]}
                """);
        Files.writeString(set.resolve(PersonalNotes.UNANSWERABLE), """
                {"id": "u1", "text": "what is the boiling point of tungsten"}
                """);
        return set;
    }

    @Test
    void aPersonalSetIsScoredAtNoteAndSectionLevelInEachStoreAndSavedWithItsChecksum(@TempDir Path root) throws Exception {
        Path set = personalSet(root);
        Path saved = root.resolve("rows.json");
        CliRun run = CliRun.of("eval", "--personal", set.toString(), "--store", "sqlite,lucene", "--save", saved.toString());
        assertThat(run.exitCode()).as(run.err()).isZero();
        // Not the project's set: its checksum is said, and nothing claims it is the frozen one.
        assertThat(run.out()).contains("personal-notes set " + set + ": sha256 " + PersonalNotes.checksum(set) + "\n")
                .doesNotContain("frozen").contains("nDCG@10");
        Set<String> seen = new TreeSet<>();
        for (JsonNode row : new ObjectMapper().readTree(saved.toFile())) {
            String kind = row.get("group").asText();
            seen.add(row.get("store").asText() + " " + row.get("dataset").asText() + " " + row.get("mode").asText() + " " + kind);
            if (kind.equals(RetrievalEvaluation.UNANSWERABLE)) {
                assertThat(row.get("ndcg10").asDouble()).isNaN();
            } else {
                // Two questions in the notes' own words: each store, in each mode, puts the right note first and
                // finds the right section among its ten.
                assertThat(row.get(row.get("dataset").asText().equals("my-notes") ? "ndcg10" : "recall10").asDouble())
                        .as(row.toString()).isEqualTo(1.0);
            }
        }
        assertThat(seen).contains("sqlite my-notes hybrid " + RetrievalEvaluation.ALL, "lucene my-notes-sections keyword "
                + RetrievalEvaluation.ALL, "lucene my-notes vector " + RetrievalEvaluation.UNANSWERABLE);
        assertThat(seen.stream().map(row -> row.substring(0, row.lastIndexOf(' '))).distinct()).hasSize(2 * 2 * 3);
    }

    @Test
    void theSuiteNamesTheDatasetItMissesAndTheFlagThatGivesIt(@TempDir Path root) throws Exception {
        Path empty = Files.createDirectories(root.resolve("data"));
        CliRun run = CliRun.of("eval", "--suite", "--data", empty.toString());
        assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
        assertThat(run.err()).contains("--suite: the suite needs " + empty.resolve("beir-scifact") + ", which is missing (--data DIR");

        CliRun alone = CliRun.of("eval", "--personal", ProjectData.PERSONAL_NOTES.toString(), "--data", empty.toString());
        assertThat(alone.exitCode()).isEqualTo(2);
        assertThat(alone.err()).contains("--data goes with --suite");
        CliRun beir = CliRun.of("eval", "--beir", empty.toString(), "--project-set", empty.toString());
        assertThat(beir.exitCode()).isEqualTo(2);
        assertThat(beir.err()).contains("--project-set goes with --suite or --personal");
    }

    @Test
    void aPersonalSetGivenAsTheProjectsOwnIsSaidToDifferFromTheFrozenOne(@TempDir Path root) throws Exception {
        Path set = personalSet(root);
        CliRun run = CliRun.of("eval", "--personal", set.toString(), "--project-set", set.toString(), "--store", "sqlite",
                "--mode", "keyword");
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("personal-notes set " + set + ": sha256 " + PersonalNotes.checksum(set)
                + " (CHANGED from the frozen set " + PersonalNotes.FROZEN_CHECKSUM + ")");
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
