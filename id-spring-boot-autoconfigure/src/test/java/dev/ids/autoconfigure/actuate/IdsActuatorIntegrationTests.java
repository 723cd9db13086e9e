package dev.ids.autoconfigure.actuate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.IdScheme;
import dev.ids.autoconfigure.IdGeneratorBuilderCustomizer;
import dev.ids.clock.ManualClock;
import dev.ids.muid.Muid;
import dev.ids.muid.MuidGenerator;
import dev.ids.sno.SnoGenerator;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Drives the metrics, the {@code ids} health indicator and the {@code ids} endpoint of a running server. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "ids.trace-id.node-no=7", "ids.lable.generator-id=5", "ids.sno.partition=513", "ids.sno.sequence-min=0",
        "ids.sno.sequence-max=3", "management.endpoints.web.exposure.include=health,metrics,prometheus,ids",
        "management.endpoint.health.show-details=always" })
class IdsActuatorIntegrationTests {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final HttpClient http = HttpClient.newHttpClient();

    @LocalServerPort
    private int port;

    @Autowired
    private SnoGenerator sno;

    @Autowired
    private ManualClock snoClock;

    @Autowired
    private MuidGenerator muid;

    @Test
    void idsEndpointListsTheFiveGenerators() throws Exception {
        JsonNode body = getJson("/actuator/ids", 200);

        assertThat(body.get("generators").findValuesAsString("name")).containsExactly("gidGenerator",
                "lableIdGenerator", "muidGenerator", "snoGenerator", "traceIdGenerator");
        JsonNode snoGenerator = body.get("generators").get(3);
        assertThat(snoGenerator.get("scheme").asString()).isEqualTo("sno");
        assertThat(snoGenerator.get("settings").get("partition").asInt()).isEqualTo(513);
        assertThat(snoGenerator.get("state").asString()).isEqualTo("UP");
        assertThat(snoGenerator.get("counts").has("generated")).isTrue();
        assertThat(snoGenerator.get("counts").get("totalWait").isString()).isTrue();
        assertThat(snoGenerator.get("identity").get("value").asInt()).isEqualTo(513);
        assertThat(snoGenerator.get("identity").get("source").asString()).isEqualTo("configured");
        assertThat(snoGenerator.get("identity").has("lease")).as("a private in-memory store holds no identity")
                .isFalse();
        assertThat(body.get("generators").get(0).has("identity")).as("GID has no node identity").isFalse();
    }

    @Test
    void idsEndpointListsLeasesOnTheOneSegmentPathThatDecodingAlsoUses() throws Exception {
        JsonNode leases = getJson("/actuator/ids/leases", 200);
        assertThat(leases.get("store").asString()).as("the application's in-memory H2").isEqualTo("jdbc");
        assertThat(leases.get("leases").isArray()).isTrue();
        assertThat(leases.get("leases").isEmpty()).as("every identity is configured, none held there").isTrue();

        JsonNode decoded = getJson("/actuator/ids/2222222422222222", 200);
        assertThat(decoded.get("matches").findValuesAsString("scheme")).contains("sno");
        assertThat(getJson("/actuator/ids/sno/2222222422222222", 200).get("scheme").asString()).isEqualTo("sno");
        assertThat(getJson("/actuator/ids/leases/1", 400).get("error").asString()).contains("leases");
    }

    @Test
    void idsEndpointDecodesAnId() throws Exception {
        JsonNode body = getJson("/actuator/ids/sno/2222222422222222", 200);

        assertThat(body.get("scheme").asString()).isEqualTo("sno");
        assertThat(body.get("canonical").asString()).isEqualTo("2222222422222222");
        assertThat(body.get("hex").asString()).isEqualTo("00000000020000000000");
        assertThat(body.get("timestamp").asString()).isEqualTo("2010-01-01T00:00:00.004Z");
        assertThat(body.get("components").propertyNames()).containsExactly("units", "tickTock", "metabyte",
                "partition", "sequence");
        assertThat(body.get("components").get("units").asLong()).isEqualTo(1);
    }

    @Test
    void idsEndpointDecodesIdsThatContainDashes() throws Exception {
        Muid muid = this.muid.next();
        assertThat(muid.toString()).contains("-");

        JsonNode body = getJson("/actuator/ids/muid/" + muid, 200);

        assertThat(body.get("canonical").asString()).isEqualTo(muid.toString());
        assertThat(body.get("components").get("medallion").asLong()).isEqualTo(muid.medallion());
    }

    @Test
    void idsEndpointDecodesWithTheBitLayout() throws Exception {
        JsonNode layout = getJson("/actuator/ids/sno/2222222422222222", 200).get("layout");

        assertThat(layout.findValuesAsString("name")).containsExactly("units", "tickTock", "metabyte", "partition",
                "sequence");
        assertThat(layout.get(0).get("offset").asInt()).isZero();
        assertThat(layout.get(0).get("bits").asInt()).isEqualTo(39);
        assertThat(layout.get(0).get("value").asLong()).isEqualTo(1);
        assertThat(layout.get(4).get("offset").asInt()).isEqualTo(64);
    }

