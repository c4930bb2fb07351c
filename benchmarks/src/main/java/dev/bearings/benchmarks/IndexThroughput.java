package dev.bearings.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.bearings.eval.Corpus;
import dev.bearings.testprocess.ProjectData;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * How fast does {@code bearings index} build an index, and how cheap is a sync when nothing changed,
 * per store? Each run is a separate JVM running the real command; the parent times it and samples
 * its peak resident memory (VmHWM).
 *
 * <ul>
 *   <li>build of a subset (the first N files in path order, default 300) with the real fp32 model,
 *       then a no-change re-sync of it;</li>
 *   <li>build of all 14,146 files with the {@code hashing} embedder (no model: minutes, not hours),
 *       then a no-change re-sync of all of them, which embeds nothing in either case.</li>
 * </ul>
 * {@code java -cp benchmarks/target/benchmarks.jar dev.bearings.benchmarks.IndexThroughput [N] [STORE,...] [JAR,...]}:
 * stores {@code sqlite,lucene} unless named; the CLI's jar ({@link CliProcess#jar}) unless jars are named,
 * each run in turn by each jar in the same run (a jar before a change and after it).
 */
public final class IndexThroughput {
    private static final ObjectMapper JSON = new ObjectMapper();

    private IndexThroughput() {
    }

    public static void main(String[] args) throws Exception {
        int subsetSize = args.length > 0 ? Integer.parseInt(args[0]) : 300;
        List<String> stores = List.of((args.length > 1 ? args[1] : "sqlite,lucene").split(","));
        List<Path> jars = args.length > 2 ? java.util.Arrays.stream(args[2].split(",")).map(j -> Path.of(j).toAbsolutePath()).toList()
                : List.of(CliProcess.jar());
        Path work = Files.createTempDirectory("bearings-index-bench");
        Corpus corpus = Corpus.load(ProjectData.POWERSHELL_DOCS, Long.MAX_VALUE);
        Path all = work.resolve("all");
        Path subset = work.resolve("subset");
        for (int i = 0; i < corpus.names().size(); i++) {
            for (Path root : i < subsetSize ? List.of(all, subset) : List.of(all)) {
                Path file = root.resolve(corpus.names().get(i));
                Files.createDirectories(file.getParent());
                Files.writeString(file, corpus.texts().get(i));
            }
        }
        System.out.printf("%-7s %-24s %-28s %6s %8s %9s %9s %10s %9s%n", "store", "jar", "run", "notes", "chunks", "seconds",
                "notes/s", "chunks/s", "peak MB");
        for (String store : stores) {
            for (int j = 0; j < jars.size(); j++) {
                Path jar = jars.get(j);
                String row = String.format("%-7s %-24s", store, jar.getFileName());
                Path index = work.resolve("index-" + store + "-" + j);
                run(jar, subset, index, store, "onnx").print(row, "build " + subsetSize + " files, fp32");
                run(jar, subset, index, store, "onnx").print(row, "no-change re-sync, same");
            }
            for (int j = 0; j < jars.size(); j++) {
                Path jar = jars.get(j);
                String row = String.format("%-7s %-24s", store, jar.getFileName());
                Path full = work.resolve("full-" + store + "-" + j);
                run(jar, all, full, store, "hashing").print(row, "build all, hashing embedder");
                run(jar, all, full, store, "hashing").print(row, "no-change re-sync, all");
            }
        }
    }

    private record Run(int notes, int chunks, double seconds, long peakKb) {
        void print(String row, String what) {
            System.out.printf("%s %-28s %6d %8d %9.1f %9.1f %10.1f %9.0f%n", row, what, notes, chunks, seconds,
                    notes / seconds, chunks / seconds, peakKb / 1024.0);
        }
    }

    private static Run run(Path cli, Path notes, Path index, String store, String embedder) throws Exception {
        // The real command, as users run it, from its jar; this jar after it adds the hashing embedder plugin.
        List<String> command = new ArrayList<>(List.of(CliProcess.JAVA,
                "-Xmx2g", "-cp", cli + java.io.File.pathSeparator + System.getProperty("java.class.path"),
                "dev.bearings.cli.Bearings", "index", "--json",
                "--folder", notes.toString(), "--index", index.toString(), "--store", store, "--embedder", embedder));
        Path out = Files.createTempFile("index-run", ".json");
        Path err = Files.createTempFile("index-run", ".err");
        long started = System.nanoTime();
        Process process = new ProcessBuilder(command).redirectError(err.toFile()).redirectOutput(out.toFile()).start();
        long peak = 0;
        while (process.isAlive()) {
            peak = Math.max(peak, CliProcess.peakKb(process.pid()));
            Thread.sleep(50);
        }
        double seconds = (System.nanoTime() - started) / 1e9;
        String output = Files.readString(out);
        if (process.exitValue() != 0) {
            throw new IllegalStateException("index run failed: " + Files.readString(err));
        }
        JsonNode report = JSON.readTree(output).get(0);
        return new Run(report.get("added").asInt() + report.get("unchanged").asInt(), report.get("chunksEmbedded").asInt(),
                seconds, peak);
    }
}
