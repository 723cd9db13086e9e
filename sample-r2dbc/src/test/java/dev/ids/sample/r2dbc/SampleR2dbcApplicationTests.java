package dev.ids.sample.r2dbc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.autoconfigure.node.NodeLeases;
import dev.ids.gid.Gid;
import dev.ids.gid.GidType;
import dev.ids.sno.Sno;
import dev.ids.sno.SnoGenerator;
import dev.ids.traceid.TraceId;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.test.context.ContextConfiguration;
import org.springframework.web.client.RestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The sample over real HTTP, on a random port of Reactor Netty: entities of each scheme are created, read back by ID
 * and listed by the time range they were created in; malformed IDs answer 400 with a problem detail. The answers are
 * read with a JSON mapper that knows nothing of the ID types, as any client would.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
@ContextConfiguration(initializers = SeededLeaseTable.class)
class SampleR2dbcApplicationTests {

    private static final JsonMapper JSON = new JsonMapper();

    /** The resources, each with the parser of its scheme. */
    private static final Map<String, Function<String, Object>> PARSERS = new LinkedHashMap<>();

    static {
        PARSERS.put("shipments", Sno::parse);
        PARSERS.put("traces", TraceId::parse);
        PARSERS.put("logs", Gid::parse);
    }

    private static final int EACH = 5;

    @LocalServerPort
    private int port;

    @Autowired
    private ApplicationContext context;

    private RestClient http;

    @BeforeEach
    void client() {
        // every status is an answer to look at, not an exception
        http = RestClient.builder().baseUrl("http://localhost:" + port)
                .defaultStatusHandler(status -> true, (request, response) -> { })
                .build();
    }

    @Test
    void withoutADataSourceTheNodeIdentitiesAreLeasedThroughR2dbcAndCarriedByTheIds() {
        assertThat(context.getBeanNamesForType(DataSource.class)).isEmpty();
        NodeLeases leases = context.getBean(NodeLeases.class);
        assertThat(leases.kind()).isEqualTo("r2dbc");
        assertThat(leases.leaseRows()).filteredOn(lease -> lease.thisInstance()).extracting(lease -> lease.namespace())
                .contains("sno", "trace-id");

        Sno shipment = Sno.parse(post("/shipments", "{\"label\":\"leased\"}").get("id").stringValue());
        assertThat(shipment.partition()).isEqualTo(context.getBean(SnoGenerator.class).partition());
    }

    @Test
    void entitiesOfEverySchemeAreReadBackByIdAndListedByTheTimeRangeTheyWereCreatedIn() throws Exception {
        // a TraceId holds whole seconds: start the range at a second nothing was created in yet
        Instant from = Instant.now().truncatedTo(ChronoUnit.SECONDS).plusSeconds(1);
        Thread.sleep(Math.max(0, from.toEpochMilli() - System.currentTimeMillis() + 1));
        Map<String, List<JsonNode>> created = new LinkedHashMap<>();
        for (int i = 0; i < EACH; i++) {
            for (String resource : PARSERS.keySet()) {
                created.computeIfAbsent(resource, key -> new ArrayList<>())
                        .add(post("/" + resource, "{\"label\":\"" + resource + " " + i + "\"}"));
            }
        }
        Instant to = Instant.now();

        for (Map.Entry<String, List<JsonNode>> entry : created.entrySet()) {
            String resource = entry.getKey();
            List<String> ids = new ArrayList<>();
            for (JsonNode entity : entry.getValue()) {
                JsonNode id = entity.get("id");
                assertThat(id.isString()).as("%s id %s is a JSON string", resource, id).isTrue();
                assertThat(PARSERS.get(resource).apply(id.stringValue()).toString()).isEqualTo(id.stringValue());
                ids.add(id.stringValue());
                assertThat(get("/" + resource + "/" + id.stringValue(), 200)).isEqualTo(entity);
            }
            assertThat(ids).as(resource).doesNotHaveDuplicates();
            assertThat(ids(get("/" + resource + "?from=" + from + "&to=" + to, 200)))
                    .as("%s created between %s and %s", resource, from, to)
                    .containsExactlyInAnyOrderElementsOf(ids);
            assertThat(ids(get("/" + resource + "?from=" + from.minusSeconds(3600) + "&to=" + from.minusMillis(1),
                    200))).as("%s before", resource).doesNotContainAnyElementsOf(ids);
            Instant later = to.truncatedTo(ChronoUnit.SECONDS).plusSeconds(1);
            assertThat(ids(get("/" + resource + "?from=" + later + "&to=" + later.plusSeconds(3600), 200)))
                    .as("%s after", resource).doesNotContainAnyElementsOf(ids);
        }
    }

