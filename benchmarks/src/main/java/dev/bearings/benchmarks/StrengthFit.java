package dev.bearings.benchmarks;

import dev.bearings.app.index.NewIndex;
import dev.bearings.core.index.IndexRecipe;
import dev.bearings.core.plugin.Settings;
import dev.bearings.core.search.MatchStrength;
import dev.bearings.core.search.RankedChunk;
import dev.bearings.core.search.SearchFilter;
import dev.bearings.core.usecase.SearchNotes;
import dev.bearings.embedding.onnx.OnnxEmbedderProvider;
import dev.bearings.embedding.support.EmbedderSettings;
import dev.bearings.eval.EvalDataset;
import dev.bearings.eval.PersonalNotes;
import dev.bearings.eval.RememberingEmbedder;
import dev.bearings.eval.RetrievalEvaluation;
import dev.bearings.parser.commonmark.CommonmarkParser;
import dev.bearings.source.files.FolderSource;
import dev.bearings.store.lucene.LuceneIndexProvider;
import dev.bearings.store.sqlite.SqliteIndexProvider;
import dev.bearings.testprocess.ProjectData;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * How the match strength thresholds were chosen (decision record 0006). Every question of six datasets
 * (answerable: its first right hit among the ten a search shows should be strong) and questions no
 * corpus here answers (unanswerable: none of its ten hits should be strong) is searched once per store,
 * as {@code bearings search} does; each hit's evidence (its cosine, its keyword score) is kept in a
 * table. Unanswerable questions come from personal-notes-b's own twenty, and from asking one dataset's
 * questions of another's corpus: SciFact's claims, ObliQA's, ArguAna's and JSQuAD's questions of the
 * personal-notes-b vault, and both personal sets' questions of SciFact's abstracts and ObliQA's
 * rulebooks. A grid of thresholds is then scored from the table, at no further search: the curve
 * between the two rates on personal-notes-b, and, leaving each source of questions out in turn, the
 * thresholds the rest choose and the rates they give on what was left out.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar dev.bearings.benchmarks.StrengthFit --vector-cache DIR [--hits FILE] [--queries N]
 *     [--model minilm]
 * </pre>
 * With {@code --hits FILE} the table is written there, or read from there when it exists (no search).
 * Another model than the default is measured on the two personal sets and the questions asked of them.
 */
public final class StrengthFit {
    /** What a search shows by default: a match's strength is judged on these. */
    private static final int SHOWN = RetrievalEvaluation.SHOWN;
    /** Questions of another corpus asked of each corpus, at most this many per source. */
    private static final int CROSS = 300;
    private static final double[] SIMILARITY = steps(0.50, 0.85, 0.01);
    private static final double[] KEYWORD = steps(0.3, 1.6, 0.1);
    private static final double[] AGREEMENT = steps(0.30, 0.70, 0.02);
    /** The most unanswerable questions with a strong hit that a choice may leave, on average over the sources. */
    private static final double FALSE_STRONG = 0.10;

    /** One hit shown for a question: its rank, whether it is right, and the evidence strength reads. */
    record Hit(int rank, boolean right, double similarity, double keyword) {
    }

    /**
     * One question searched in one store.
     *
     * @param source where the question comes from and what it was asked of: {@code personal-notes-b},
     *               {@code beir-scifact of personal-notes-b}, ...
     */
    record Question(String source, String store, String id, String kind, boolean answerable, List<Hit> hits) {
        /** Whether the question is answered as strength says it should be under {@code rule}. */
        boolean strongRight(MatchStrength rule) {
            for (Hit hit : hits) {
                if (hit.right()) {
                    return rule.of(hit.similarity(), hit.keyword()) == MatchStrength.Level.STRONG;
                }
            }
            return false;
        }

        boolean anyStrong(MatchStrength rule) {
            return hits.stream().anyMatch(hit -> rule.of(hit.similarity(), hit.keyword()) == MatchStrength.Level.STRONG);
        }

        boolean rightShown() {
            return hits.stream().anyMatch(Hit::right);
        }
    }

    private StrengthFit() {
    }

    public static void main(String[] args) throws Exception {
        Path table = Path.of(MainArgs.option(args, "--hits", "strength-hits.tsv"));
        List<Question> questions = Files.isRegularFile(table) ? read(table) : measure(args, table);
        report(questions);
    }

