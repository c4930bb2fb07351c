package dev.bearings.benchmarks;

import dev.bearings.app.index.LiveIndex;
import dev.bearings.app.index.OpenedEmbedder;
import dev.bearings.app.index.OpenedRecipe;
import dev.bearings.app.testing.ExampleIndex;
import dev.bearings.core.embed.Embedder;
import dev.bearings.core.index.ChunkIndexReader;
import dev.bearings.core.index.IndexRecipe;
import dev.bearings.core.plugin.Settings;
import dev.bearings.embedding.onnx.OnnxEmbedderProvider;
import dev.bearings.mcp.BearingsMcpServer;
import dev.bearings.mcp.Browser;
import dev.bearings.mcp.http.SearchPage;
import dev.bearings.parser.commonmark.CommonmarkParserProvider;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;

import java.io.InputStream;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What a person waits for on the search page: the time from the last keystroke of a question to its
 * results on screen, in a real browser (the system's headless Chromium, driven as the page's tests drive
 * it), read from the page's own User Timing measures: {@code bearings-keystroke-to-results} (the 120 ms
 * pause after typing included) and {@code bearings-answer} (the request and the drawing of the results).
 * Two baselines measured in the same run, from the page: the served search alone, the same
 * {@code /api/search} request fetched and its JSON read but nothing drawn, and a fetch of the page's style
 * sheet (the browser, loopback and the guard). Over the example notes and over a
 * 20,000-chunk index ({@link LargeIndex}: PowerShell docs text, vectors of the hashing embedder, questions
 * embedded with the real model). Also the page's weight: its HTML, CSS and script in bytes.
 *
 * <p>{@code java -cp benchmarks/target/benchmarks.jar dev.bearings.benchmarks.PageLatency [QUESTIONS]} (default 40,
 * after 5 not counted).
 */
public final class PageLatency {
    private static final int WARM_UP = 5;
    private static final List<String> EXAMPLE_QUESTIONS = List.of("how did I set up the VPN?", "sourdough starter feeding",
            "where are the backups kept", "undo the last git commit", "bus pass in Kyoto", "restic password",
            "wireguard handshake fails", "how long does the dough rise", "git bisect a bug", "temples to visit early");
    private static final List<String> POWERSHELL_QUESTIONS = List.of("list the running processes", "set the execution policy",
            "copy files to a remote computer", "remove a registry key", "read a text file line by line", "stop a service",
            "export objects to csv", "find the installed modules", "create a scheduled job", "get help for a cmdlet");

    private PageLatency() {
    }

    /** Median and 90th percentile of a sample, in ms. */
    private record Sample(double[] millis) {
        double percentile(double p) {
            double[] sorted = millis.clone();
            Arrays.sort(sorted);
            return sorted[(int) Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
        }
    }

    public static void main(String[] args) throws Exception {
        int questions = args.length > 0 ? Integer.parseInt(args[0]) : 40;
        Path root = Files.createTempDirectory("bearings-page-latency");
        System.out.printf(Locale.ROOT, "# %d questions per index after %d not counted, %d cores; %s%n", questions, WARM_UP,
                Runtime.getRuntime().availableProcessors(), weight());
        System.out.println("| index | chunks | keystroke to results p50 / p90 ms | answer (request + drawing) p50 / p90 ms "
                + "| served search p50 ms | fetch of a static file p50 ms | answer / served search |");
        System.out.println("|---|---:|---|---|---:|---:|---:|");
        try (Browser browser = Browser.start(root.resolve("profile"), 1100, 820)) {
            try (ExampleIndex example = ExampleIndex.synced(root.resolve("example"))) {
                measure(browser, "example notes", example.index(), root.resolve("data-example"), EXAMPLE_QUESTIONS, questions);
            }
            int chunks = 20_000;
            IndexRecipe recipe;
            try (ChunkIndexReader built = LargeIndex.open("sqlite", chunks)) {
                recipe = built.manifest().recipe();
            }
            // The index's vectors are the hashing embedder's, of the model's dimension; questions are embedded by the model,
            // as a real search's are: what a search costs does not depend on what the vectors mean.
            Embedder model = new OnnxEmbedderProvider().create(Settings.NONE);
            OpenedRecipe opened = new OpenedRecipe(new CommonmarkParserProvider().create(Settings.NONE),
                    new OpenedEmbedder("onnx", Map.of("model", model.modelId()), model), recipe);
            try (LiveIndex large = new LiveIndex(Path.of("target", "bench-indexes", "sqlite-" + chunks), LargeIndex.store("sqlite"),
                    opened, ExampleIndex.sources(), Clock.systemUTC())) {
                measure(browser, "PowerShell docs", large, root.resolve("data-large"), POWERSHELL_QUESTIONS, questions);
            }
        }
        // Threads of the libraries (the browser's driver client, Tomcat's) would keep the JVM running.
        System.exit(0);
    }