    @Test
    void aTraceIdHeldInALongTravelsAsAJsonStringOfItsDigits() {
        JsonNode created = post("/traces", "{\"label\":\"checkout\"}");

        JsonNode id = created.get("id");
        assertThat(id.isString()).as("%s", created).isTrue();
        long value = Long.parseLong(id.stringValue());
        assertThat(value).as("beyond what a JavaScript number holds exactly").isGreaterThan(1L << 53);
        assertThat(TraceId.fromLong(value).toString()).isEqualTo(id.stringValue());
    }

    @Test
    void logRecordsTakeTheirIdsFromTheNamedGenerator() {
        String id = post("/logs", "{\"label\":\"started\"}").get("id").stringValue();

        // the default GID generator makes VOLUME GIDs; ids.gid.named.logs makes LOG ones
        assertThat(Gid.parse(id).type()).isEqualTo(GidType.LOG);
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({ "shipments, bad!, sno", "traces, -1, trace-id", "logs, nope, gid" })
    void aMalformedIdAnswers400WithAProblemDetail(String resource, String id, String scheme) {
        ResponseEntity<String> response = http.get().uri("/" + resource + "/" + id).retrieve().toEntity(String.class);

        assertThat(response.getStatusCode().value()).isEqualTo(400);
        assertThat(response.getHeaders().getContentType()).isEqualTo(MediaType.APPLICATION_PROBLEM_JSON);
        JsonNode problem = JSON.readTree(response.getBody());
        assertThat(problem.get("detail").stringValue()).startsWith("Invalid " + scheme + " '" + id + "'");
        assertThat(problem.get("parameter").stringValue()).isEqualTo("id");
        assertThat(problem.get("input").stringValue()).isEqualTo(id);
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({ "shipments, 2222222422222222", "traces, 12", "logs, 74gfrC8X75-4Fwt5S13qxVrN" })
    void aWellFormedIdStoredNowhereAnswers404(String resource, String id) {
        JsonNode problem = get("/" + resource + "/" + id, 404);

        assertThat(problem.get("detail").stringValue()).endsWith("with id " + id);
    }

    @Test
    void aRangeTheSchemeCannotExpressAnswers400() {
        JsonNode beforeSnos = get("/shipments?from=2001-01-01T00:00:00Z&to=2002-01-01T00:00:00Z", 400);
        JsonNode backwards = get("/logs?from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z", 400);
        JsonNode tooLong = get("/traces?from=2020-01-01T00:00:00Z&to=2026-01-01T00:00:00Z", 400);

        assertThat(beforeSnos.get("detail").stringValue()).contains("2001-01-01T00:00:00Z");
        assertThat(backwards.get("detail").stringValue()).contains("must not be after");
        assertThat(tooLong.get("detail").stringValue()).contains("shorter than 388 days");
    }

    private JsonNode post(String path, String json) {
        ResponseEntity<String> response = http.post().uri(path).contentType(MediaType.APPLICATION_JSON).body(json)
                .retrieve().toEntity(String.class);
        assertThat(response.getStatusCode().value()).as("POST %s: %s", path, response.getBody()).isEqualTo(201);
        return JSON.readTree(response.getBody());
    }

    private JsonNode get(String path, int status) {
        ResponseEntity<String> response = http.get().uri(path).retrieve().toEntity(String.class);
        assertThat(response.getStatusCode().value()).as("GET %s: %s", path, response.getBody()).isEqualTo(status);
        return JSON.readTree(response.getBody());
    }

    private static List<String> ids(JsonNode array) {
        assertThat(array.isArray()).as("a JSON array: %s", array).isTrue();
        List<String> ids = new ArrayList<>();
        array.forEach(entity -> ids.add(entity.get("id").stringValue()));
        return ids;
    }
}
