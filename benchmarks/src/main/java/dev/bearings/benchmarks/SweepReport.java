package dev.bearings.benchmarks;

import dev.bearings.eval.RetrievalEvaluation;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

import java.awt.Color;
import java.awt.geom.Ellipse2D;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeMap;

/**
 * Writes a sweep's results as CSV, as a Markdown table per dataset ranked by hybrid nDCG@10, and as one
 * chart per dataset; reads the CSV back, so that a sweep run again goes on where it stopped.
 */
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

    /** The results a sweep wrote to {@code file}, none when it does not exist. */
    static List<ChunkingSweep.Result> read(Path file) throws IOException {
        if (!Files.exists(file)) {
            return List.of();
        }
        List<ChunkingSweep.Result> results = new ArrayList<>();
        List<String> lines = Files.readAllLines(file);
        if (!lines.isEmpty() && !lines.get(0).equals(HEADER)) {
            throw new IOException(file + " is not a sweep's CSV of this version (its first line is not " + HEADER + ")");
        }
        for (String line : lines.subList(Math.min(1, lines.size()), lines.size())) {
            String[] c = line.split(",");
            var rules = new ChunkingSweep.Rules(Integer.parseInt(c[1]), Integer.parseInt(c[2]), Integer.parseInt(c[3]),
                    Boolean.parseBoolean(c[4]), Boolean.parseBoolean(c[5]));
            var row = new RetrievalEvaluation.Row(c[0], "sqlite", c[6], "-", RetrievalEvaluation.ALL, Integer.parseInt(c[7]),
                    Double.parseDouble(c[10]), Double.parseDouble(c[8]), Double.parseDouble(c[9]), Double.NaN,
                    Double.parseDouble(c[11]), 0, Integer.parseInt(c[12]), Double.parseDouble(c[14]), Double.parseDouble(c[13]), Double.NaN);
            results.add(new ChunkingSweep.Result(c[0], rules, row, Double.parseDouble(c[14]), Long.parseLong(c[15])));
        }
        return results;
    }

    private static final String HEADER = "dataset,max_words,min_words,overlap_words,token_budget,prefix,mode,queries,recall5,"
            + "recall10,ndcg10,mrr10,chunks,index_mb,index_seconds,texts_embedded";

    private static void csv(List<ChunkingSweep.Result> results, Path file) throws IOException {
        try (PrintWriter csv = new PrintWriter(Files.newBufferedWriter(file))) {
            csv.println(HEADER);
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

    /** Per dataset, hybrid rows ranked by nDCG@10, with the vector figures of the same rules beside them. */
    private static void markdown(List<ChunkingSweep.Result> results, Path file) throws IOException {
        try (PrintWriter md = new PrintWriter(Files.newBufferedWriter(file))) {
            Set<String> datasets = new LinkedHashSet<>();
            results.forEach(r -> datasets.add(r.dataset()));
            for (String dataset : datasets) {
                md.printf("### %s%n%n", dataset);
                md.println("| rules (max/min/overlap) | hybrid nDCG@10 | hybrid R@10 | hybrid MRR@10 | vector nDCG@10 "
                        + "| vector R@10 | chunks | texts embedded |");
                md.println("|---|---|---|---|---|---|---|---|");
                results.stream().filter(r -> r.dataset().equals(dataset) && r.row().mode().equals("hybrid"))
                        .sorted(Comparator.comparingDouble((ChunkingSweep.Result r) -> r.row().ndcg10()).reversed())
                        .forEach(h -> {
                            var vector = results.stream().filter(r -> r.dataset().equals(dataset) && r.rules().equals(h.rules())
                                    && r.row().mode().equals("vector")).findFirst().orElseThrow().row();
                            var row = h.row();
                            String label = h.rules().equals(ChunkingSweep.Rules.SHIPPED) ? "**" + h.rules().label() + "** (shipped)"
                                    : h.rules().label();
                            md.printf(Locale.ROOT, "| %s | %.4f | %.4f | %.4f | %.4f | %.4f | %d | %d |%n", label, row.ndcg10(),
                                    row.recall10(), row.mrr10(), vector.ndcg10(), vector.recall10(), row.chunks(), h.embedded());
                        });
                md.println();
            }
        }
    }

    /** Hybrid nDCG@10 against maxWords, one line per overlap, at minWords 30 with budget and prefix on; 300/30/40 marked. */
    private static void chart(List<ChunkingSweep.Result> results, String dataset, Path file) throws IOException {
        TreeMap<Integer, XYSeries> byOverlap = new TreeMap<>();
        XYSeries shipped = new XYSeries("shipped: " + ChunkingSweep.Rules.SHIPPED.label());
        for (ChunkingSweep.Result r : results) {
            var rules = r.rules();
            if (r.dataset().equals(dataset) && r.row().mode().equals("hybrid") && rules.minWords() == 30
                    && rules.tokenBudget() && rules.prefix()) {
                byOverlap.computeIfAbsent(rules.overlapWords(), o -> new XYSeries("overlap " + o + " words"))
                        .add(rules.maxWords(), r.row().ndcg10());
                if (rules.equals(ChunkingSweep.Rules.SHIPPED)) {
                    shipped.add(rules.maxWords(), r.row().ndcg10());
                }
            }
        }
        XYSeriesCollection lines = new XYSeriesCollection();
        byOverlap.values().forEach(lines::addSeries);
        lines.addSeries(shipped);
        JFreeChart chart = ChartFactory.createXYLineChart(dataset + ": hybrid nDCG@10 by chunk size (minWords 30)",
                "maxWords", "nDCG@10", lines, PlotOrientation.VERTICAL, true, false, false);
        XYPlot plot = chart.getXYPlot();
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, true);
        int marked = lines.getSeriesCount() - 1;
        renderer.setSeriesLinesVisible(marked, false);
        renderer.setSeriesShape(marked, new Ellipse2D.Double(-7, -7, 14, 14));
        renderer.setSeriesPaint(marked, Color.BLACK);
        plot.setRenderer(renderer);
        ((org.jfree.chart.axis.NumberAxis) plot.getRangeAxis()).setAutoRangeIncludesZero(false);
        ChartUtils.saveChartAsPNG(file.toFile(), chart, 800, 500);
    }
}