    /** The page's HTML, style sheet and script, as served. */
    private static String weight() throws Exception {
        long total = 0;
        List<String> parts = new ArrayList<>();
        for (String file : List.of("index.html", "page.css", "page.js")) {
            try (InputStream in = SearchPage.class.getResourceAsStream("page/" + file)) {
                int bytes = in.readAllBytes().length;
                total += bytes;
                parts.add(file + " " + bytes);
            }
        }
        return "page weight " + total + " bytes (" + String.join(", ", parts) + "; not compressed)";
    }

    private static void measure(Browser browser, String name, LiveIndex index, Path data, List<String> questions, int count)
            throws Exception {
        BearingsMcpServer.Http server = BearingsMcpServer.http(index, new BearingsMcpServer.Settings("bench", "sqlite", Optional.empty()),
                new BearingsMcpServer.HttpSettings(InetAddress.getLoopbackAddress(), 0, data, Duration.ofSeconds(30), Map.of()));
        try (server) {
            String base = "http://127.0.0.1:" + server.port();
            var driver = browser.driver();
            driver.get(base + server.pageAddress());
            browser.waiting().until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("#status-list dt")));
            WebElement box = driver.findElement(By.id("q"));
            int chunks = ((Number) driver.executeAsyncScript("fetch('/api/status').then(r => r.json()).then(s => arguments[0](s.chunks))"))
                    .intValue();
            double[] keystroke = new double[count];
            double[] answer = new double[count];
            double[] served = new double[count];
            double[] file = new double[count];
            for (int i = -WARM_UP; i < count; i++) {
                // Each question differs from the one before it, so the page asks each anew.
                String question = questions.get(Math.floorMod(i, questions.size()));
                driver.executeScript("performance.clearMeasures()");
                box.sendKeys(Keys.chord(Keys.CONTROL, "a"), question);
                browser.waiting().until(d -> "false".equals(d.findElement(By.id("results")).getAttribute("aria-busy"))
                        && (Long) ((org.openqa.selenium.JavascriptExecutor) d).executeScript(
                        "return performance.getEntriesByName('bearings-answer').length") > 0);
                double toResults = ((Number) driver.executeScript(
                        "return performance.getEntriesByName('bearings-keystroke-to-results').pop().duration")).doubleValue();
                double answered = ((Number) driver.executeScript("return performance.getEntriesByName('bearings-answer').pop().duration"))
                        .doubleValue();
                double fetched = ((Number) driver.executeAsyncScript("const t = performance.now(); fetch('/page.css', {cache: 'no-store'})"
                        + ".then(r => r.text()).then(() => arguments[0](performance.now() - t))")).doubleValue();
                // The same request as the page's, from the page, its answer read but not drawn.
                double alone = ((Number) driver.executeAsyncScript("const t = performance.now(); fetch('/api/search?' + "
                        + "new URLSearchParams({q: arguments[0], limit: '10'})).then(r => r.json()).then(() => arguments[1](performance.now() - t))",
                        question)).doubleValue();
                if (i >= 0) {
                    keystroke[i] = toResults;
                    answer[i] = answered;
                    served[i] = alone;
                    file[i] = fetched;
                }
            }
            Sample k = new Sample(keystroke);
            Sample a = new Sample(answer);
            Sample s = new Sample(served);
            System.out.printf(Locale.ROOT, "| %s | %,d | %.1f / %.1f | %.1f / %.1f | %.1f | %.1f | %.2f |%n", name, chunks, k.percentile(0.5),
                    k.percentile(0.9), a.percentile(0.5), a.percentile(0.9), s.percentile(0.5), new Sample(file).percentile(0.5),
                    a.percentile(0.5) / s.percentile(0.5));
        }
    }
}
