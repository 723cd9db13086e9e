package dev.ids.sample;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ids.autoconfigure.IdGeneratorRegistry;
import dev.ids.gid.Gid;
import dev.ids.lable.LableId;
import dev.ids.muid.Muid;
import dev.ids.sample.accounts.Account;
import dev.ids.sample.accounts.AccountRepository;
import dev.ids.sno.Sno;
import dev.ids.sno.SnoGenerator;
import dev.ids.testing.Vectors;
import dev.ids.traceid.TraceId;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Drives the ID-inspector page at {@code /} in headless Chromium: creates entities and decodes their IDs, decodes a
 * pasted vector, shows errors and live counters.
 */
@RequiresChromium
class IdInspectorPageBrowserTests {

    /** Per resource of the REST API: its scheme, its field names most significant first, and its bytes. */
    private static final Map<String, Expected> RESOURCES = Map.of(
            "orders", new Expected("sno", List.of("units", "tickTock", "metabyte", "partition", "sequence"),
                    id -> Sno.parse(id).toBytes()),
            "traces", new Expected("trace-id", List.of("reserved", "timestamp", "nodeNo", "chunkNo", "counter"),
                    id -> BigInteger.valueOf(TraceId.parse(id).toLong()).toByteArray()),
            "accounts", new Expected("lable", List.of("timestamp", "sequence", "reserved", "mode", "reserved",
                    "generatorId", "clusterId"), id -> LableId.parse(id).toBytes()),
            "volumes", new Expected("gid", List.of("prefix", "timestamp", "random", "type"),
                    id -> Gid.parse(id).toBytes()),
            "changes", new Expected("muid", List.of("timestamp", "medallion", "offset"),
                    id -> Muid.parse(id).toBytes()));

    private static HeadlessChromium chromium;
    private static RunningApplication application;

    private ChromeDriver browser;
    private WebDriverWait wait;

    @BeforeAll
    static void start() {
        chromium = HeadlessChromium.start();
        application = RunningApplication.startSeeded();
    }

    @AfterAll
    static void stop() {
        try {
            if (chromium != null) {
                chromium.close();
            }
        } finally {
            if (application != null) {
                application.close();
            }
        }
    }

    @BeforeEach
    void openPage() {
        browser = chromium.driver();
        wait = new WebDriverWait(browser, Duration.ofSeconds(10));
        browser.get(application.url("/"));
        assertThat(browser.getTitle()).isEqualTo("ID inspector");
    }

    @ParameterizedTest
    @ValueSource(strings = {"orders", "traces", "accounts", "volumes", "changes"})
    void createdEntityIdDecodesIntoSchemeFieldsAndColouredBits(String resource) {
        Expected expected = RESOURCES.get(resource);
        browser.findElement(By.cssSelector("button[data-resource='" + resource + "']")).click();
        WebElement idLink = wait.until(ExpectedConditions.elementToBeClickable(
                By.cssSelector("#created .id-link[data-scheme='" + expected.scheme() + "']")));
        String id = idLink.getText();

        idLink.click();

        WebElement match = wait.until(ExpectedConditions.visibilityOfElementLocated(
                By.cssSelector(".match[data-scheme='" + expected.scheme() + "']")));
        assertThat(match.findElement(By.className("scheme")).getText()).isEqualTo(expected.scheme());
        assertThat(match.findElement(By.cssSelector(".canonical")).getText()).isEqualTo(id);
        assertThat(match.findElements(By.cssSelector("table.fields tbody tr")))
                .extracting(row -> row.getDomAttribute("data-field")).containsExactlyElementsOf(expected.fields());

        String bits = String.join("", match.findElements(By.className("bit")).stream().map(WebElement::getText)
                .toList());
        assertThat(bits).isEqualTo(binary(expected.bytes().apply(id), bits.length()));
        assertThat(bits.length()).isEqualTo(Map.of("sno", 80, "trace-id", 64, "lable", 64, "gid", 128, "muid", 128)
                .get(expected.scheme()));

        List<String> layoutFields = expected.fields().stream().filter(name -> !name.equals("type")).distinct()
                .toList();
        List<String> colours = layoutFields.stream().map(name -> fieldColour(match, name)).toList();
        assertThat(colours).as("one colour per field").doesNotHaveDuplicates();
        for (String field : layoutFields) {
            assertThat(match.findElements(By.cssSelector(".segment[data-field='" + field + "']"))).as(field)
                    .isNotEmpty().allSatisfy(segment -> assertThat(segment.getCssValue("background-color"))
                            .isEqualTo(fieldColour(match, field)));
        }
    }

