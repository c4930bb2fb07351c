package dev.bearings.mcp;

import com.sun.net.httpserver.HttpServer;
import dev.bearings.app.SourcesConfig;
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
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;

import java.net.InetSocketAddress;
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
}