    @Test
    void idsEndpointDecodesAnIdOfUnknownSchemeAsEverySchemeThatAcceptsIt() throws Exception {
        Muid muid = this.muid.next();

        JsonNode body = getJson("/actuator/ids/" + muid, 200);

        assertThat(body.get("input").asString()).isEqualTo(muid.toString());
        assertThat(body.get("matches")).hasSize(1);
        assertThat(body.get("matches").get(0).get("scheme").asString()).isEqualTo("muid");
        assertThat(body.get("matches").get(0).get("layout")).hasSize(3);
        assertThat(body.get("rejected").propertyNames()).containsExactly("trace-id", "lable", "gid", "sno");
    }

    @Test
    void idsEndpointAnswersTextOfNoSchemeWithBadRequest() throws Exception {
        JsonNode body = getJson("/actuator/ids/zz", 400);

        assertThat(body.get("input").asString()).isEqualTo("zz");
        assertThat(body.get("error").asString()).contains("not an ID of any scheme");
        assertThat(body.get("rejected").propertyNames()).containsExactly("trace-id", "lable", "gid", "sno", "muid");
    }

    @Test
    void idsEndpointAnswersAnInvalidIdWithBadRequestAndTheErrorText() throws Exception {
        JsonNode body = getJson("/actuator/ids/sno/BAD", 400);

        assertThat(body.get("input").asString()).isEqualTo("BAD");
        assertThat(body.get("error").asString()).startsWith("Invalid sno 'BAD'");
    }

    @Test
    void idsEndpointAnswersALongPathSegmentWithASmallBadRequest() throws Exception {
        String segment = "z".repeat(7_680);

        for (String path : new String[] {"/actuator/ids/" + segment, "/actuator/ids/sno/" + segment,
                "/actuator/ids/" + segment + "/1"}) {
            HttpResponse<String> response = get(path);

            assertThat(response.statusCode()).as(path).isEqualTo(400);
            assertThat(response.body()).as(path).hasSizeLessThan(4_000).contains("(7680 chars)");
            assertThat(response.body()).as(path).doesNotContain("z".repeat(101));
        }
    }

    @Test
    void idsEndpointAnswersAnUnknownSchemeWithBadRequestAndTheErrorText() throws Exception {
        JsonNode body = getJson("/actuator/ids/nosuch/1", 400);

        assertThat(body.get("input").asString()).isEqualTo("1");
        assertThat(body.get("error").asString()).contains("'nosuch'").contains("trace-id, lable, gid, sno, muid");
    }

    @Test
    void idsHealthIsUpWithEachGenerator() throws Exception {
        JsonNode body = getJson("/actuator/health/ids", 200);

        assertThat(body.get("status").asString()).isEqualTo("UP");
        assertThat(body.get("details").get("snoGenerator").get("scheme").asString()).isEqualTo("sno");
        assertThat(body.get("details").get("traceIdGenerator").get("settings").get("nodeNo").asInt()).isEqualTo(7);
    }

    @Test
    void generatedCounterMovesAfterGenerating() throws Exception {
        double before = metric("ids.generated");

        sno.next();
        sno.next();

        assertThat(metric("ids.generated")).isEqualTo(before + 2);
    }

    @Test
    void prometheusScrapeHasTheGeneratedCounter() throws Exception {
        sno.next();
        HttpResponse<String> response = get("/actuator/prometheus");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).contains("ids_generated_total{generator=\"snoGenerator\",scheme=\"sno\"}")
                .contains("ids_wait_seconds_count{cause=\"capacity\",generator=\"snoGenerator\",scheme=\"sno\"}")
                .contains("ids_lead_seconds{generator=\"gidGenerator\",scheme=\"gid\"}");
    }

    @Test
    void overflowAndRegressionCountersCountForcedEvents() throws Exception {
        double overflows = metric("ids.sequence.overflow");
        double regressions = metric("ids.clock.regression");

        snoClock.advance(Duration.ofMillis(8));
        for (int i = 0; i < 5; i++) {
            sno.next(); // four sequence numbers per 4 ms unit: the fifth waits for the next unit
        }
        snoClock.stepWallClock(Duration.ofMillis(-5));
        sno.next();

        assertThat(metric("ids.sequence.overflow")).isEqualTo(overflows + 1);
        assertThat(metric("ids.clock.regression")).isEqualTo(regressions + 1);
    }

    private double metric(String name) throws IOException, InterruptedException {
        JsonNode body = getJson("/actuator/metrics/" + name + "?tag=scheme:sno", 200);
        return body.get("measurements").get(0).get("value").asDouble();
    }

    private JsonNode getJson(String path, int expectedStatus) throws IOException, InterruptedException {
        HttpResponse<String> response = get(path);
        assertThat(response.statusCode()).as(path + ": " + response.body()).isEqualTo(expectedStatus);
        return JSON.readTree(response.body());
    }

    private HttpResponse<String> get(String path) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://localhost:" + port + path)).build();
        return http.send(request, HttpResponse.BodyHandlers.ofString());
    }

    @SpringBootConfiguration
    @EnableAutoConfiguration
    static class TestApplication {

        @Bean
        ManualClock snoClock() {
            return ManualClock.at(Instant.parse("2030-01-01T00:00:00Z"));
        }

        @Bean
        IdGeneratorBuilderCustomizer snoClockCustomizer(ManualClock snoClock) {
            return (name, scheme, builder) -> {
                if (scheme == IdScheme.SNO) {
                    builder.clock(snoClock);
                }
            };
        }
    }
}
