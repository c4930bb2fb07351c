package dev.bearings.eval;

import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The suite's tables, margins and choice, on rows whose right answers are plain. */
class SuiteReportTest {

    private static RetrievalEvaluation.Row row(String dataset, String store, String mode, String fusion, String group,
                                               double ndcg) {
        return new RetrievalEvaluation.Row(dataset, store, mode, fusion, group, 10, ndcg, ndcg, ndcg, Double.NaN, ndcg, 5, 9, 1, 1, Double.NaN);
    }

    /** Two datasets; fusion "a" is steady, "b" wins big on one and loses on the other. */
    private static List<RetrievalEvaluation.Row> rows(String store) {
        List<RetrievalEvaluation.Row> rows = new ArrayList<>();
        rows.add(row("one", store, "vector", "-", "all", 0.50));
        rows.add(row("one", store, "keyword", "-", "all", 0.60));
        rows.add(row("one", store, "hybrid", "a", "all", 0.62));
        rows.add(row("one", store, "hybrid", "b", "all", 0.70));
        rows.add(row("two", store, "vector", "-", "all", 0.80));
        rows.add(row("two", store, "vector", "-", "exact", 0.40));
        rows.add(row("two", store, "keyword", "-", "all", 0.40));
        rows.add(row("two", store, "keyword", "-", "exact", 0.90));
        rows.add(row("two", store, "hybrid", "a", "all", 0.81));
        rows.add(row("two", store, "hybrid", "a", "exact", 0.85));
        rows.add(row("two", store, "hybrid", "b", "all", 0.75));
        rows.add(row("two", store, "hybrid", "b", "exact", 0.95));
        return rows;
    }

    @Test
    void marginsAreOverTheBetterSingleListAndTheWorstIsNamed() {
        List<SuiteReport.Standing> standings = SuiteReport.standings(rows("sqlite"));
        assertThat(standings).extracting(SuiteReport.Standing::fusion).containsExactly("a", "b");
        SuiteReport.Standing a = standings.get(0);
        assertThat(a.worstMargin()).isCloseTo(0.01, within(1e-9));
        assertThat(a.worstDataset()).isEqualTo("two");
        assertThat(a.averageMargin()).isCloseTo((0.02 + 0.01) / 2, within(1e-9));
        assertThat(a.averageNdcg()).isCloseTo((0.62 + 0.81) / 2, within(1e-9));
        assertThat(a.averageBetterSingle()).isCloseTo(Math.max((0.5 + 0.8) / 2, (0.6 + 0.4) / 2), within(1e-9));
        SuiteReport.Standing b = standings.get(1);
        assertThat(b.worstMargin()).isCloseTo(-0.05, within(1e-9));
        assertThat(b.worstDataset()).isEqualTo("two");
    }

    @Test
    void theChoiceGoesToTheBestWorstCaseNotTheBestAverage() {
        List<RetrievalEvaluation.Row> both = new ArrayList<>(rows("sqlite"));
        both.addAll(rows("lucene"));
        assertThat(SuiteReport.chooseByWorstMargin(both)).isEqualTo("a");
        // With "two" left out, nothing stands against b.
        assertThat(SuiteReport.chooseByWorstMargin(both.stream().filter(r -> r.dataset().equals("one")).toList())).isEqualTo("b");
    }

    @Test
    void theTablesShowKindsUnderTheirDatasetAndAverageOnlyDatasets() {
        StringWriter text = new StringWriter();
        SuiteReport.print(rows("sqlite"), new PrintWriter(text));
        String report = text.toString();
        assertThat(report).contains("hybrid a on sqlite", "hybrid b on sqlite", "vector on sqlite");
        // Side by side: each kind across the modes and fusions, in the order vector, keyword, hybrids.
        assertThat(report).containsPattern("nDCG@10 on sqlite, side by side\\ndataset\\s+queries\\s+vector\\s+keyword\\s+hybrid A\\s+hybrid B");
        assertThat(report).containsPattern("\\n  exact\\s+10\\s+0\\.4000\\s+0\\.9000\\s+0\\.8500\\s+0\\.9500\\n");
        assertThat(report).contains("hybrid A: a", "hybrid B: b");
        assertThat(report).containsPattern("two\\s+10\\s+0\\.8100 .* \\+0\\.0100");
        assertThat(report).containsPattern("  exact\\s+10\\s+0\\.9500 .* \\+0\\.0500");
        assertThat(report).containsPattern("average of 2\\s+0\\.7150");
        assertThat(report).contains("worst margin +0.0100 (two)");
        // Held out: without "two", "one" alone would choose b, which costs 0.05 on two.
        assertThat(report).containsPattern("\\none\\s+a\\s+sqlite \\+0\\.0200");
        assertThat(report).containsPattern("\\ntwo\\s+b\\s+sqlite -0\\.0500");
    }
}
