package dev.bearings.benchmarks;

import dev.bearings.eval.Corpus;
import dev.bearings.testprocess.ProjectData;
import dev.bearings.testprocess.ServedMcp;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How long does {@code bearings} take as a whole process, as a person at a terminal meets it? Runs
 * each command {@code runs} times as a child process of the real CLI jar and prints the median and
 * the slowest, and the median as a multiple of a bare {@code java -version} measured in the same run
 * (the machine is shared, so only ratios compare across runs). The indexes hold the first
 * {@code files} PowerShell docs pages, indexed once by the jar itself (default model) under
 * {@code target/bench-indexes}; each search command is also run with a class-data-sharing archive
 * the jar made of its own classes ({@code -XX:ArchiveClassesAtExit}, JDK 17), and again while
 * {@code bearings mcp --http --watch} serves the index, which the search then asks instead of loading
 * the model. Every command runs with a data folder of its own, so no server of the user's answers.
 *
 * <p>{@code java -cp benchmarks/target/benchmarks.jar dev.bearings.benchmarks.ColdStart cli/target/bearings.jar [runs] [files]}
 *
 * <p>With {@code --steps BEFORE_JAR}, the first search without a server instead, step by step: the jar
 * before against the jar the build left ({@code -Dbearings.jar} or {@code cli/target/bearings.jar}), each
 * of this jar's changes to a first search alone (its store and its keyword search beside the model's
 * loading; ONNX Runtime's saved graph; the class-data archive), all of them, and through the launcher
 * {@code ./bearings}, which uses the archive of its own; on the example notes indexed by the jar, and on
 * indexes of 1,000, 20,000 and 100,000 chunks ({@link LargeIndex#forModel}: the default model's recipe,
 * so the search loads the model and embeds the question as for a user's index). Every command with a
 * data folder and a cache folder of the run's own.
 * {@code java -cp benchmarks/target/benchmarks.jar dev.bearings.benchmarks.ColdStart --steps BEFORE_JAR [runs] [chunks,...]}
 */
public final class ColdStart {
    private ColdStart() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("--steps")) {
            steps(Path.of(args[1]).toAbsolutePath(), args.length > 2 ? Integer.parseInt(args[2]) : 10,
                    args.length > 3 ? args[3] : "1000,20000,100000");
            return;
        }
        Path jar = Path.of(args[0]).toAbsolutePath();
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 10;
        int files = args.length > 2 ? Integer.parseInt(args[2]) : 4_000;
        Path notes = notes(files);
        // A data folder of the run's own: no server the user runs answers a search of ours.
        Map<String, String> alone = Map.of("XDG_DATA_HOME", Files.createTempDirectory("bearings-cold").toString());
        System.out.printf("%-64s %9s %9s %8s%n", "command", "median s", "max s", "x java");
        double bare = row("java -version", runs, 0, List.of(CliProcess.JAVA, "-version"), alone);
        row("bearings --version", runs, bare, CliProcess.command(jar, List.of(), List.of("--version")), alone);
        for (String store : List.of("sqlite", "lucene")) {
            Path index = CliProcess.indexOnce(jar, notes, "cold-" + store + "-" + files, List.of("--store", store));
            Path archive = index.resolveSibling("cds-" + store + ".jsa");
            List<String> search = List.of("search", "how do I remove a printer", "--index", index.toString(), "--store", store);
            if (!Files.exists(archive)) {
                run(CliProcess.command(jar, List.of("-XX:ArchiveClassesAtExit=" + archive), search), alone);
            }
            row("status (" + store + ")", runs, bare, CliProcess.command(jar, List.of(), List.of("status", "--index", index.toString(),
                    "--store", store)), alone);
            row("search --mode keyword (" + store + ")", runs, bare, CliProcess.command(jar, List.of(), keyword(search)), alone);
            row("search, hybrid (" + store + ")", runs, bare, CliProcess.command(jar, List.of(), search), alone);
            row("search, hybrid, CDS archive (" + store + ")", runs, bare,
                    CliProcess.command(jar, List.of("-XX:SharedArchiveFile=" + archive), search), alone);
            servedRows(jar, index, store, search, runs, bare, run(CliProcess.command(jar, List.of(), search), alone));
        }
    }

    private static final String QUESTION = "how did I set up the VPN?";

    /** The first search, step by step, at each size: see the class's comment. */
    private static void steps(Path before, int runs, String sizes) throws Exception {
        Path after = CliProcess.jar();
        Path run = Files.createTempDirectory("bearings-first-search");
        Map<String, String> alone = Map.of("XDG_DATA_HOME", run.resolve("data").toString(), "XDG_CACHE_HOME",
                run.resolve("cache").toString());
        Path example = CliProcess.indexOnce(after, ProjectData.ROOT.resolve("examples/notes"), "cold-example", List.of());
        // The archive the launcher makes, made here by the same first search, for the rows that name it.
        Path archive = run.resolve("search.jsa");
        List<String> quiet = List.of("-Xlog:cds=off", "-Xlog:cds+dynamic=off");
        run(CliProcess.command(after, concat(quiet, List.of("-XX:ArchiveClassesAtExit=" + archive)),
                List.of("search", QUESTION, "--index", example.toString())), alone);
        List<String> cds = concat(quiet, List.of("-XX:SharedArchiveFile=" + archive));
        List<String> everyStart = List.of("-D" + "bearings.onnx.optimized=false");
        System.out.printf("# before: %s; after: %s; %d runs a row, median and slowest%n", before, after, runs);
        System.out.printf("%-64s %9s %9s %8s%n", "index      first search", "median s", "max s", "x java");
        List<String> indexes = new ArrayList<>(List.of("example"));
        indexes.addAll(List.of(sizes.split(",")));
        for (String size : indexes) {
            Path index = size.equals("example") ? example : LargeIndex.forModel("sqlite", Integer.parseInt(size));
            String name = size.equals("example") ? "example" : String.format(Locale.ROOT, "%,d", Integer.parseInt(size));
            List<String> served = List.of("search", QUESTION, "--index", index.toString());
            // The first search, each time: no server answers it, and it starts none.
            List<String> search = concat(served, List.of("--no-server"));
            String label = String.format(Locale.ROOT, "%-10s ", name);
            List<String> launcher = new ArrayList<>(List.of(ProjectData.ROOT.resolve("bearings").toString()));
            launcher.addAll(search);
            List<String> launcherServed = new ArrayList<>(List.of(ProjectData.ROOT.resolve("bearings").toString()));
            launcherServed.addAll(served);
            Map<String, List<String>> commands = new LinkedHashMap<>();
            commands.put("java -version", List.of(CliProcess.JAVA, "-version"));
            commands.put(label + "before (" + before.getFileName() + ")", CliProcess.command(before, List.of(), served));
            commands.put(label + "after: store, keywords beside the model", CliProcess.command(after, everyStart, search));
            commands.put(label + "after: + saved graph alone", CliProcess.command(after, List.of(), search));
            commands.put(label + "after: + class-data archive alone", CliProcess.command(after, concat(everyStart, cds), search));
            commands.put(label + "after: all", CliProcess.command(after, cds, search));
            commands.put(label + "after: ./bearings (its own archive)", launcher);
            // Its unmeasured first run starts the index's server; the measured ones are answered by it.
            commands.put(label + "after: ./bearings, answered by the server it started", launcherServed);
            interleaved(commands, runs, alone);
        }
        run(CliProcess.command(after, List.of(), List.of("server", "stop")), alone);
    }

    /**
     * Each command once unmeasured, then {@code runs} rounds of every command in turn (so that the
     * machine's slow moments fall on all of them alike); a row each, the first command the baseline.
     */
    private static void interleaved(Map<String, List<String>> commands, int runs, Map<String, String> environment) throws Exception {
        Map<String, double[]> seconds = new LinkedHashMap<>();
        for (Map.Entry<String, List<String>> command : commands.entrySet()) {
            run(command.getValue(), environment);
            seconds.put(command.getKey(), new double[runs]);
        }
        for (int i = 0; i < runs; i++) {
            for (Map.Entry<String, List<String>> command : commands.entrySet()) {
                long started = System.nanoTime();
                run(command.getValue(), environment);
                seconds.get(command.getKey())[i] = (System.nanoTime() - started) / 1e9;
            }
        }
        double bare = 0;
        for (Map.Entry<String, double[]> row : seconds.entrySet()) {
            double[] sorted = row.getValue().clone();
            Arrays.sort(sorted);
            double median = sorted[runs / 2];
            bare = bare == 0 ? median : bare;
            System.out.printf(Locale.ROOT, "%-64s %9.3f %9.3f %8.1f%n", row.getKey(), median, sorted[runs - 1], median / bare);
        }
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> both = new ArrayList<>(a);
        both.addAll(b);
        return both;
    }

    /** The searches again, with {@code bearings mcp --http --watch} serving the index: the search asks it. */
    private static void servedRows(Path jar, Path index, String store, List<String> search, int runs, double bare, String expected)
            throws Exception {
        try (ServedMcp server = ServedMcp.start(CliProcess.command(jar, List.of(), List.of("mcp", "--http",
                "--port", "0", "--watch", "--index", index.toString(), "--store", store)),
                Files.createTempDirectory("bearings-cold-served"), Map.of(), CliProcess.SERVING_WITHIN)) {
            // The search finds the server through the data folder they share.
            Map<String, String> served = Map.of("XDG_DATA_HOME", server.dataFolder().getParent().toString());
            if (!run(CliProcess.command(jar, List.of(), search), served).equals(expected)) {
                throw new IllegalStateException("the served search printed other results than the search alone");
            }
            row("search, hybrid, mcp --http running (" + store + ")", runs, bare, CliProcess.command(jar, List.of(), search), served);
            row("search --mode keyword, mcp --http running (" + store + ")", runs, bare,
                    CliProcess.command(jar, List.of(), keyword(search)), served);
        }
    }

    private static List<String> keyword(List<String> search) {
        List<String> keyword = new ArrayList<>(search);
        keyword.addAll(List.of("--mode", "keyword"));
        return keyword;
    }

    /** The first {@code files} pages of the corpus as a folder of notes, written once. */
    private static Path notes(int files) throws Exception {
        return CliProcess.notesOnce("powershell-" + files, folder -> {
            Corpus corpus = Corpus.load(ProjectData.POWERSHELL_DOCS, Long.MAX_VALUE);
            for (int i = 0; i < Math.min(files, corpus.texts().size()); i++) {
                Path file = folder.resolve(corpus.names().get(i));
                Files.createDirectories(file.getParent());
                Files.writeString(file, corpus.texts().get(i));
            }
        });
    }

    private static double row(String name, int runs, double bare, List<String> command, Map<String, String> environment)
            throws Exception {
        run(command, environment);
        double[] seconds = new double[runs];
        for (int i = 0; i < runs; i++) {
            long started = System.nanoTime();
            run(command, environment);
            seconds[i] = (System.nanoTime() - started) / 1e9;
        }
        Arrays.sort(seconds);
        double median = seconds[runs / 2];
        System.out.printf(Locale.ROOT, "%-64s %9.3f %9.3f %8s%n", name, median, seconds[runs - 1],
                bare == 0 ? "1" : String.format(Locale.ROOT, "%.1f", median / bare));
        return median;
    }

    /** Runs a command to its end (at most 30 minutes: an index run); gives its stdout. */
    private static String run(List<String> command, Map<String, String> environment) throws Exception {
        return CliProcess.run(command, environment, Duration.ofMinutes(30));
    }
}