    private static List<Question> measure(String[] args, Path table) throws Exception {
        int maxQueries = Integer.parseInt(MainArgs.option(args, "--queries", String.valueOf(Integer.MAX_VALUE)));
        String cache = MainArgs.option(args, "--vector-cache", null);
        // Another model's thresholds are measured on the personal sets alone: its vectors of the large
        // corpora are not cached, and embedding them takes an hour on two cores.
        String model = MainArgs.option(args, "--model", EmbedderSettings.DEFAULT_MODEL);
        boolean personalOnly = !model.equals(EmbedderSettings.DEFAULT_MODEL);
        Map<String, String> settings = Map.of("model", model);
        var provider = new OnnxEmbedderProvider().create(Settings.of(settings));
        List<Question> questions = new ArrayList<>();
        try (RememberingEmbedder embedder = cache == null ? new RememberingEmbedder(provider)
                : new RememberingEmbedder(provider, Path.of(cache))) {
            IndexRecipe recipe = NewIndex.recipe(NewIndex.PARSER, NewIndex.RULES, NewIndex.EMBEDDER, settings, embedder);
            CommonmarkParser parser = new CommonmarkParser();
            Path shared = ProjectData.SHARED;
            EvalDataset b;
            EvalDataset own;
            try (FolderSource notes = new FolderSource(shared.resolve("personal-notes-b/notes"))) {
                b = PersonalNotes.load(shared.resolve("personal-notes-b"), notes, parser, PersonalNotes.Level.NOTE, maxQueries);
            }
            try (FolderSource notes = new FolderSource(ProjectData.PERSONAL_NOTES.resolve("notes"))) {
                own = PersonalNotes.load(ProjectData.PERSONAL_NOTES, notes, parser, PersonalNotes.Level.NOTE, maxQueries);
            }
            EvalDataset scifact = EvalDataset.beir(shared.resolve("beir-scifact"), "test", maxQueries, Integer.MAX_VALUE);
            EvalDataset obliqa = EvalDataset.obliqa(shared.resolve("obliqa-dev"), maxQueries);
            EvalDataset arguana = EvalDataset.beir(shared.resolve("beir-arguana"), "test", maxQueries, Integer.MAX_VALUE);
            EvalDataset jsquad = EvalDataset.beir(shared.resolve("jsquad-ja"), "test", maxQueries, Integer.MAX_VALUE);
            List<EvalDataset> corpora = personalOnly ? List.of(asking(b, scifact, obliqa, arguana, jsquad), asking(own))
                    : List.of(asking(b, scifact, obliqa, arguana, jsquad), asking(own), asking(scifact, b, own),
                    asking(obliqa, b, own), arguana, jsquad);
            for (EvalDataset data : corpora) {
                for (String store : List.of("sqlite", "lucene")) {
                    var setup = new RetrievalEvaluation.Setup(store, store.equals("sqlite")
                            ? new SqliteIndexProvider().create(Settings.NONE) : new LuceneIndexProvider().create(Settings.NONE),
                            parser, recipe, List.of(SearchNotes.Mode.HYBRID), List.of());
                    questions.addAll(measure(data, setup, embedder));
                    System.err.printf(Locale.ROOT, "measured %s on %s%n", data.name(), store);
                }
            }
        }
        write(questions, table);
        return questions;
    }

    /** A corpus with its own questions, and the first {@value #CROSS} questions of each other set as unanswerable. */
    private static EvalDataset asking(EvalDataset corpus, EvalDataset... others) {
        Map<String, String> unanswerable = new LinkedHashMap<>();
        corpus.unanswerable().forEach((id, text) -> unanswerable.put(corpus.name() + ":" + id, text));
        for (EvalDataset other : others) {
            other.queries().entrySet().stream().limit(CROSS).forEach(q -> unanswerable.put(other.name() + ":" + q.getKey(), q.getValue()));
        }
        return new EvalDataset(corpus.name(), corpus.notes(), corpus.queries(), corpus.gold(), corpus.spans(), corpus.groups(),
                corpus.skipsQueryDocument(), unanswerable);
    }

    private static List<Question> measure(EvalDataset data, RetrievalEvaluation.Setup setup, RememberingEmbedder embedder)
            throws Exception {
        List<Question> questions = new ArrayList<>();
        MatchStrength rule = setup.recipe().tuning().strength();
        RetrievalEvaluation.eachQuery(data, setup, embedder, (id, request, candidates) -> {
            questions.add(question(data, setup.storeName(), id, data.name(), data.groups().getOrDefault(id, ""), true,
                    shown(request, candidates, setup, rule), candidates.keyword()));
        }, (id, request, candidates) -> {
            String source = id.substring(0, id.indexOf(':'));
            questions.add(question(data, setup.storeName(), id, source.equals(data.name()) ? source : source + " of " + data.name(),
                    "", false, shown(request, candidates, setup, rule), candidates.keyword()));
        });
        return questions;
    }

    private static List<SearchNotes.Hit> shown(SearchNotes.Request request, SearchNotes.Candidates candidates,
                                               RetrievalEvaluation.Setup setup, MatchStrength rule) {
        return SearchNotes.rank(candidates, new SearchNotes.Request(request.query(), SHOWN, SearchNotes.Mode.HYBRID,
                SearchFilter.NONE), setup.recipe().fusion(), rule).ranked();
    }

