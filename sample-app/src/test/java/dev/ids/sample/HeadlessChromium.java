package dev.ids.sample;

import dev.ids.testing.RequiredService;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.Optional;
import java.util.stream.Stream;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * Debian's Chromium and chromedriver, driven headless with a fresh profile and nothing fetched from the network:
 * the driver is given by path, so Selenium Manager never runs. Tests that use it are marked {@link RequiresChromium}:
 * without Chromium they are skipped with a printed reason, unless the environment variable {@code CI} is
 * {@code true}, where the browser test is required and fails instead.
 */
final class HeadlessChromium implements AutoCloseable {

    private static final String BROWSER = System.getenv().getOrDefault("CHROMIUM_BIN", "/usr/bin/chromium");
    private static final String DRIVER = System.getenv().getOrDefault("CHROMEDRIVER_BIN", "/usr/bin/chromedriver");

    /** The installed browser and driver, as a service the browser tests need. */
    static final RequiredService INSTALLATION = new RequiredService() {
        @Override
        public String description() {
            return "Chromium at " + BROWSER + " with chromedriver at " + DRIVER + " (Debian packages chromium and "
                    + "chromium-driver; or set CHROMIUM_BIN and CHROMEDRIVER_BIN)";
        }

        @Override
        public Optional<String> unavailability() {
            if (!new File(BROWSER).canExecute()) {
                return Optional.of(BROWSER + " is not an executable file");
            }
            return new File(DRIVER).canExecute() ? Optional.empty()
                    : Optional.of(DRIVER + " is not an executable file");
        }
    };

    private final ChromeDriverService service;
    private final ChromeDriver driver;
    private final Path profile;

    private HeadlessChromium(ChromeDriverService service, ChromeDriver driver, Path profile) {
        this.service = service;
        this.driver = driver;
        this.profile = profile;
    }

    static HeadlessChromium start() {
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
