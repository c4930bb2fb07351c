package dev.bearings.eval;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The evaluation suite's results as tables: per store, first nDCG@10 of every mode and fusion side by
 * side, each dataset with its kinds of question beneath it; then one table per mode (and hybrid fusion)
 * with each dataset's scores, the suite's average, and for hybrid the margin over the better single list
 * (nDCG@10) with the worst one; then the fusions compared and a leave-one-dataset-out check.
 */
public final class SuiteReport {
    private static final String FORMAT = "%-26s %7s %8s %7s %7s %7s %8s%n";

    /** A hybrid fusion's standing on one store: what chooses the default. */
    public record Standing(String store, String fusion, double worstMargin, String worstDataset, double averageMargin,
                           double averageNdcg, double averageBetterSingle) {
    }

    private SuiteReport() {
    }

    public static void print(List<RetrievalEvaluation.Row> measured, PrintWriter out) {
        // The suite compares rankings; questions nothing answers have none to score.
        List<RetrievalEvaluation.Row> rows = measured.stream().filter(r -> !r.group().equals(RetrievalEvaluation.UNANSWERABLE)).toList();
        for (String store : distinct(rows, RetrievalEvaluation.Row::store)) {
            printSideBySide(rows.stream().filter(r -> r.store().equals(store)).toList(), store, out);
        }
        for (String store : distinct(rows, RetrievalEvaluation.Row::store)) {
            List<RetrievalEvaluation.Row> ofStore = rows.stream().filter(r -> r.store().equals(store)).toList();
            for (List<String> table : tables(ofStore)) {
                boolean hybrid = table.get(0).equals("hybrid");
                out.printf("%n%s%s on %s%n", table.get(0), hybrid ? " " + table.get(1) : "", store);
                out.printf(FORMAT, "dataset", "queries", "nDCG@10", "R@5", "R@10", "MRR@10", hybrid ? "margin" : "");
                List<RetrievalEvaluation.Row> ofTable = ofStore.stream()
                        .filter(r -> r.mode().equals(table.get(0)) && r.fusion().equals(table.get(1))).toList();
                for (RetrievalEvaluation.Row r : ofTable) {
                    boolean all = r.group().equals(RetrievalEvaluation.ALL);
                    String margin = hybrid ? margin(ofStore, r).map(SuiteReport::signed).orElse("-") : "";
                    out.printf(FORMAT, all ? r.dataset() : "  " + r.group(), r.queries(), fixed(r.ndcg10()), fixed(r.recall5()),
                            fixed(r.recall10()), fixed(r.mrr10()), margin);
                }
                List<RetrievalEvaluation.Row> datasets = ofTable.stream().filter(r -> r.group().equals(RetrievalEvaluation.ALL)).toList();
                out.printf(FORMAT, "average of " + datasets.size(), "", fixed(mean(datasets, 0)), fixed(mean(datasets, 1)),
                        fixed(mean(datasets, 2)), fixed(mean(datasets, 3)), "");
                if (hybrid) {
                    Standing s = standing(ofStore, table.get(1));
                    out.printf("worst margin %s (%s); average margin %s; average nDCG@10 %s against the better single "
                                    + "list's average %s%n", signed(s.worstMargin()), s.worstDataset(), signed(s.averageMargin()),
                            fixed(s.averageNdcg()), fixed(s.averageBetterSingle()));
                }
            }
        }
        List<Standing> standings = standings(rows);
        if (!standings.isEmpty()) {
            out.printf("%nfusions compared (nDCG@10 margins over the better single list, per dataset)%n");
            out.printf("%-8s %-40s %14s %-18s %14s %10s%n", "store", "fusion", "worst margin", "(dataset)", "average margin",
                    "avg nDCG");
            for (Standing s : standings) {
                out.printf("%-8s %-40s %14s %-18s %14s %10s%n", s.store(), s.fusion(), signed(s.worstMargin()),
                        "(" + s.worstDataset() + ")", signed(s.averageMargin()), fixed(s.averageNdcg()));
            }
            printHeldOut(rows, out);
        }
        out.flush();
    }