    private static Question question(EvalDataset data, String store, String id, String source, String kind, boolean answerable,
                                     List<SearchNotes.Hit> shown, List<RankedChunk> keywordList) {
        Map<String, Double> keywordScores = new HashMap<>();
        keywordList.forEach(hit -> keywordScores.putIfAbsent(hit.chunk().key(), hit.score()));
        List<Hit> hits = new ArrayList<>();
        SearchNotes.Hit firstRight = answerable ? RetrievalEvaluation.firstRight(data, id, shown).orElse(null) : null;
        for (int i = 0; i < shown.size(); i++) {
            SearchNotes.Hit hit = shown.get(i);
            hits.add(new Hit(i + 1, hit == firstRight, hit.similarity(), keywordScores.getOrDefault(hit.chunk().key(), 0.0)));
        }
        return new Question(source, store, id, kind, answerable, hits);
    }

    private static void write(List<Question> questions, Path table) throws IOException {
        try (BufferedWriter out = Files.newBufferedWriter(table)) {
            out.write("source\tstore\tid\tkind\tanswerable\trank\tright\tsimilarity\tkeyword\n");
            for (Question q : questions) {
                for (Hit h : q.hits()) {
                    out.write(String.join("\t", q.source(), q.store(), q.id(), q.kind(), Boolean.toString(q.answerable()),
                            Integer.toString(h.rank()), Boolean.toString(h.right()), Double.toString(h.similarity()),
                            Double.toString(h.keyword())) + "\n");
                }
                if (q.hits().isEmpty()) {
                    out.write(String.join("\t", q.source(), q.store(), q.id(), q.kind(), Boolean.toString(q.answerable()),
                            "0", "false", "NaN", "0") + "\n");
                }
            }
        }
    }

    private static List<Question> read(Path table) throws IOException {
        Map<List<String>, Question> byKey = new LinkedHashMap<>();
        for (String line : Files.readAllLines(table).subList(1, Files.readAllLines(table).size())) {
            String[] c = line.split("\t", -1);
            Question q = byKey.computeIfAbsent(List.of(c[0], c[1], c[2]), k -> new Question(c[0], c[1], c[2], c[3],
                    Boolean.parseBoolean(c[4]), new ArrayList<>()));
            if (!c[5].equals("0")) {
                q.hits().add(new Hit(Integer.parseInt(c[5]), Boolean.parseBoolean(c[6]), Double.parseDouble(c[7]),
                        Double.parseDouble(c[8])));
            }
        }
        return List.copyOf(byKey.values());
    }

    /** The questions of one source (both stores), answerable or not. */
    private static List<Question> of(List<Question> questions, Predicate<Question> which) {
        return questions.stream().filter(which).toList();
    }

    /** Share of answerable questions whose first right hit is strong (of those with a right hit shown, when {@code shownOnly}). */
    static double answered(List<Question> questions, MatchStrength rule, boolean shownOnly) {
        List<Question> asked = questions.stream().filter(q -> q.answerable() && (!shownOnly || q.rightShown())).toList();
        return asked.isEmpty() ? Double.NaN : asked.stream().filter(q -> q.strongRight(rule)).count() / (double) asked.size();
    }

    static double falseStrong(List<Question> questions, MatchStrength rule) {
        List<Question> asked = questions.stream().filter(q -> !q.answerable()).toList();
        return asked.isEmpty() ? Double.NaN : asked.stream().filter(q -> q.anyStrong(rule)).count() / (double) asked.size();
    }

    /**
     * The thresholds these questions choose: of the grid's rules whose unanswerable questions get a strong
     * hit at most {@value #FALSE_STRONG} of the time (averaged over the sources of such questions, and in each
     * set of questions written to be unanswerable for its corpus, such as personal-notes-b's own), the
     * one that marks strong the most first right hits (averaged over the answerable sources, of the
     * questions whose right hit is shown); ties go to the higher similarity threshold.
     */
    static MatchStrength choose(List<Question> questions) {
        Map<String, List<Question>> answerable = bySource(questions, true);
        Map<String, List<Question>> unanswerable = bySource(questions, false);
        MatchStrength best = null;
        double bestScore = Double.NEGATIVE_INFINITY;
        for (double similarity : SIMILARITY) {
            for (double keyword : KEYWORD) {
                for (double agreement : AGREEMENT) {
                    if (agreement > similarity) {
                        continue;
                    }
                    MatchStrength rule = new MatchStrength(round(similarity), round(keyword), round(agreement));
                    double falseStrong = unanswerable.values().stream().mapToDouble(q -> falseStrong(q, rule)).average().orElse(0);
                    // Questions written to be unanswerable for a corpus (not borrowed from another) hold the limit by themselves.
                    boolean ownHeld = unanswerable.entrySet().stream().filter(e -> !e.getKey().contains(" of "))
                            .allMatch(e -> falseStrong(e.getValue(), rule) <= FALSE_STRONG);
                    if (falseStrong > FALSE_STRONG || !ownHeld) {
                        continue;
                    }
                    double answered = answerable.values().stream().mapToDouble(q -> answered(q, rule, true)).average().orElse(0);
                    if (answered > bestScore + 1e-12) {
                        bestScore = answered;
                        best = rule;
                    }
                }
            }
        }
        return best;
    }

