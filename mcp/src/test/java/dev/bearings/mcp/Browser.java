package dev.bearings.mcp;

import dev.bearings.testkit.Prerequisite;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.logging.Level;

/**
 * The system's headless Chromium (Debian's {@code chromium} and {@code chromium-driver}), driven by
 * Selenium through the system's chromedriver, named explicitly so that Selenium Manager never runs
 * (it would download a driver or a browser). A browser missing skips the test, saying why; in CI it
 * fails it. Public for the page's benchmark.
 */
public final class Browser implements AutoCloseable {
    public static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    public static final Path DRIVER = Path.of("/usr/bin/chromedriver");
    /** The longest any wait for the page takes. */
    public static final Duration WAIT = Duration.ofSeconds(30);

    private final ChromeDriverService service;
    private final ChromeDriver driver;

    private Browser(ChromeDriverService service, ChromeDriver driver) {
        this.service = service;
        this.driver = driver;
    }

    /** Whether the system's Chromium and its driver are there. */
    public static boolean available() {
        return Files.isExecutable(CHROMIUM) && Files.isExecutable(DRIVER);
    }

    /** Skips the calling test (fails it in CI) when the browser is missing, saying what to install. */
    public static void require() {
        Prerequisite.require(available(), () -> "the browser tests need Chromium and its driver at " + CHROMIUM + " and " + DRIVER
                + " (apt-get install chromium chromium-driver)");
    }

    /** A fresh browser (a profile of its own in {@code profile}), its window {@code width} x {@code height}. */
    public static Browser start(Path profile, int width, int height) throws IOException {
        require();
        System.setProperty(ChromeDriverService.CHROME_DRIVER_EXE_PROPERTY, DRIVER.toString());
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(DRIVER.toFile()).usingAnyFreePort()
                .withTimeout(WAIT).withLogOutput(new java.io.PrintStream(java.io.OutputStream.nullOutputStream())).build();
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage",
                "--lang=en-US", "--window-size=" + width + "," + height,
                "--user-data-dir=" + Files.createDirectories(profile).toAbsolutePath());
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, Level.ALL);
        options.setCapability("goog:loggingPrefs", logs);
        ChromeDriver driver;
        try {
            driver = new ChromeDriver(service, options);
        } catch (RuntimeException e) {
            service.stop();
            throw e;
        }
        driver.manage().timeouts().pageLoadTimeout(WAIT).scriptTimeout(WAIT);
        return new Browser(service, driver);
    }

    public ChromeDriver driver() {
        return driver;
    }

    public WebDriverWait waiting() {
        return new WebDriverWait(driver, WAIT);
    }

    /** The page's colour scheme, as the system would choose it: {@code light} or {@code dark}. */
    public void prefer(String scheme) {
        driver.executeCdpCommand("Emulation.setEmulatedMedia", Map.of("features",
                java.util.List.of(Map.of("name", "prefers-color-scheme", "value", scheme))));
    }

    /** Saves what the window shows as a PNG. */
    public void screenshot(Path file) throws IOException {
        File taken = driver.getScreenshotAs(org.openqa.selenium.OutputType.FILE);
        Files.createDirectories(file.getParent());
        Files.copy(taken.toPath(), file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }

    public WebDriver.Window window() {
        return driver.manage().window();
    }

    @Override
    public void close() {
        try {
            driver.quit();
        } finally {
            service.stop();
        }
    }
}