    /**
     * nDCG@10 of every mode and fusion in columns, so that a kind of question is read across: where
     * meaning wins, where keywords win, and where hybrid search stands between them.
     */
    private static void printSideBySide(List<RetrievalEvaluation.Row> ofStore, String store, PrintWriter out) {
        List<List<String>> columns = tables(ofStore);
        out.printf("%nnDCG@10 on %s, side by side%n", store);
        StringBuilder header = new StringBuilder(String.format(Locale.ROOT, "%-26s %7s", "dataset", "queries"));
        List<String> legend = new ArrayList<>();
        int hybrid = 0;
        for (List<String> column : columns) {
            String name = column.get(0);
            if (name.equals("hybrid")) {
                name = "hybrid " + (char) ('A' + hybrid++);
                legend.add(name + ": " + column.get(1));
            }
            header.append(String.format(Locale.ROOT, " %9s", name));
        }
        out.println(header);
        Set<List<String>> lines = new LinkedHashSet<>();
        ofStore.forEach(r -> lines.add(List.of(r.dataset(), r.group())));
        for (List<String> line : lines) {
            boolean all = line.get(1).equals(RetrievalEvaluation.ALL);
            StringBuilder text = new StringBuilder();
            int queries = 0;
            for (List<String> column : columns) {
                Optional<RetrievalEvaluation.Row> cell = ofStore.stream().filter(r -> r.dataset().equals(line.get(0))
                        && r.group().equals(line.get(1)) && r.mode().equals(column.get(0)) && r.fusion().equals(column.get(1)))
                        .findFirst();
                queries = Math.max(queries, cell.map(RetrievalEvaluation.Row::queries).orElse(0));
                text.append(String.format(Locale.ROOT, " %9s", cell.map(r -> fixed(r.ndcg10())).orElse("-")));
            }
            out.printf("%-26s %7d%s%n", all ? line.get(0) : "  " + line.get(1), queries, text);
        }
        legend.forEach(out::println);
    }

    /**
     * Leave one dataset out: the fusion that the other datasets choose (best worst margin, both stores
     * together), and its margin on the one left out, so that no choice is judged only by the data that
     * made it.
     */
    private static void printHeldOut(List<RetrievalEvaluation.Row> rows, PrintWriter out) {
        List<String> datasets = distinct(rows.stream().filter(r -> r.group().equals(RetrievalEvaluation.ALL)).toList(),
                RetrievalEvaluation.Row::dataset);
        if (datasets.size() < 2 || standings(rows).size() < 2) {
            return;
        }
        out.printf("%nheld out: the fusion the other datasets choose by worst margin, scored on the one left out%n");
        out.printf("%-20s %-40s %s%n", "left out", "chosen by the others", "margin on it, per store");
        for (String left : datasets) {
            List<RetrievalEvaluation.Row> others = rows.stream().filter(r -> !r.dataset().equals(left)).toList();
            List<RetrievalEvaluation.Row> heldOut = rows.stream().filter(r -> r.dataset().equals(left)).toList();
            String chosen = chooseByWorstMargin(others);
            StringBuilder margins = new StringBuilder();
            for (Standing s : standings(heldOut)) {
                if (s.fusion().equals(chosen)) {
                    margins.append(s.store()).append(' ').append(signed(s.worstMargin())).append("  ");
                }
            }
            out.printf("%-20s %-40s %s%n", left, chosen, margins.toString().strip());
        }
    }

    /** The fusion whose worst margin over every dataset and store is highest; ties go to the higher average margin. */
    public static String chooseByWorstMargin(List<RetrievalEvaluation.Row> rows) {
        Map<String, double[]> byFusion = new LinkedHashMap<>();
        for (Standing s : standings(rows)) {
            double[] worstAndMean = byFusion.computeIfAbsent(s.fusion(), f -> new double[]{Double.POSITIVE_INFINITY, 0});
            worstAndMean[0] = Math.min(worstAndMean[0], s.worstMargin());
            worstAndMean[1] += s.averageMargin();
        }
        return byFusion.entrySet().stream()
                .max(java.util.Comparator.<Map.Entry<String, double[]>>comparingDouble(e -> e.getValue()[0])
                        .thenComparingDouble(e -> e.getValue()[1]))
                .map(Map.Entry::getKey).orElse("-");
    }

