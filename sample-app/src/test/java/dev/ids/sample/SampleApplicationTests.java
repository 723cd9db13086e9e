package dev.ids.sample;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.gid.Gid;
import dev.ids.lable.LableId;
import dev.ids.muid.Muid;
import dev.ids.sno.Sno;
import dev.ids.traceid.TraceId;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.ContextConfiguration;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The sample application over real HTTP: every resource creates, reads back and lists its entities by time through
 * ID ranges; the IDs decode through the {@code ids} endpoint and the generators' counters move. The answers are read
 * with a JSON mapper that knows nothing of the ID types, as a browser would.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
@ContextConfiguration(initializers = SeededLeaseTable.class)
class SampleApplicationTests {

    private static final JsonMapper JSON = new JsonMapper();

    private final HttpClient http = HttpClient.newHttpClient();

    @LocalServerPort
    private int port;

    @ParameterizedTest(name = "{0}")
    @CsvSource({ "orders, sno", "traces, trace-id", "accounts, lable", "volumes, gid", "changes, muid" })
    void createsReadsBackAndDecodesAnEntityOfEveryScheme(String resource, String scheme) throws Exception {
        JsonNode created = first(post("/api/" + resource, "{}", 201));
        String id = created.get("id").stringValue();

        assertThat(parses(scheme, id)).as("canonical %s", scheme).isTrue();
        assertThat(getJson("/api/" + resource + "/" + id, 200)).isEqualTo(created);
        JsonNode decoded = getJson("/actuator/ids/" + scheme + "/" + id, 200);
        assertThat(decoded.get("canonical").stringValue()).isEqualTo(id);
        assertThat(Instant.parse(decoded.get("timestamp").stringValue()))
                .isEqualTo(Instant.parse(created.get("createdAt").stringValue()));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({ "orders", "traces", "accounts", "volumes", "changes" })
    void listsEntitiesCreatedBetweenTwoInstantsThroughTheirIds(String resource) throws Exception {
        Instant before = Instant.now().truncatedTo(ChronoUnit.SECONDS).minusSeconds(1);
        String id = first(post("/api/" + resource, "{}", 201)).get("id").stringValue();
        Instant after = Instant.now().plusSeconds(2);

        assertThat(ids(getJson("/api/" + resource + "?from=" + before + "&to=" + after, 200))).contains(id);
        assertThat(ids(getJson("/api/" + resource + "?from=" + before.minusSeconds(3600) + "&to="
                + before.minusSeconds(60), 200))).doesNotContain(id);
        assertThat(ids(getJson("/api/" + resource + "?from=" + after + "&to=" + after.plusSeconds(3600), 200)))
                .doesNotContain(id);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({ "orders", "traces", "accounts", "volumes", "changes" })
    void listsTheLatestFirst(String resource) throws Exception {
        post("/api/" + resource, "{}", 201);
        Thread.sleep(2); // GIDs of one millisecond sort by their random bits, not by when they were made
        JsonNode created = post("/api/" + resource, "{}", 201);
        // of one transaction's changes, the last has the highest muid (same time, highest offset)
        String latest = (created.isArray() ? created.get(created.size() - 1) : created).get("id").stringValue();

        List<String> listed = ids(getJson("/api/" + resource, 200));

        assertThat(listed).hasSizeBetween(2, 50).first().isEqualTo(latest);
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({ "orders, bad!, sno", "traces, -1, trace-id", "accounts, xyz, lable", "volumes, nope, gid",
            "changes, 5d5eac793e61f-1bfc71b112d-0000000b, muid" })
    void answersAMalformedIdWith400AndTheReason(String resource, String id, String scheme) throws Exception {
        HttpResponse<String> response = get("/api/" + resource + "/" + id);

        assertThat(response.statusCode()).isEqualTo(400);
        JsonNode problem = JSON.readTree(response.body());
        assertThat(problem.get("detail").stringValue()).startsWith("Invalid " + scheme + " '" + id + "'");
        assertThat(problem.get("input").stringValue()).isEqualTo(id);
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({ "orders, 2222222422222222", "traces, 12", "accounts, 0000000000001000",
            "volumes, 74gfrC8X75-4Fwt5S13qxVrN", "changes, 5D5EAC793E61F-1BFC71B112D-0000000B" })
    void answersAnUnknownIdWith404(String resource, String id) throws Exception {
        HttpResponse<String> response = get("/api/" + resource + "/" + id);

        assertThat(response.statusCode()).isEqualTo(404);
        assertThat(JSON.readTree(response.body()).get("detail").stringValue()).endsWith("with id " + id);
    }

    @Test
    void answersARangeTheSchemeCannotExpressWith400() throws Exception {
        HttpResponse<String> beforeSno = get("/api/orders?from=2001-01-01T00:00:00Z&to=2002-01-01T00:00:00Z");
        HttpResponse<String> backwards = get("/api/volumes?from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z");
        HttpResponse<String> tooLong = get("/api/traces?from=2020-01-01T00:00:00Z&to=2026-01-01T00:00:00Z");

        assertThat(beforeSno.statusCode()).isEqualTo(400);
        assertThat(JSON.readTree(beforeSno.body()).get("detail").stringValue()).contains("2001-01-01T00:00:00Z");
        assertThat(backwards.statusCode()).isEqualTo(400);
        assertThat(JSON.readTree(backwards.body()).get("detail").stringValue()).contains("must be before");
        assertThat(tooLong.statusCode()).isEqualTo(400);
        assertThat(JSON.readTree(tooLong.body()).get("detail").stringValue()).contains("shorter than 388 days");
    }

    @Test
    void ordersCarryTheirKindInTheSnoMetabyte() throws Exception {
        JsonNode order = post("/api/orders", "{\"kind\":\"RETURN\",\"item\":\"lamp\",\"quantity\":2}", 201);

        Sno id = Sno.parse(order.get("id").stringValue());
        assertThat(id.metabyte()).isEqualTo(3);
        assertThat(order.get("kind").stringValue()).isEqualTo("RETURN");
        assertThat(order.get("item").stringValue()).isEqualTo("lamp");
        assertThat(order.get("quantity").intValue()).isEqualTo(2);
        JsonNode decoded = getJson("/actuator/ids/sno/" + id, 200);
        assertThat(decoded.get("components").get("metabyte").intValue()).isEqualTo(3);
    }

    @Test
    void accountsCarryTheirLongNumberAsAJsonString() throws Exception {
        JsonNode account = post("/api/accounts", "{\"name\":\"Ada\"}", 201);

        assertThat(account.get("number").isString()).as("%s", account).isTrue();
        long number = Long.parseLong(account.get("number").stringValue());
        assertThat(number).isGreaterThan(1L << 53);
        assertThat(getJson("/api/accounts/" + account.get("id").stringValue(), 200).get("number").stringValue())
                .isEqualTo(Long.toString(number));
    }

    @Test
    void oneRequestsChangesFormOneMuidTransaction() throws Exception {
        JsonNode changes = post("/api/changes", """
                {"changes":[{"entity":"order","description":"paid"},{"entity":"stock","description":"taken"},
                {"entity":"parcel","description":"sent"},{"entity":"mail"}]}""", 201);

        assertThat(changes).hasSize(4);
        Muid transaction = Muid.parse(changes.get(0).get("transaction").stringValue());
        assertThat(transaction.offset()).isZero();
        for (int i = 0; i < 4; i++) {
            Muid id = Muid.parse(changes.get(i).get("id").stringValue());
            assertThat(id.offset()).isEqualTo(i + 1);
            assertThat(id.timestampMicros()).isEqualTo(transaction.timestampMicros());
            assertThat(id.medallion()).isEqualTo(transaction.medallion());
        }
        assertThat(changes.get(2).get("entity").stringValue()).isEqualTo("parcel");
        assertThat(changes.get(3).get("description").stringValue()).isEqualTo("updated");
    }

    @Test
    void aRequestWithoutBodyGetsDefaults() throws Exception {
        JsonNode demo = send(HttpRequest.newBuilder(uri("/api/changes")).POST(BodyPublishers.noBody()).build(), 201);
        JsonNode volume = send(HttpRequest.newBuilder(uri("/api/volumes")).POST(BodyPublishers.noBody()).build(), 201);

        assertThat(demo).hasSize(3);
        assertThat(demo.get(0).get("transaction")).isEqualTo(demo.get(2).get("transaction"));
        assertThat(volume.get("sizeBytes").longValue()).isEqualTo(1L << 30);
        assertThat(Gid.parse(volume.get("id").stringValue()).type().name()).isEqualTo("VOLUME");
    }

    @Test
    void theIdsEndpointAndPrometheusCountTheGeneratedIds() throws Exception {
        long listed = generated(getJson("/actuator/ids", 200), "traceIdGenerator");
        double scraped = scrapedGenerated("traceIdGenerator");

        post("/api/traces", "{\"message\":\"one\"}", 201);
        post("/api/traces", "{\"message\":\"two\"}", 201);

        assertThat(generated(getJson("/actuator/ids", 200), "traceIdGenerator")).isEqualTo(listed + 2);
        assertThat(scrapedGenerated("traceIdGenerator")).isEqualTo(scraped + 2);
    }

    @Test
    void theHealthIncludesTheGeneratorsAndTheirLeases() throws Exception {
        JsonNode ids = getJson("/actuator/health", 200).get("components").get("ids");

        assertThat(ids.get("status").stringValue()).isEqualTo("UP");
        assertThat(ids.get("details").get("snoGenerator").get("lease").get("provider").stringValue())
                .startsWith("jdbc");
    }

    private static boolean parses(String scheme, String id) {
        Function<String, Object> parser = switch (scheme) {
            case "sno" -> Sno::parse;
            case "trace-id" -> TraceId::parse;
            case "lable" -> LableId::parse;
            case "gid" -> Gid::parse;
            case "muid" -> Muid::parse;
            default -> throw new IllegalArgumentException(scheme);
        };
        return parser.apply(id).toString().equals(id);
    }

    private static long generated(JsonNode idsEndpoint, String generator) {
        for (JsonNode node : idsEndpoint.get("generators")) {
            if (node.get("name").stringValue().equals(generator)) {
                return node.get("counts").get("generated").longValue();
            }
        }
        throw new AssertionError("no generator " + generator + " in " + idsEndpoint);
    }

    private double scrapedGenerated(String generator) throws Exception {
        HttpResponse<String> response = get("/actuator/prometheus");
        assertThat(response.statusCode()).isEqualTo(200);
        Matcher line = Pattern.compile("(?m)^ids_generated_total\\{generator=\"" + generator + "\",[^}]*} (\\S+)$")
                .matcher(response.body());
        assertThat(line.find()).as("ids_generated_total of %s in the scrape", generator).isTrue();
        return Double.parseDouble(line.group(1));
    }

    private static JsonNode first(JsonNode entityOrArray) {
        return entityOrArray.isArray() ? entityOrArray.get(0) : entityOrArray;
    }

    private static List<String> ids(JsonNode array) {
        assertThat(array.isArray()).as("a JSON array: %s", array).isTrue();
        List<String> ids = new ArrayList<>();
        array.forEach(entity -> ids.add(entity.get("id").stringValue()));
        return ids;
    }

    private JsonNode post(String path, String json, int status) throws Exception {
        return send(HttpRequest.newBuilder(uri(path)).header("Content-Type", "application/json")
                .POST(BodyPublishers.ofString(json)).build(), status);
    }

    private JsonNode getJson(String path, int status) throws Exception {
        return send(HttpRequest.newBuilder(uri(path)).GET().build(), status);
    }

    private JsonNode send(HttpRequest request, int status) throws Exception {
        HttpResponse<String> response = http.send(request, BodyHandlers.ofString());
        assertThat(response.statusCode()).as("%s %s: %s", request.method(), request.uri(), response.body())
                .isEqualTo(status);
        return JSON.readTree(response.body());
    }

    private HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(uri(path)).GET().build(), BodyHandlers.ofString());
    }

    private URI uri(String path) {
        return URI.create("http://localhost:" + port + path);
    }
}
