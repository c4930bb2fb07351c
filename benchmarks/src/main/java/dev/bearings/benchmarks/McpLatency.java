package dev.bearings.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bearings.core.note.Note;
import dev.bearings.eval.EvalDataset;
import dev.bearings.testprocess.ProjectData;
import dev.bearings.testprocess.ServedMcp;

import java.io.IOException;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What an agent waits for, and what the server holds: a real {@code bearings mcp --http --watch}
 * process per store and model over ArguAna's 8,674 documents written out as a folder of notes (each
 * {@code ID.md}, its title as a {@code # } heading), asked over a real MCP session. Short queries:
 * the first six words of each of ArguAna's queries. Per store and model it prints
 * <ul>
 *   <li>latency: p50 and p99 of {@code ping} (the transport alone: the baseline, measured in the same
 *       run), {@code search_notes} per mode, and {@code index_status}; each as a multiple of ping;</li>
 *   <li>memory: resident memory (Linux {@code VmRSS}) once serving, after the first search, after
 *       1,000 searches, and the peak ({@code VmHWM}); and how long the first search took.</li>
 * </ul>
 * Indexes are built once by the jar itself under {@code target/bench-indexes}. With
 * {@code -Dbearings.chunks=N} the server serves an index of N chunks instead ({@link LargeIndex#forModel}:
 * PowerShell docs text, vectors of the hashing embedder, the default model's recipe, so the server loads
 * the model and embeds the questions as usual), without {@code --watch}, since the index has no folder
 * of notes to watch. Each mode's answers are summed up in a digest (the passages' notes, lines, ranks and
 * scores to nine digits), printed, so that two runs (two jars) can be shown to answer the same.
 *
 * <p>{@code java -cp benchmarks/target/benchmarks.jar dev.bearings.benchmarks.McpLatency [SEARCHES_PER_MODE] [MODEL,...] [STORE,...] [launcher|jar] [JVM_OPTION ...]}
 * (defaults 300, {@code bge-small-int8}, {@code sqlite,lucene}, {@code launcher}). The server runs as users
 * run it, through the project's launcher {@code ./bearings} with its settings for the server, or with
 * {@code jar} as {@code java -jar} of {@code -Dbearings.jar} with none (to compare builds); JVM options
 * are added either way.
 */
public final class McpLatency {
    private static final int WORDS = 6;
    private static final int MEMORY_SEARCHES = 1_000;

    private McpLatency() {
    }

    /** Latencies of one kind of call, in ms. */
    private record Sample(double[] millis) {
        double percentile(double p) {
            double[] sorted = millis.clone();
            Arrays.sort(sorted);
            return sorted[(int) Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
        }
    }

    /** Resident MB once serving, after the first search, after 1,000 searches; peak; the first search's ms. */
    private record Memory(double started, double firstSearch, double thousandSearches, double mappedFiles, double peak,
                          double firstSearchMillis) {
    }

    public static void main(String[] args) throws Exception {
        int searches = args.length > 0 ? Integer.parseInt(args[0]) : 300;
        List<String> models = List.of((args.length > 1 ? args[1] : "bge-small-int8").split(","));
        List<String> stores = List.of((args.length > 2 ? args[2] : "sqlite,lucene").split(","));
        boolean launcher = args.length <= 3 || args[3].equals("launcher");
        List<String> jvm = args.length > 4 ? List.of(args).subList(4, args.length) : List.of();
        Path jar = CliProcess.jar();
        EvalDataset arguana = EvalDataset.beir(ProjectData.SHARED.resolve("beir-arguana"), "test", Integer.MAX_VALUE,
                Integer.MAX_VALUE).namedById();
        Path notes = CliProcess.notesOnce("arguana", folder -> {
            for (Note note : arguana.notes()) {
                Files.writeString(folder.resolve(note.id() + ".md"), note.text());
            }
        });
        List<String> queries = arguana.queries().values().stream().map(McpLatency::shortQuery).toList();
        System.out.printf(Locale.ROOT, "# %d notes, %d short queries, %d searches per mode, %d cores, server started by %s, JVM options %s%n",
                arguana.notes().size(), queries.size(), searches, Runtime.getRuntime().availableProcessors(),
                launcher ? "./bearings" : "java -jar " + jar, jvm);
        int chunks = Integer.getInteger("bearings.chunks", 0);
        List<String> lines = new ArrayList<>();
        List<String> memory = new ArrayList<>();
        for (String model : models) {
            for (String store : stores) {
                Path index = chunks > 0 ? LargeIndex.forModel(store, chunks)
                        : CliProcess.indexOnce(jar, notes, "arguana-" + store + "-" + model, List.of("--store", store, "--model", model));
                Memory used = serve(launcher, jar, jvm, index, store, chunks == 0, queries, searches, (call, sample, ping) -> lines.add(String.format(Locale.ROOT,
                        "%-7s %-15s %-22s %8.1f %8.1f %9.1f", store, model, call, sample.percentile(0.5), sample.percentile(0.99),
                        ping == null ? 1.0 : sample.percentile(0.5) / ping.percentile(0.5))));
                memory.add(String.format(Locale.ROOT, "%-7s %-15s %9.0f %12.0f %14.0f %14.0f %8.0f %13.0f", store, model,
                        used.started(), used.firstSearch(), used.thousandSearches(), used.mappedFiles(), used.peak(),
                        used.firstSearchMillis()));
            }
        }
        System.out.printf("%n%-7s %-15s %-22s %8s %8s %9s%n", "store", "model", "call", "p50 ms", "p99 ms", "x ping");
        lines.forEach(System.out::println);
        System.out.printf("%n%-7s %-15s %9s %12s %14s %14s %8s %13s%n", "store", "model", "start MB", "1 search MB",
                "1,000 srch MB", "of it files MB", "peak MB", "1st search ms");
        memory.forEach(System.out::println);
    }

    /** Receives a latency row: the call, its sample and the ping baseline (null for ping itself). */
    @FunctionalInterface
    private interface Rows {
        void add(String call, Sample sample, Sample ping);
    }

    private static Memory serve(boolean launcher, Path jar, List<String> jvm, Path index, String store, boolean watch,
                                List<String> queries, int searches, Rows rows) throws Exception {
        Path work = Files.createTempDirectory("bearings-mcp-latency");
        List<String> mcp = new ArrayList<>(List.of("mcp", "--http", "--port", "0", "--index", index.toString(), "--store", store));
        if (watch) {
            mcp.add("--watch");
        }
        List<String> command = new ArrayList<>(List.of(ProjectData.ROOT.resolve("bearings").toString()));
        command.addAll(mcp);
        try (ServedMcp server = ServedMcp.start(launcher ? command : CliProcess.command(jar, jvm, mcp),
                work, launcher ? Map.of("BEARINGS_JAVA_OPTS", String.join(" ", jvm)) : Map.of(), CliProcess.SERVING_WITHIN)) {
            // The watcher's first sync finds nothing to do on a built index; give it a moment to settle.
            Thread.sleep(2_000);
            double started = CliProcess.residentMb(server.pid());
            HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
            McpHttpSession session = McpHttpSession.open(http, server.url(), server.token());
            long t = System.nanoTime();
            search(session, queries.get(0), "hybrid");
            double firstMillis = (System.nanoTime() - t) / 1e6;
            double afterFirst = CliProcess.residentMb(server.pid());
            int done = 1;
            for (int i = 1; i <= 50; i++, done++) { // warm-up: the JIT, the model's first runs, the caches
                search(session, queries.get(i % queries.size()), "hybrid");
            }
            Sample ping = timed(searches, q -> session.ping());
            rows.add("ping (baseline)", ping, null);
            for (String mode : List.of("hybrid", "vector", "keyword")) {
                int offset = done;
                MessageDigest answers = MessageDigest.getInstance("SHA-256");
                rows.add("search_notes " + mode, timed(searches,
                        q -> digest(answers, search(session, queries.get((offset + q) % queries.size()), mode))), ping);
                System.out.printf(Locale.ROOT, "# %s %s answers: %s%n", store, mode, HexFormat.of().formatHex(answers.digest(), 0, 8));
                done += searches;
            }
            rows.add("index_status", timed(Math.max(20, searches / 10),
                    q -> session.call("index_status", McpHttpSession.JSON.createObjectNode())), ping);
            for (; done < MEMORY_SEARCHES; done++) {
                search(session, queries.get(done % queries.size()), "hybrid");
            }
            return new Memory(started, afterFirst, CliProcess.residentMb(server.pid()), CliProcess.residentFilesMb(server.pid()),
                    CliProcess.peakKb(server.pid()) / 1024.0,
                    firstMillis);
        }
    }

    /** A call made {@code n} times. */
    @FunctionalInterface
    private interface Call {
        void make(int i) throws Exception;
    }

    private static Sample timed(int n, Call call) throws Exception {
        double[] millis = new double[n];
        for (int i = 0; i < n; i++) {
            long t = System.nanoTime();
            call.make(i);
            millis[i] = (System.nanoTime() - t) / 1e6;
        }
        return new Sample(millis);
    }

    private static JsonNode search(McpHttpSession session, String query, String mode) throws IOException, InterruptedException {
        ObjectNode arguments = McpHttpSession.JSON.createObjectNode().put("query", query).put("mode", mode).put("limit", 10);
        JsonNode result = session.call("search_notes", arguments);
        if (result.path("isError").asBoolean()) {
            throw new IllegalStateException("search_notes failed for '" + query + "': " + result);
        }
        return result;
    }

    /** Adds what an answer says (each passage's note, lines, ranks, and score to nine digits) to {@code answers}. */
    private static void digest(MessageDigest answers, JsonNode result) {
        StringBuilder said = new StringBuilder();
        for (JsonNode passage : result.path("structuredContent").path("passages")) {
            said.append(passage.path("noteId").asText()).append(':').append(passage.path("startLine").asInt()).append('-')
                    .append(passage.path("endLine").asInt()).append(' ').append(passage.path("vectorRank").asText()).append('/')
                    .append(passage.path("keywordRank").asText()).append(' ')
                    .append(String.format(Locale.ROOT, "%.9g", passage.path("score").asDouble())).append('\n');
        }
        answers.update(said.append("--\n").toString().getBytes(StandardCharsets.UTF_8));
    }

    static String shortQuery(String query) {
        String[] words = query.strip().split("\\s+");
        return String.join(" ", Arrays.asList(words).subList(0, Math.min(WORDS, words.length)));
    }
}