    @Test
    void createdSnoShowsItsPartitionAndTimestamp() {
        browser.findElement(By.cssSelector("button[data-resource='orders']")).click();
        WebElement idLink = wait.until(ExpectedConditions.elementToBeClickable(By.cssSelector("#created .id-link")));
        Sno sno = Sno.parse(idLink.getText());

        idLink.click();

        WebElement match = wait.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector(".match")));
        assertThat(cell(match, "partition", "raw")).isEqualTo(String.valueOf(sno.partition()));
        assertThat(cell(match, "sequence", "value")).isEqualTo(String.valueOf(sno.sequence()));
        assertThat(match.findElement(By.className("timestamp")).getText()).isEqualTo(sno.timestamp().toString());
    }

    @Test
    void pastedVectorIdShowsTheVectorsFieldsAndTimestamp() {
        JsonNode vector = Vectors.valid("muid").stream()
                .filter(candidate -> candidate.get("name").asText().equals("doc_example")).findFirst().orElseThrow();
        JsonNode components = vector.get("components");

        decode(vector.get("string").asText());

        WebElement match = wait.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector(".match")));
        assertThat(browser.findElements(By.className("match"))).hasSize(1);
        assertThat(match.getDomAttribute("data-scheme")).isEqualTo("muid");
        for (String name : List.of("timestamp", "medallion", "offset")) {
            assertThat(cell(match, name, "value")).as(name).isEqualTo(components.get(name).asText());
        }
        long micros = components.get("timestamp").asLong();
        assertThat(match.findElement(By.className("timestamp")).getText())
                .isEqualTo(Instant.EPOCH.plus(Duration.ofNanos(micros * 1000)).toString());
        assertThat(match.findElement(By.className("hex")).getText()).isEqualTo(vector.get("hex").asText());
    }

    @Test
    void javaScriptReadsA64BitLongIdExactly() {
        Object read = browser.executeAsyncScript("const done = arguments[arguments.length - 1];"
                + "fetch('/api/accounts', {method: 'POST', headers: {'Content-Type': 'application/json'},"
                + " body: '{\"name\":\"Grace\"}'})"
                + ".then(response => response.json())"
                + ".then(account => done([account.id, String(account.number), typeof account.number]))"
                + ".catch(error => done(['failed', String(error), '']));");

        List<?> values = (List<?>) read;
        Account stored = application.context().getBean(AccountRepository.class)
                .findById(LableId.parse((String) values.get(0))).orElseThrow();
        assertThat(stored.getNumber()).isGreaterThan(1L << 53);
        assertThat(values.get(1)).isEqualTo(Long.toString(stored.getNumber()));
        assertThat(values.get(2)).isEqualTo("string");
    }

    @Test
    void pastedIdIsDecodedWithoutPressingDecode() {
        Gid gid = Gid.parse("74gfrC8X75-4Fwt5S13qxVrN");
        // a paste event as the browser fires it: the text lands in the box after the event
        browser.executeScript("const input = document.getElementById('decode-input');"
                + "input.dispatchEvent(new Event('paste')); input.value = arguments[0];", gid.toString());

        WebElement match = wait.until(ExpectedConditions.visibilityOfElementLocated(
                By.cssSelector(".match[data-scheme='gid']")));
        assertThat(cell(match, "type", "value")).isEqualTo(gid.type().displayName());
        assertThat(cell(match, "timestamp", "raw")).isEqualTo(String.valueOf(gid.timestampMillis()));
    }

    @Test
    void textValidInTwoSchemesShowsBothReadings() {
        decode("2222222422222222");

        wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("ambiguous")));
        assertThat(browser.findElements(By.className("match"))).extracting(match -> match.getDomAttribute("data-scheme"))
                .containsExactly("trace-id", "sno");
    }

    @Test
    void badInputShowsTheErrorAndNoDecodedView() {
        decode("not-an-id!");

        WebElement error = wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("decode-error")));
        assertThat(error.getText()).startsWith("\"not-an-id!\" is not an ID of any scheme.");
        assertThat(error.findElements(By.cssSelector(".reasons li"))).extracting(WebElement::getText)
                .hasSize(5).anySatisfy(reason -> assertThat(reason).startsWith("sno: Invalid sno 'not-an-id!'"));
        assertThat(error.getDomAttribute("role")).isEqualTo("alert");
        assertThat(browser.findElement(By.id("decode-input")).getDomAttribute("aria-invalid")).isEqualTo("true");
        assertThat(browser.findElements(By.className("match"))).isEmpty();
    }

    @Test
    void emptyInputAsksForAnId() {
        decode("   ");

        WebElement error = wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("decode-error")));
        assertThat(error.getText()).isEqualTo("Enter an ID to decode.");
    }

    @Test
    void generatorCountersFollowGeneratedIds() {
        SnoGenerator snoGenerator = application.context().getBean("snoGenerator", SnoGenerator.class);
        IdGeneratorRegistry generators = application.context().getBean(IdGeneratorRegistry.class);
        By generated = By.cssSelector("#counters tr[data-generator='snoGenerator'] td.generated");
        long before = snoGenerator.generatedCount();
        wait.until(ExpectedConditions.textToBe(generated, String.valueOf(before)));

        for (int i = 0; i < 3; i++) {
            snoGenerator.next();
        }

        wait.until(ExpectedConditions.textToBe(generated, String.valueOf(before + 3)));
        assertThat(browser.findElement(By.cssSelector("#counters tr[data-generator='snoGenerator'] td.state"))
                .getText()).isEqualTo("UP");
        assertThat(browser.findElements(By.cssSelector("#counters tbody tr")))
                .hasSize(generators.registrations().size());
    }

    /** Keeps what the page looked like at the end of each test, for a person reading a failed build. */
    @AfterEach
    void saveScreenshot(TestInfo test) throws IOException {
        Path directory = Path.of("target", "browser-screenshots");
        Files.createDirectories(directory);
        String name = test.getTestMethod().orElseThrow().getName();
        if (test.getDisplayName().startsWith("[")) {
            name += test.getDisplayName().replaceAll("[^A-Za-z0-9]+", "-");
        }
        Files.write(directory.resolve(name + ".png"),
                browser.getScreenshotAs(OutputType.BYTES));
    }

    private void decode(String text) {
        WebElement input = browser.findElement(By.id("decode-input"));
        input.clear();
        input.sendKeys(text);
        browser.findElement(By.id("decode-button")).click();
    }

    private static String cell(WebElement match, String field, String column) {
        return match.findElement(By.cssSelector("table.fields tr[data-field='" + field + "'] td." + column)).getText();
    }

    private static String fieldColour(WebElement match, String field) {
        List<String> colours = match.findElements(By.cssSelector(".bit[data-field='" + field + "']")).stream()
                .map(bit -> bit.getCssValue("background-color")).distinct().toList();
        assertThat(colours).as("colours of the bits of " + field).hasSize(1);
        return colours.get(0);
    }

    private static String binary(byte[] bytes, int width) {
        String digits = new BigInteger(1, bytes).toString(2);
        return "0".repeat(Math.max(0, width - digits.length())) + digits;
    }

    private record Expected(String scheme, List<String> fields, Function<String, byte[]> bytes) {
    }
}
