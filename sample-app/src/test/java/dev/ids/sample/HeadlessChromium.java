package dev.ids.sample;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * Debian's Chromium and chromedriver, driven headless with a fresh profile and nothing fetched from the network:
 * the driver is given by path, so Selenium Manager never runs. Without them the test is skipped, unless the
 * environment variable {@code CI} is {@code true}, where the browser test is required and fails instead.
 */
final class HeadlessChromium implements AutoCloseable {

    private static final String BROWSER = System.getenv().getOrDefault("CHROMIUM_BIN", "/usr/bin/chromium");
    private static final String DRIVER = System.getenv().getOrDefault("CHROMEDRIVER_BIN", "/usr/bin/chromedriver");

    private final ChromeDriverService service;
    private final ChromeDriver driver;
    private final Path profile;

    private HeadlessChromium(ChromeDriverService service, ChromeDriver driver, Path profile) {
        this.service = service;
        this.driver = driver;
        this.profile = profile;
    }

    static HeadlessChromium start() {
        requireInstalled();
        Path profile;
        try {
            profile = Files.createTempDirectory("ids-page-chromium-");
        } catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(new File(DRIVER))
                .usingAnyFreePort().build();
        ChromeOptions options = new ChromeOptions().setBinary(BROWSER).addArguments("--headless=new", "--no-sandbox",
                "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--no-first-run", "--window-size=1280,1600",
                "--user-data-dir=" + profile);
        ChromeDriver driver = new ChromeDriver(service, options);
        driver.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(30));
        return new HeadlessChromium(service, driver, profile);
    }

    private static void requireInstalled() {
        boolean installed = new File(BROWSER).canExecute() && new File(DRIVER).canExecute();
        if (installed) {
            return;
        }
        String message = "The browser test needs Chromium at " + BROWSER + " and chromedriver at " + DRIVER
                + " (Debian packages chromium and chromium-driver; or set CHROMIUM_BIN and CHROMEDRIVER_BIN)";
        if ("true".equalsIgnoreCase(System.getenv("CI"))) {
            Assertions.fail(message + ": required when CI=true");
        }
        Assumptions.abort(message + ": skipped");
    }

    ChromeDriver driver() {
        return driver;
    }

    @Override
    public void close() {
        try {
            driver.quit();
        } finally {
            service.stop();
            deleteProfile();
        }
    }

    private void deleteProfile() {
        try (Stream<Path> files = Files.walk(profile)) {
            files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException ex) {
            // a profile left in the temporary directory does no harm
        }
    }
}