    /** Every hybrid fusion's standing on every store, in the order measured. */
    public static List<Standing> standings(List<RetrievalEvaluation.Row> rows) {
        List<Standing> out = new ArrayList<>();
        for (String store : distinct(rows, RetrievalEvaluation.Row::store)) {
            List<RetrievalEvaluation.Row> ofStore = rows.stream().filter(r -> r.store().equals(store)).toList();
            for (String fusion : distinct(ofStore.stream().filter(r -> r.mode().equals("hybrid")).toList(),
                    RetrievalEvaluation.Row::fusion)) {
                out.add(standing(ofStore, fusion));
            }
        }
        return out;
    }

    private static Standing standing(List<RetrievalEvaluation.Row> ofStore, String fusion) {
        double worst = Double.POSITIVE_INFINITY;
        String worstDataset = "-";
        double marginSum = 0;
        double ndcgSum = 0;
        int n = 0;
        for (RetrievalEvaluation.Row r : ofStore) {
            if (r.mode().equals("hybrid") && r.fusion().equals(fusion) && r.group().equals(RetrievalEvaluation.ALL)) {
                Optional<Double> margin = margin(ofStore, r);
                if (margin.isPresent()) {
                    if (margin.get() < worst) {
                        worst = margin.get();
                        worstDataset = r.dataset();
                    }
                    marginSum += margin.get();
                    ndcgSum += r.ndcg10();
                    n++;
                }
            }
        }
        double betterSingle = Math.max(averageNdcg(ofStore, "vector"), averageNdcg(ofStore, "keyword"));
        return new Standing(ofStore.isEmpty() ? "-" : ofStore.get(0).store(), fusion, n == 0 ? Double.NaN : worst,
                worstDataset, n == 0 ? Double.NaN : marginSum / n, n == 0 ? Double.NaN : ndcgSum / n, betterSingle);
    }

    /** Hybrid nDCG@10 minus the better of vector and keyword on the same dataset and kind. */
    private static Optional<Double> margin(List<RetrievalEvaluation.Row> ofStore, RetrievalEvaluation.Row hybrid) {
        Optional<RetrievalEvaluation.Row> vector = single(ofStore, hybrid, "vector");
        Optional<RetrievalEvaluation.Row> keyword = single(ofStore, hybrid, "keyword");
        if (vector.isEmpty() || keyword.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(hybrid.ndcg10() - Math.max(vector.get().ndcg10(), keyword.get().ndcg10()));
    }

    private static Optional<RetrievalEvaluation.Row> single(List<RetrievalEvaluation.Row> ofStore, RetrievalEvaluation.Row like,
                                                            String mode) {
        return ofStore.stream().filter(r -> r.mode().equals(mode) && r.dataset().equals(like.dataset())
                && r.group().equals(like.group())).findFirst();
    }

    private static double averageNdcg(List<RetrievalEvaluation.Row> ofStore, String mode) {
        List<RetrievalEvaluation.Row> all = ofStore.stream()
                .filter(r -> r.mode().equals(mode) && r.group().equals(RetrievalEvaluation.ALL)).toList();
        return all.isEmpty() ? Double.NaN : mean(all, 0);
    }

    /** The tables of a store: its mode and fusion pairs, vector and keyword first. */
    private static List<List<String>> tables(List<RetrievalEvaluation.Row> ofStore) {
        Set<List<String>> tables = new LinkedHashSet<>();
        for (String mode : List.of("vector", "keyword", "hybrid")) {
            ofStore.stream().filter(r -> r.mode().equals(mode)).forEach(r -> tables.add(List.of(r.mode(), r.fusion())));
        }
        return List.copyOf(tables);
    }

    private static double mean(List<RetrievalEvaluation.Row> rows, int metric) {
        double sum = 0;
        for (RetrievalEvaluation.Row r : rows) {
            sum += switch (metric) {
                case 0 -> r.ndcg10();
                case 1 -> r.recall5();
                case 2 -> r.recall10();
                default -> r.mrr10();
            };
        }
        return rows.isEmpty() ? Double.NaN : sum / rows.size();
    }

    private static <T> List<String> distinct(List<T> rows, java.util.function.Function<T, String> key) {
        Map<String, Boolean> seen = new LinkedHashMap<>();
        rows.forEach(r -> seen.put(key.apply(r), true));
        return List.copyOf(seen.keySet());
    }

    private static String fixed(double value) {
        return Double.isNaN(value) ? "-" : String.format(Locale.ROOT, "%.4f", value);
    }

    private static String signed(double value) {
        return Double.isNaN(value) ? "-" : String.format(Locale.ROOT, "%+.4f", value);
    }
}
