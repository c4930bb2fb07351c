package dev.bearings.eval;

import dev.bearings.app.index.NewIndex;
import dev.bearings.core.index.ChunkIndexStore;
import dev.bearings.core.index.IndexRecipe;
import dev.bearings.core.plugin.Settings;
import dev.bearings.core.search.Fusion;
import dev.bearings.core.usecase.SearchNotes;
import dev.bearings.embedding.onnx.OnnxEmbedderProvider;
import dev.bearings.parser.commonmark.CommonmarkParser;
import dev.bearings.source.files.FolderSource;
import dev.bearings.store.lucene.LuceneIndexProvider;
import dev.bearings.store.sqlite.SqliteIndexProvider;
import dev.bearings.testkit.Prerequisite;
import dev.bearings.testprocess.ProjectData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A small slice of the real suite, as {@code bearings eval --suite --queries 4 --distractors 12 --store sqlite,lucene}
 * runs it (the default recipe and model, both built-in stores, every mode), so that the evaluation cannot rot; the
 * full runs and their figures are in docs/benchmarks.md.
 */
class EvalSuiteTest {
    private static final int QUERIES = 4;
    private static final int DISTRACTORS = 12;

    @Test
    void theProjectsOwnSetIsTheOneItIsGiven(@TempDir Path root) throws IOException {
        Path shared = root.resolve("data");
        for (String dataset : EvalSuite.SHARED) {
            Files.createDirectories(shared.resolve(dataset));
        }
        Path notASet = Files.createDirectories(root.resolve("not-a-set"));
        assertThatThrownBy(() -> EvalSuite.loaders(shared, notASet, FolderSource::new, new CommonmarkParser(), 1, 1))
                .isInstanceOf(IOException.class).hasMessage(notASet + " is not a personal-notes set: it has no questions.jsonl");
    }

    @Test
    void aSliceOfTheSuiteScoresEveryDatasetInEveryModeAndReportsTheMargins() throws Exception {
        for (String dataset : List.of("beir-scifact/queries.jsonl", "obliqa-dev/passages.jsonl", "beir-arguana/queries.jsonl",
                "jsquad-ja/queries.jsonl", "personal-notes-b/questions.jsonl")) {
            Prerequisite.requireFile(ProjectData.SHARED.resolve(dataset));
        }
        CommonmarkParser parser = new CommonmarkParser();
        List<RetrievalEvaluation.Row> rows = new ArrayList<>();
        try (RememberingEmbedder embedder = new RememberingEmbedder(new OnnxEmbedderProvider().create(Settings.NONE))) {
            IndexRecipe recipe = NewIndex.recipe(NewIndex.PARSER, NewIndex.RULES, NewIndex.EMBEDDER, Map.of(), embedder);
            for (EvalSuite.Loader loader : EvalSuite.loaders(ProjectData.SHARED, ProjectData.PERSONAL_NOTES, FolderSource::new, parser,
                    QUERIES, DISTRACTORS)) {
                EvalDataset data = loader.load();
                for (String store : List.of("sqlite", "lucene")) {
                    ChunkIndexStore made = store.equals("sqlite") ? new SqliteIndexProvider().create(Settings.NONE)
                            : new LuceneIndexProvider().create(Settings.NONE);
                    rows.addAll(RetrievalEvaluation.run(data, new RetrievalEvaluation.Setup(store, made, parser, recipe,
                            List.of(SearchNotes.Mode.values()), List.of()), embedder));
                }
            }
        }
        Set<String> seen = new TreeSet<>();
        for (RetrievalEvaluation.Row row : rows) {
            seen.add(row.store() + " " + row.dataset() + " " + row.mode());
            assertThat(row.strong()).as("a share of questions").isBetween(0.0, 1.0);
            if (row.group().equals(RetrievalEvaluation.UNANSWERABLE)) {
                // Questions the notes do not answer have no ranking to score, only their strong hits to count.
                assertThat(row.dataset()).isEqualTo("personal-notes-b");
                assertThat(row.ndcg10()).isNaN();
                continue;
            }
            assertThat(row.ndcg10()).isBetween(0.0, 1.0);
            assertThat(row.recall10()).isGreaterThanOrEqualTo(row.recall5());
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
        for (RetrievalEvaluation.Row row : rows) {
            if (row.dataset().equals("beir-scifact")) {
                assertThat(row.ndcg10()).as(row.store() + " " + row.mode()).isGreaterThan(0.5);
            }
        }
        StringWriter report = new StringWriter();
        SuiteReport.print(rows, new PrintWriter(report, true));
        assertThat(report.toString()).contains("hybrid " + Fusion.QUERY_AWARE.describe() + " on sqlite",
                "hybrid " + Fusion.QUERY_AWARE.describe() + " on lucene", "worst margin", "fusions compared");
    }
}