    private static Map<String, List<Question>> bySource(List<Question> questions, boolean answerable) {
        Map<String, List<Question>> out = new TreeMap<>();
        questions.stream().filter(q -> q.answerable() == answerable).forEach(q -> out.computeIfAbsent(q.source(), s -> new ArrayList<>()).add(q));
        return out;
    }

    /** What a set of questions was written against, for leaving it out whole: its own corpus's questions and those asked elsewhere. */
    static String origin(String source) {
        int of = source.indexOf(" of ");
        return of < 0 ? source : source.substring(0, of);
    }

    private static void report(List<Question> questions) {
        MatchStrength chosen = choose(questions);
        System.out.printf("chosen on every source: %s%n%n", chosen == null ? "none" : chosen.describe());
        printRates(questions, chosen);
        System.out.printf("%npersonal-notes-b, both stores: the curve (similarity threshold, keyword and agreement as chosen)%n");
        System.out.printf("%-10s %-7s %14s %14s %16s%n", "similarity", "store", "answered", "(right shown)", "unanswerable");
        for (double similarity : steps(0.55, 0.80, 0.01)) {
            MatchStrength rule = new MatchStrength(round(similarity), chosen.keyword(), Math.min(chosen.agreement(), round(similarity)));
            for (String store : List.of("sqlite", "lucene")) {
                List<Question> b = of(questions, q -> q.store().equals(store) && q.source().equals("personal-notes-b"));
                System.out.printf(Locale.ROOT, "%-10.2f %-7s %13.1f%% %13.1f%% %15.1f%%%n", similarity, store, 100 * answered(b, rule, false),
                        100 * answered(b, rule, true), 100 * falseStrong(b, rule));
            }
        }
        System.out.printf("%nleft out: the thresholds the other sources choose, and the rates they give on the one left out%n");
        System.out.printf("%-22s %-40s %s%n", "left out", "chosen by the others", "answered (right shown) / unanswerable with a strong hit, per store");
        Set<String> origins = new LinkedHashSet<>();
        questions.forEach(q -> origins.add(origin(q.source())));
        for (String left : origins) {
            MatchStrength others = choose(of(questions, q -> !origin(q.source()).equals(left)));
            StringBuilder rates = new StringBuilder();
            for (String store : List.of("sqlite", "lucene")) {
                List<Question> held = of(questions, q -> q.store().equals(store) && origin(q.source()).equals(left));
                rates.append(String.format(Locale.ROOT, "%s %s / %s  ", store, percent(answered(held, others, true)),
                        percent(falseStrong(held, others))));
            }
            System.out.printf("%-22s %-40s %s%n", left, others == null ? "none" : others.describe(), rates.toString().strip());
        }
    }

    private static void printRates(List<Question> questions, MatchStrength rule) {
        System.out.printf("%-40s %-7s %6s %12s %14s %14s%n", "source", "store", "n", "answered", "(right shown)", "unanswerable");
        Map<List<String>, List<Question>> groups = new TreeMap<>((a, b) -> a.toString().compareTo(b.toString()));
        for (Question q : questions) {
            groups.computeIfAbsent(List.of(q.source(), q.store()), k -> new ArrayList<>()).add(q);
            if (!q.kind().isEmpty()) {
                groups.computeIfAbsent(List.of(q.source() + " / " + q.kind(), q.store()), k -> new ArrayList<>()).add(q);
            }
        }
        groups.forEach((key, qs) -> System.out.printf(Locale.ROOT, "%-40s %-7s %6d %12s %14s %14s%n", key.get(0), key.get(1), qs.size(),
                percent(answered(qs, rule, false)), percent(answered(qs, rule, true)), percent(falseStrong(qs, rule))));
    }

    private static String percent(double share) {
        return Double.isNaN(share) ? "-" : String.format(Locale.ROOT, "%.1f%%", 100 * share);
    }

    private static double round(double value) {
        return Math.round(value * 100) / 100.0;
    }

    private static double[] steps(double from, double to, double step) {
        int n = (int) Math.round((to - from) / step) + 1;
        double[] values = new double[n];
        for (int i = 0; i < n; i++) {
            values[i] = from + i * step;
        }
        return values;
    }
}
