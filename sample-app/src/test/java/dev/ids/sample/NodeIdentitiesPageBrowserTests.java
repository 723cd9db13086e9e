package dev.ids.sample;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.lable.LableIdGenerator;
import dev.ids.muid.MuidGenerator;
import dev.ids.sno.SnoGenerator;
import dev.ids.traceid.TraceIdGenerator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The page's node identities, as an operator of two copies on one H2 file sees them in headless Chromium: this
 * copy's identity per generator with its lease, and who holds which identity in the shared store.
 */
@RequiresChromium
class NodeIdentitiesPageBrowserTests {

    @TempDir
    Path directory;

    private HeadlessChromium chromium;
    private ConfigurableApplicationContext first;
    private ConfigurableApplicationContext second;
    private ChromeDriver browser;
    private WebDriverWait wait;

    @BeforeEach
    void startTwoCopiesAndOpenTheFirstsPage() {
        first = startCopy();
        second = startCopy();
        chromium = HeadlessChromium.start();
        browser = chromium.driver();
        wait = new WebDriverWait(browser, Duration.ofSeconds(15));
        browser.get("http://localhost:" + first.getEnvironment().getRequiredProperty("local.server.port") + "/");
    }

    @AfterEach
    void stop() throws IOException {
        try {
            Path screenshots = Path.of("target", "browser-screenshots");
            Files.createDirectories(screenshots);
            Files.write(screenshots.resolve("node-identities.png"), browser.getScreenshotAs(OutputType.BYTES));
        } finally {
            chromium.close();
            for (ConfigurableApplicationContext copy : new ConfigurableApplicationContext[] {second, first}) {
                if (copy.isActive()) {
                    copy.close();
                }
            }
        }
    }

    @Test
    void thePageShowsThisCopysIdentitiesAndWhoHoldsEachIdentityOfTheStore() {
        Map<String, Long> own = identities(first);
        Map<String, Long> others = identities(second);
        for (Map.Entry<String, Long> generator : own.entrySet()) {
            String row = "#identities tr[data-generator='" + generator.getKey() + "'] ";
            wait.until(ExpectedConditions.textToBe(By.cssSelector(row + "td.identity"),
                    String.valueOf(generator.getValue())));
            Map<String, String> cells = cells(row);
            assertThat(cells).as(generator.getKey()).containsEntry("source", "jdbc");
            assertThat(cells.get("lease")).as(generator.getKey()).startsWith("held (jdbc, namespace ");
            assertThat(cells.get("expires")).as(generator.getKey()).isNotBlank();
        }
        assertThat(browser.findElements(By.cssSelector("#identities tbody tr"))).hasSize(own.size());

        String secondsSno = leaseRow("sno", others.get("snoGenerator"));
        wait.until(ExpectedConditions.textToBe(By.cssSelector(secondsSno + "td.holder"), "another copy"));
        String pid = String.valueOf(ProcessHandle.current().pid());
        for (String namespace : List.of("sno", "trace-id")) {
            String generator = namespace.equals("sno") ? "snoGenerator" : "traceIdGenerator";
            Map<String, String> mine = cells(leaseRow(namespace, own.get(generator)));
            Map<String, String> theirs = cells(leaseRow(namespace, others.get(generator)));
            assertThat(mine).containsEntry("holder", "this copy");
            assertThat(theirs).containsEntry("holder", "another copy");
            for (Map<String, String> row : List.of(mine, theirs)) {
                assertThat(row).containsEntry("process", pid);
                assertThat(row.get("host")).isNotBlank();
                assertThat(row.get("expires")).isNotBlank();
            }
        }
        assertThat(browser.findElement(By.id("leases-status")).getText()).startsWith("Lease store: jdbc;");

        second.close();

        wait.until(ExpectedConditions.textToBe(By.cssSelector(secondsSno + "td.holder"), "released"));
        assertThat(cells(secondsSno)).containsEntry("expires", "");
        assertThat(cells(leaseRow("sno", own.get("snoGenerator")))).containsEntry("holder", "this copy");
    }

    private ConfigurableApplicationContext startCopy() {
        // a seeded lease table: the copies start at once, not ~20 s each for a first claim's floor
        return new SpringApplicationBuilder(SampleApplication.class).initializers(new SeededLeaseTable()).run(
                "--server.port=0", "--spring.profiles.active=shared-h2",
                "--ids.sample.h2-file=" + directory.resolve("shared"),
                "--management.endpoints.web.exposure.include=health,ids");
    }

    /** The node identity of each generator that has one, by bean name, as the copy's generators report it. */
    private static Map<String, Long> identities(ConfigurableApplicationContext copy) {
        return Map.of("snoGenerator", (long) copy.getBean(SnoGenerator.class).partition(),
                "traceIdGenerator", (long) copy.getBean(TraceIdGenerator.class).nodeNo(),
                "lableIdGenerator", (long) copy.getBean(LableIdGenerator.class).generatorId(),
                "muidGenerator", (long) copy.getBean(MuidGenerator.class).medallion());
    }

    /** A CSS selector of the lease listing's row of an identity, ending in a space for a cell's selector. */
    private static String leaseRow(String namespace, long identity) {
        return "#leases tr[data-namespace='" + namespace + "'][data-identity='" + identity + "'] ";
    }

    /**
     * The text of each cell of a row by its class, read at one moment: the page re-renders its tables every two
     * seconds, so elements found one by one may be gone by the next look.
     */
    @SuppressWarnings("unchecked")
    private Map<String, String> cells(String rowSelector) {
        return (Map<String, String>) browser.executeScript("const row = document.querySelector(arguments[0]);"
                + "return row === null ? {} : Object.fromEntries([...row.cells].map(c => [c.className.split(' ')[0],"
                + " c.innerText]));", rowSelector.trim());
    }
}
