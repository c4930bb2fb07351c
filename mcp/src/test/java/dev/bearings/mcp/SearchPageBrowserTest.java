package dev.bearings.mcp;

import com.sun.net.httpserver.HttpServer;
import dev.bearings.app.source.SourcesConfig;
import dev.bearings.app.testing.ExampleIndex;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.Cookie;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLEncoder;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The search page in a real browser (headless Chromium), served in process by the MCP server over a
 * live index of the example notes and a second folder, an Obsidian vault, which holds a note of HTML
 * that must show as text. Each wait is bounded ({@link Browser#WAIT}); nothing is timed.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SearchPageBrowserTest {
    private static final String VPN = "how did I set up the VPN?";
    /** The hostile note: if any of it ran, the window has the flag or the title changes. */
    private static final String HOSTILE = "# Tricky paste\n\nCopied from a web page: <img src=x onerror=\"window.bearingsRan=1;"
            + "document.title='ran'\"> and <script>window.bearingsRan=2</script> in the middle of a sentence about pasting.\n";
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    private Path root;
    private ExampleIndex example;
    private HttpServing server;
    private Browser browser;
    private Path vault;

    @BeforeAll
    void start(@TempDir Path root) throws Exception {
        this.root = root;
        if (!Browser.available()) {
            // Each test says so (or fails, in CI) as it starts.
            return;
        }
        browser = Browser.start(root.resolve("profile"), 1100, 820);
        example = ExampleIndex.in(root);
        vault = Files.createDirectories(root.resolve("vault"));
        Files.createDirectories(vault.resolve(".obsidian"));
        Files.writeString(vault.resolve("tricky-paste.md"), HOSTILE);
        Files.writeString(vault.resolve("bike.md"), "# Bike maintenance\n\nChain oiled every 300 km; the backup tube is in the "
                + "saddle bag. Brake pads swapped in spring.\n");
        // An old note, for the date filter.
        Files.setLastModifiedTime(example.notes().resolve("sourdough.md"), FileTime.from(Instant.parse("2020-01-15T10:00:00Z")));
        new SourcesConfig(List.of(new SourcesConfig.Source("folder", Map.of("path", example.notes().toString())),
                new SourcesConfig.Source("folder", Map.of("path", vault.toString()))), Map.of()).write(example.folder());
        example.index().syncAll();
        server = HttpServing.of(example.index(), root.resolve("data"));
    }

    @AfterAll
    void stop() throws Exception {
        if (browser != null) {
            browser.close();
        }
        if (server != null) {
            server.close();
        }
        if (example != null) {
            example.close();
        }
    }

    @BeforeEach
    void loggedIn() {
        Browser.require();
        browser.prefer("light");
        browser.window().setSize(new Dimension(1100, 820));
        browser.driver().get(server.pageAddress());
        browser.waiting().until(ExpectedConditions.urlToBe(server.base() + "/"));
        browser.waiting().until(ExpectedConditions.visibilityOfElementLocated(By.id("q")));
    }

    private WebElement box() {
        return browser.driver().findElement(By.id("q"));
    }

    /** Types {@code question} into an emptied box and waits for its results. */
    private List<WebElement> ask(String question) {
        box().clear();
        box().sendKeys(question);
        return results();
    }

    /** The results once the page has answered what is in the box and its filters now. */
    private List<WebElement> results() {
        browser.waiting().until(driver -> "false".equals(driver.findElement(By.id("results")).getAttribute("aria-busy"))
                && !driver.findElement(By.id("summary")).getText().isEmpty());
        return browser.driver().findElements(By.cssSelector("#results li"));
    }

    private List<String> titles() {
        return results().stream().map(li -> li.findElement(By.cssSelector("a.open")).getText()).toList();
    }

    private Path screenshots() {
        return Path.of(System.getProperty("bearings.screenshots", "target/page-screenshots"));
    }

    @Test
    void aQuestionTypedShowsTheRightNoteFirstInLightDarkAndAtPhoneWidth() throws Exception {
        List<WebElement> found = ask(VPN);
        assertThat(found).isNotEmpty();
        WebElement first = found.get(0);
        WebElement link = first.findElement(By.cssSelector("a.open"));
        assertThat(link.getText()).isEqualTo("Home VPN with WireGuard");
        assertThat(link.getAttribute("href")).startsWith("file:").endsWith("/vpn-setup.md");
        assertThat(first.findElement(By.cssSelector(".where")).getText()).startsWith("# Home VPN with WireGuard").contains("lines ");
        assertThat(first.findElements(By.cssSelector(".snippet mark"))).as("the matches are marked").isNotEmpty();
        assertThat(first.findElement(By.cssSelector(".meta")).getText()).contains("#vpn");
        browser.screenshot(screenshots().resolve("page-light.png"));

        browser.prefer("dark");
        assertThat(browser.driver().executeScript("return getComputedStyle(document.documentElement).backgroundColor"))
                .isEqualTo("rgb(21, 24, 28)");
        browser.screenshot(screenshots().resolve("page-dark.png"));

        browser.prefer("light");
        browser.window().setSize(new Dimension(390, 844));
        browser.waiting().until(driver -> (Boolean) browser.driver().executeScript(
                "return document.getElementById('status').getBoundingClientRect().top"
                        + " > document.getElementById('results').getBoundingClientRect().top"));
        assertThat(browser.driver().executeScript("return Array.from(document.querySelectorAll('body *'))"
                + ".filter(e => e.getBoundingClientRect().right > window.innerWidth + 1).map(e => e.tagName + '#' + e.id + '.' + e.className)"))
                .as("nothing wider than a phone").asList().isEmpty();
        browser.screenshot(screenshots().resolve("page-phone.png"));
    }

    /** A request to this test's server with the page's cookie from the browser, and any more headers. */
    private HttpResponse<String> get(HttpServing serving, String path, String... headers) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(serving.base() + path)).timeout(Browser.WAIT).GET();
        for (int i = 0; i < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private String cookie(HttpServing serving) {
        Cookie cookie = browser.driver().manage().getCookieNamed("bearings-" + serving.port());
        assertThat(cookie).as("the page's session cookie").isNotNull();
        return cookie.getName() + "=" + cookie.getValue();
    }

    @Test
    void theOneTimeAddressLogsInOnceAndTheTokenNeverReachesThePage() throws Exception {
        Cookie session = browser.driver().manage().getCookieNamed("bearings-" + server.port());
        assertThat(session).isNotNull();
        assertThat(session.isHttpOnly()).isTrue();
        assertThat(session.getSameSite()).isEqualTo("Strict");
        assertThat(browser.driver().executeScript("return document.cookie")).as("no script reads it").isEqualTo("");

        String address = server.pageAddress();
        HttpResponse<String> first = get(server, address.substring(server.base().length()));
        assertThat(first.statusCode()).isEqualTo(303);
        assertThat(first.headers().firstValue("Location")).hasValue("/");
        assertThat(first.headers().firstValue("Set-Cookie")).hasValueSatisfying(c -> assertThat(c).contains("HttpOnly")
                .contains("SameSite=Strict"));
        HttpResponse<String> again = get(server, address.substring(server.base().length()));
        assertThat(again.statusCode()).as("the address, used once, is spent").isEqualTo(403);
        assertThat(again.headers().firstValue("Set-Cookie")).isEmpty();
        browser.driver().manage().deleteAllCookies();
        browser.driver().get(address);
        assertThat(browser.waiting().until(driver -> driver.findElement(By.tagName("h1"))).getText())
                .isEqualTo("This address has been used or has expired");

        HttpResponse<String> anonymous = get(server, "/");
        assertThat(anonymous.statusCode()).isEqualTo(401);
        assertThat(anonymous.body()).contains("bearings open").doesNotContain("<script");
        assertThat(get(server, "/api/search?q=vpn").statusCode()).isEqualTo(401);

        browser.driver().get(server.pageAddress());
        browser.waiting().until(ExpectedConditions.visibilityOfElementLocated(By.id("q")));
        assertThat(browser.driver().getPageSource()).doesNotContain(server.token());
        for (String file : List.of("/", "/page.js", "/page.css", "/api/status")) {
            HttpResponse<String> served = get(server, file, "Cookie", cookie(server));
            assertThat(served.statusCode()).as(file).isEqualTo(200);
            assertThat(served.body()).as(file).doesNotContain(server.token());
        }
    }

    @Test
    void filtersNarrowTheResults() throws Exception {
        String question = "backup copies, bread and a bike trip";
        List<String> everything = ask(question).stream().map(li -> li.findElement(By.cssSelector("a.open")).getText()).toList();
        assertThat(everything.stream().distinct().count()).as(everything.toString()).isGreaterThanOrEqualTo(3);

        new Select(browser.driver().findElement(By.id("source"))).selectByValue("folder:" + vault);
        assertThat(titles()).isNotEmpty().allMatch(title -> List.of("Bike maintenance", "Tricky paste").contains(title));
        new Select(browser.driver().findElement(By.id("source"))).selectByValue("");
        assertThat(titles().stream().distinct().count()).isGreaterThanOrEqualTo(3);

        WebElement tag = browser.driver().findElement(By.id("tag"));
        tag.sendKeys("vpn", Keys.TAB);
        assertThat(titles()).isNotEmpty().containsOnly("Home VPN with WireGuard");
        tag.clear();
        tag.sendKeys(Keys.TAB);

        // The date box is the browser's own widget, which types by locale: set as a picker would set it.
        browser.driver().executeScript("const before = document.getElementById('before'); before.value = '2021-01-01';"
                + "before.dispatchEvent(new Event('change'))");
        assertThat(titles()).isNotEmpty().containsOnly("Sourdough");
    }

    @Test
    void aNoteOfHtmlShowsAsTextAndRunsNothing() {
        WebElement hit = ask("tricky paste copied from a web page").stream()
                .filter(li -> li.findElement(By.cssSelector("a.open")).getText().equals("Tricky paste")).findFirst().orElseThrow();
        assertThat(hit.findElement(By.cssSelector(".snippet")).getText()).contains("<img src=x onerror=")
                .contains("<script>window.bearingsRan=2</script>");
        assertThat(browser.driver().findElements(By.cssSelector("#results img, #results script"))).isEmpty();
        assertThat(hit.findElement(By.cssSelector("a.open")).getAttribute("href")).as("a note of a vault opens in Obsidian")
                .isEqualTo("obsidian://open?path=" + URLEncoder.encode(vault.resolve("tricky-paste.md").toString(), StandardCharsets.UTF_8)
                        .replace("+", "%20"));

        hit.findElement(By.xpath(".//button[text()='Read note']")).click();
        WebElement reader = browser.waiting().until(ExpectedConditions.visibilityOfElementLocated(By.id("reader-text")));
        assertThat(reader.getText()).isEqualTo(HOSTILE.strip());
        assertThat(browser.driver().findElements(By.cssSelector("#reader img, #reader script"))).isEmpty();
        assertThat(browser.driver().executeScript("return window.bearingsRan")).as("no script of the note ran").isNull();
        assertThat(browser.driver().getTitle()).isEqualTo("Bearings");
    }

    @Test
    void aPageOfAnotherOriginCannotReadResults() throws Exception {
        HttpResponse<String> page = get(server, "/", "Cookie", cookie(server));
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.headers().firstValue("Content-Security-Policy")).hasValueSatisfying(csp -> assertThat(csp)
                .contains("default-src 'self'").contains("frame-ancestors 'none'").doesNotContain("unsafe"));
        assertThat(page.headers().firstValue("X-Content-Type-Options")).hasValue("nosniff");
        assertThat(page.headers().firstValue("Referrer-Policy")).hasValue("no-referrer");

        HttpServer foreign = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        byte[] html = ("<!doctype html><p id=out>waiting</p><script>fetch('" + server.base() + "/api/search?q=vpn', "
                + "{credentials: 'include'}).then(r => r.text()).then(t => out.textContent = 'read ' + t, "
                + "e => out.textContent = 'refused ' + e)</script>").getBytes(StandardCharsets.UTF_8);
        foreign.createContext("/", exchange -> {
            exchange.getResponseHeaders().add("Content-Type", "text/html");
            exchange.sendResponseHeaders(200, html.length);
            exchange.getResponseBody().write(html);
            exchange.close();
        });
        foreign.start();
        String origin = "http://127.0.0.1:" + foreign.getAddress().getPort();
        try {
            browser.driver().get(origin + "/");
            String out = browser.waiting().until(driver -> {
                String text = driver.findElement(By.id("out")).getText();
                return text.equals("waiting") ? null : text;
            });
            assertThat(out).startsWith("refused").doesNotContain("WireGuard");
        } finally {
            foreign.stop(0);
        }
        // The server refuses it too, whatever the browser would let the page read.
        HttpResponse<String> fromThere = get(server, "/api/search?q=vpn", "Cookie", cookie(server), "Origin", origin);
        assertThat(fromThere.statusCode()).isEqualTo(403);
        assertThat(fromThere.body()).doesNotContain("WireGuard");
        assertThat(get(server, "/api/search?q=vpn", "Cookie", cookie(server), "Sec-Fetch-Site", "same-site").statusCode())
                .as("a page of another port, by the browser's fetch metadata").isEqualTo(403);
        assertThat(get(server, "/api/search?q=vpn", "Cookie", cookie(server), "Sec-Fetch-Site", "none").statusCode())
                .as("the API, typed into the address bar").isEqualTo(403);
        assertThat(get(server, "/mcp", "Cookie", cookie(server)).statusCode()).as("the cookie is not the token").isEqualTo(401);
        assertThat(get(server, "/api/../mcp", "Cookie", cookie(server)).statusCode()).as("nor by a detour").isEqualTo(401);
        HttpResponse<String> own = get(server, "/api/search?q=vpn", "Cookie", cookie(server), "Origin", server.base(),
                "Sec-Fetch-Site", "same-origin");
        assertThat(own.statusCode()).isEqualTo(200);
        assertThat(own.body()).contains("WireGuard");
    }

    @Test
    void theCookieIsRefusedOnceTheServerStartsAgain() throws Exception {
        HttpServing first = HttpServing.of(example.index(), root.resolve("restarted"));
        int port = first.port();
        String cookie;
        try {
            browser.driver().get(first.pageAddress());
            browser.waiting().until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("#status-list dt")));
            cookie = cookie(first);
        } finally {
            first.close();
        }
        try (HttpServing again = HttpServing.of(example.index(), root.resolve("restarted"), Duration.ofSeconds(30), port)) {
            assertThat(get(again, "/api/status", "Cookie", cookie).statusCode()).isEqualTo(401);
            browser.driver().navigate().refresh();
            assertThat(browser.waiting().until(driver -> driver.findElement(By.tagName("h1"))).getText())
                    .isEqualTo("Open the page with bearings open");
            browser.driver().get(again.pageAddress());
            browser.waiting().until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("#status-list dt")));
        }
    }

    /** What the index panel says for {@code term}. */
    private String status(String term) {
        return browser.driver().findElement(By.xpath("//dl[@id='status-list']/dt[text()='" + term + "']/following-sibling::dd[1]")).getText();
    }

    @Test
    void theIndexSaysWhatChangedAndSyncsOnRequest() throws Exception {
        browser.waiting().until(driver -> status("Changed since").equals("nothing"));
        assertThat(browser.driver().findElement(By.id("sync")).isDisplayed()).isFalse();
        assertThat(browser.driver().findElement(By.id("status-list")).getText()).contains("folder:" + vault + " (2 notes)")
                .contains("folder:" + example.notes() + " (5 notes)");
        Files.writeString(example.notes().resolve("kayak.md"), "# Kayak\n\nThe paddles hang in the shed.\n");
        try {
            browser.driver().navigate().refresh();
            browser.waiting().until(driver -> status("Changed since").equals("1 note"));
            WebElement sync = browser.driver().findElement(By.id("sync"));
            assertThat(sync.isDisplayed()).as("stale: a sync button").isTrue();
            sync.click();
            browser.waiting().until(driver -> driver.findElement(By.id("sync-said")).getText().startsWith("Synced"));
            assertThat(browser.driver().findElement(By.id("sync-said")).getText()).isEqualTo("Synced: 1 added, 0 changed, 0 removed.");
            browser.waiting().until(driver -> status("Changed since").equals("nothing"));
            assertThat(browser.driver().findElement(By.id("sync")).isDisplayed()).isFalse();
        } finally {
            Files.delete(example.notes().resolve("kayak.md"));
            example.index().syncAll();
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void theKeyboardReachesAResultAndOpensIt() {
        browser.driver().findElement(By.id("status-heading")).click();
        new Actions(browser.driver()).sendKeys("/").perform();
        assertThat(browser.driver().switchTo().activeElement()).isEqualTo(box());
        List<WebElement> found = ask(VPN);
        assertThat(found.size()).isGreaterThanOrEqualTo(2);
        WebElement firstLink = found.get(0).findElement(By.cssSelector("a.open"));
        WebElement secondLink = found.get(1).findElement(By.cssSelector("a.open"));
        new Actions(browser.driver()).sendKeys(Keys.ARROW_DOWN).perform();
        assertThat(browser.driver().switchTo().activeElement()).isEqualTo(firstLink);
        new Actions(browser.driver()).sendKeys(Keys.ARROW_DOWN).perform();
        assertThat(browser.driver().switchTo().activeElement()).isEqualTo(secondLink);
        new Actions(browser.driver()).sendKeys(Keys.ARROW_UP).perform();
        assertThat(browser.driver().switchTo().activeElement()).isEqualTo(firstLink);
        // A folder's note: a browser opens no file: link from a page, so Enter shows it here, whole, saying where it is.
        new Actions(browser.driver()).sendKeys(Keys.ENTER).perform();
        WebElement reader = browser.waiting().until(ExpectedConditions.visibilityOfElementLocated(By.id("reader-text")));
        assertThat(reader.getText()).isEqualTo(read(example.notes().resolve("vpn-setup.md")).strip());
        assertThat(browser.driver().findElement(By.id("reader-meta")).getText()).contains("whole note")
                .contains(example.notes().resolve("vpn-setup.md").toString());
        new Actions(browser.driver()).sendKeys(Keys.ESCAPE).perform();
        assertThat(browser.driver().findElement(By.id("reader")).isDisplayed()).isFalse();
        assertThat(browser.driver().switchTo().activeElement()).as("back where it was opened").isEqualTo(firstLink);

        new Actions(browser.driver()).sendKeys(Keys.ESCAPE).perform();
        assertThat(box().getAttribute("value")).isEmpty();
        assertThat(browser.driver().findElements(By.cssSelector("#results li"))).isEmpty();
        assertThat(browser.driver().switchTo().activeElement()).isEqualTo(box());
    }
}
