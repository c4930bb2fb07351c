package dev.bearings.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bearings.testprocess.ProjectData;
import dev.bearings.testprocess.ServedMcp;

import java.io.IOException;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Load on the shared server: a real {@code bearings mcp --http} process over the personal-notes set,
 * searched by 1 client (the baseline) and then by 8 at once, each in a session of its own asking the
 * set's questions in turn for the given time. Prints per run: searches, errors, searches/s, p50 and p99
 * latency, and the ratios to the baseline.
 *
 * <p>{@code java -cp benchmarks/target/benchmarks.jar dev.bearings.benchmarks.McpHttpLoad [SECONDS]}
 * (after {@code ./mvnw package}; default 60 s per run; the jar is {@code cli/target/bearings.jar}).
 */
public final class McpHttpLoad {
    private static final AtomicInteger FAILURES_SHOWN = new AtomicInteger();

    private McpHttpLoad() {
    }

    /** One run's answers. */
    private record Run(int clients, long[] latenciesNanos, int errors, double seconds) {
        double perSecond() {
            return latenciesNanos.length / seconds;
        }

        double percentileMillis(double p) {
            long[] sorted = latenciesNanos.clone();
            Arrays.sort(sorted);
            return sorted.length == 0 ? Double.NaN : sorted[(int) Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] / 1e6;
        }
    }

    public static void main(String[] args) throws Exception {
        int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 60;
        Path jar = CliProcess.jar();
        Path work = Files.createTempDirectory("bearings-load");
        Path index = work.resolve("index");
        CliProcess.run(CliProcess.command(jar, List.of(), List.of("index", "--folder",
                ProjectData.PERSONAL_NOTES.resolve("notes").toString(), "--index", index.toString())), Duration.ofMinutes(10));
        List<String> questions = new ArrayList<>();
        for (String line : Files.readAllLines(ProjectData.PERSONAL_NOTES.resolve("questions.jsonl"))) {
            questions.add(McpHttpSession.JSON.readTree(line).path("text").asText());
        }
        try (ServedMcp server = ServedMcp.start(CliProcess.command(jar, List.of(), List.of("mcp", "--http",
                "--port", "0", "--index", index.toString())), work, Map.of(), CliProcess.SERVING_WITHIN)) {
            String url = server.url();
            String token = server.token();
            HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
            run(http, url, token, 1, questions, Math.min(seconds, 10)); // warm up the server's JIT and caches
            Run baseline = run(http, url, token, 1, questions, seconds);
            Run loaded = run(http, url, token, 8, questions, seconds);
            System.out.printf("%nbearings mcp --http on the personal-notes set (%d notes), %d cores, %d s per run%n",
                    notes(), Runtime.getRuntime().availableProcessors(),
                    seconds);
            System.out.printf("%-8s %9s %7s %10s %9s %9s %12s %12s%n", "clients", "searches", "errors", "per s", "p50 ms",
                    "p99 ms", "p50 vs 1", "per s vs 1");
            for (Run r : List.of(baseline, loaded)) {
                System.out.printf("%-8d %9d %7d %10.1f %9.1f %9.1f %11.2fx %11.2fx%n", r.clients, r.latenciesNanos.length,
                        r.errors, r.perSecond(), r.percentileMillis(0.5), r.percentileMillis(0.99),
                        r.percentileMillis(0.5) / baseline.percentileMillis(0.5), r.perSecond() / baseline.perSecond());
            }
        }
    }

    private static long notes() throws IOException {
        try (var files = Files.walk(ProjectData.PERSONAL_NOTES.resolve("notes"))) {
            return files.filter(f -> f.toString().endsWith(".md")).count();
        }
    }

    /** Says what went wrong, the first few times, so an error can be understood and not only counted. */
    private static boolean failed(String why) {
        if (FAILURES_SHOWN.getAndIncrement() < 5) {
            System.err.println("failed search: " + (why.length() > 500 ? why.substring(0, 500) + "..." : why));
        }
        return false;
    }

    private static Run run(HttpClient http, String url, String token, int clients, List<String> questions, int seconds)
            throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        long start = System.nanoTime();
        List<Future<long[]>> results = new ArrayList<>();
        int[] errors = new int[clients];
        for (int c = 0; c < clients; c++) {
            int client = c;
            results.add(pool.submit(() -> {
                McpHttpSession session = McpHttpSession.open(http, url, token);
                List<Long> latencies = new ArrayList<>();
                for (int q = client; System.nanoTime() < end; q++) {
                    long t = System.nanoTime();
                    if (search(session, questions.get(q % questions.size()))) {
                        latencies.add(System.nanoTime() - t);
                    } else {
                        errors[client]++;
                    }
                }
                return latencies.stream().mapToLong(Long::longValue).toArray();
            }));
        }
        List<long[]> all = new ArrayList<>();
        for (Future<long[]> result : results) {
            all.add(result.get(seconds + 300L, TimeUnit.SECONDS));
        }
        pool.shutdown();
        double took = (System.nanoTime() - start) / 1e9;
        return new Run(clients, all.stream().flatMapToLong(Arrays::stream).toArray(), Arrays.stream(errors).sum(), took);
    }

    /** One search; true when it answered with passages. */
    private static boolean search(McpHttpSession session, String question) {
        try {
            ObjectNode arguments = McpHttpSession.JSON.createObjectNode().put("query", question).put("limit", 5);
            JsonNode result = session.call("search_notes", arguments);
            return !result.path("isError").asBoolean() && result.path("structuredContent").path("passages").size() > 0
                    || failed("'" + question + "': " + result);
        } catch (IOException e) {
            return failed(e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
