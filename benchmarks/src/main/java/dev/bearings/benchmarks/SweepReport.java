package dev.bearings.benchmarks;

import org.jfree.chart.ChartFactory;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeMap;

/** Writes a sweep's results as CSV, as a Markdown table ranked by Recall@10, and as one chart per dataset. */
final class SweepReport {

    private SweepReport() {
    }

    static void write(List<ChunkingSweep.Result> results, Path out) throws IOException {
        csv(results, out.resolve("sweep.csv"));
        markdown(results, out.resolve("sweep.md"));
        Set<String> datasets = new LinkedHashSet<>();
        results.forEach(r -> datasets.add(r.dataset()));
        for (String dataset : datasets) {
            chart(results, dataset, out.resolve("sweep-" + dataset + ".png"));
        }
    }

    private static void csv(List<ChunkingSweep.Result> results, Path file) throws IOException {
        try (PrintWriter csv = new PrintWriter(Files.newBufferedWriter(file))) {
            csv.println("dataset,max_words,min_words,overlap_words,token_budget,prefix,mode,queries,recall5,recall10,ndcg10,mrr10,"
                    + "chunks,index_mb,index_seconds,texts_embedded");
            for (ChunkingSweep.Result r : results) {
                var row = r.row();
                var rules = r.rules();
                csv.printf(Locale.ROOT, "%s,%d,%d,%d,%s,%s,%s,%d,%.4f,%.4f,%.4f,%.4f,%d,%.1f,%.1f,%d%n", r.dataset(),
                        rules.maxWords(), rules.minWords(), rules.overlapWords(), rules.tokenBudget(), rules.prefix(), row.mode(),
                        row.queries(), row.recall5(), row.recall10(), row.ndcg10(), row.mrr10(), row.chunks(),
                        row.indexMegabytes(), row.indexSeconds(), r.embedded());
            }
        }
    }

    /** Per dataset, hybrid rows ranked by Recall@10, with the vector figures of the same rules beside them. */
    private static void markdown(List<ChunkingSweep.Result> results, Path file) throws IOException {
        try (PrintWriter md = new PrintWriter(Files.newBufferedWriter(file))) {
            Set<String> datasets = new LinkedHashSet<>();
            results.forEach(r -> datasets.add(r.dataset()));
            for (String dataset : datasets) {
                md.printf("### %s%n%n", dataset);
                md.println("| rules (max/min/overlap) | hybrid R@5 | hybrid R@10 | hybrid nDCG@10 | hybrid MRR@10 "
                        + "| vector R@10 | vector nDCG@10 | chunks | index MB | index s |");
                md.println("|---|---|---|---|---|---|---|---|---|---|");
                results.stream().filter(r -> r.dataset().equals(dataset) && r.row().mode().equals("hybrid"))
                        .sorted(Comparator.comparingDouble((ChunkingSweep.Result r) -> r.row().recall10()).reversed())
                        .forEach(h -> {
                            var v = results.stream().filter(r -> r.dataset().equals(dataset) && r.rules().equals(h.rules())
                                    && r.row().mode().equals("vector")).findFirst().orElseThrow().row();
                            var row = h.row();
                            md.printf(Locale.ROOT, "| %s | %.4f | %.4f | %.4f | %.4f | %.4f | %.4f | %d | %.1f | %.1f |%n",
                                    h.rules().label(), row.recall5(), row.recall10(), row.ndcg10(), row.mrr10(), v.recall10(),
                                    v.ndcg10(), row.chunks(), row.indexMegabytes(), row.indexSeconds());
                        });
                md.println();
            }
        }
    }

    /** Hybrid Recall@10 against maxWords, one line per overlap, at minWords 30 with budget and prefix on. */
    private static void chart(List<ChunkingSweep.Result> results, String dataset, Path file) throws IOException {
        TreeMap<Integer, XYSeries> byOverlap = new TreeMap<>();
        for (ChunkingSweep.Result r : results) {
            var rules = r.rules();
            if (r.dataset().equals(dataset) && r.row().mode().equals("hybrid") && rules.minWords() == 30
                    && rules.tokenBudget() && rules.prefix()) {
                byOverlap.computeIfAbsent(rules.overlapWords(), o -> new XYSeries("overlap " + o + " words"))
                        .add(rules.maxWords(), r.row().recall10());
            }
        }
        XYSeriesCollection lines = new XYSeriesCollection();
        byOverlap.values().forEach(lines::addSeries);
        JFreeChart chart = ChartFactory.createXYLineChart(dataset + ": hybrid Recall@10 by chunk size (minWords 30)",
                "maxWords", "Recall@10", lines, PlotOrientation.VERTICAL, true, false, false);
        XYPlot plot = chart.getXYPlot();
        plot.setRenderer(new XYLineAndShapeRenderer(true, true));
        ((org.jfree.chart.axis.NumberAxis) plot.getRangeAxis()).setAutoRangeIncludesZero(false);
        ChartUtils.saveChartAsPNG(file.toFile(), chart, 800, 500);
    }
}
