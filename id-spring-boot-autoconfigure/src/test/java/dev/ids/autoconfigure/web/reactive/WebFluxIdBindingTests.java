package dev.ids.autoconfigure.web.reactive;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.boot.web.server.reactive.context.ReactiveWebServerApplicationContext;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.EntityExchangeResult;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.web.util.UriBuilder;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A WebFlux application on Reactor Netty, over HTTP: every ID type bound from a path variable, a request parameter
 * and a JSON body, and an invalid one answered with a 400 problem detail naming where it was, the bounded input and
 * the parser's reason. Responses are read with a mapper that knows nothing of the ID types.
 */
@SpringBootTest(classes = ReactiveIdsApplication.class, webEnvironment = WebEnvironment.RANDOM_PORT,
        properties = {ReactiveIdsApplication.REACTIVE, "ids.trace-id.node-no=7", "ids.lable.generator-id=5",
                "ids.sno.partition=513"})
class WebFluxIdBindingTests {

    static final JsonMapper JSON = new JsonMapper();

    private static final String THINGS_JSON = """
            {"traceId":"6123839962065403905","lable":"000d016fa28502a3","gid":"74gfrC8X75-4Fwt5S13qxVrN",\
            "sno":"brpk4q72xwf2m63l","muid":"5D5EAC793E61F-1BFC71B112D-0000000B"}""";

    /** A valid and an invalid value of each ID type, the handlers that bind it and its property in a JSON body. */
    enum Sample {
        TRACE_ID("trace-ids", "traceId", "TraceId", "trace-id", "6123839962065403905", "612383996206540390x"),
        LABLE("lables", "lable", "LableId", "lable", "000d016fa28502a3", "000d016fa28502aZ"),
        GID("gids", "gid", "Gid", "gid", "74gfrC8X75-4Fwt5S13qxVrN", "74gfrC8X70-4Fwt5S13qxVrN"),
        SNO("snos", "sno", "Sno", "sno", "brpk4q72xwf2m63l", "brpk4q72xwf2m63!"),
        MUID("muids", "muid", "Muid", "muid", "5D5EAC793E61F-1BFC71B112D-0000000B",
                "5d5eac793e61f-1bfc71b112d-0000000b");

        final String path;

        final String property;

        final String type;

        final String scheme;

        final String valid;

        final String invalid;

        Sample(String path, String property, String type, String scheme, String valid, String invalid) {
            this.path = path;
            this.property = property;
            this.type = type;
            this.scheme = scheme;
            this.valid = valid;
            this.invalid = invalid;
        }

        Function<UriBuilder, URI> inPath(String value) {
            return uri -> uri.path("/" + path + "/{id}").build(value);
        }

        Function<UriBuilder, URI> asParameter(String value) {
            return uri -> uri.path("/" + path).queryParam("id", "{id}").build(value);
        }
    }

    @LocalServerPort
    private int port;

    @Autowired
    private ReactiveWebServerApplicationContext context;

    private WebTestClient client;

    @BeforeEach
    void connect() {
        client = ReactiveIdsApplication.client(port);
    }

    /** As for Spring MVC: a generator's refusal, wrapped, is 503 with Retry-After, without the refusal's internals. */
    @Test
    void answersARefusedIdWithServiceUnavailableAndRetryAfter() {
        client.post().uri("/refused").exchange().expectStatus().isEqualTo(503)
                .expectHeader().valueEquals("Retry-After", "1")
                .expectHeader().contentType("application/problem+json")
                .expectBody(String.class).consumeWith(result -> assertThat(result.getResponseBody())
                        .contains("ID generator unavailable").doesNotContain("ids_node_lease").doesNotContain("db-7"));
    }

    @Test
    void runsOnReactorNetty() {
        assertThat(context.getWebServer().getClass().getSimpleName()).isEqualTo("NettyWebServer");
    }

    @ParameterizedTest
    @EnumSource(Sample.class)
    void bindsAPathVariable(Sample sample) {
        client.get().uri(sample.inPath(sample.valid)).exchange()
                .expectStatus().isOk()
                .expectBody(String.class).isEqualTo(sample.type + " " + sample.valid);
    }

    @ParameterizedTest
    @EnumSource(Sample.class)
    void bindsARequestParameter(Sample sample) {
        client.get().uri(sample.asParameter(sample.valid)).exchange()
                .expectStatus().isOk()
                .expectBody(String.class).isEqualTo(sample.type + " " + sample.valid);
    }

    @ParameterizedTest
    @EnumSource(Sample.class)
    void answersAnInvalidPathVariableWithAProblemDetail(Sample sample) {
        JsonNode problem = problem(client.get().uri(sample.inPath(sample.invalid)).exchange());

        assertThat(problem.get("title").stringValue()).isEqualTo("Invalid id");
        assertThat(problem.get("parameter").stringValue()).isEqualTo("id");
        assertThat(problem.get("input").stringValue()).isEqualTo(sample.invalid);
        assertThat(problem.get("detail").stringValue())
                .startsWith("Invalid " + sample.scheme + " '" + sample.invalid + "': ");
        assertThat(URI.create(problem.get("instance").stringValue()).getPath())
                .isEqualTo("/" + sample.path + "/" + sample.invalid);
    }

    @ParameterizedTest
    @EnumSource(Sample.class)
    void answersAnInvalidRequestParameterWithAProblemDetail(Sample sample) {
        JsonNode problem = problem(client.get().uri(sample.asParameter(sample.invalid)).exchange());

        assertThat(problem.get("title").stringValue()).isEqualTo("Invalid id");
        assertThat(problem.get("parameter").stringValue()).isEqualTo("id");
        assertThat(problem.get("input").stringValue()).isEqualTo(sample.invalid);
        assertThat(problem.get("detail").stringValue())
                .startsWith("Invalid " + sample.scheme + " '" + sample.invalid + "': ");
    }

    @Test
    void namesTheInvalidElementOfACommaSeparatedArrayParameter() {
        client.get().uri("/sno-lists?ids=brpk4q72xwf2m63l, brpk4q72xwf2m63m").exchange().expectStatus().isOk()
                .expectBody(String.class).isEqualTo("[brpk4q72xwf2m63l, brpk4q72xwf2m63m]");

        JsonNode problem = problem(client.get().uri("/sno-lists?ids=brpk4q72xwf2m63l, nope ").exchange());

        assertThat(problem.get("parameter").stringValue()).isEqualTo("ids");
        assertThat(problem.get("input").stringValue()).isEqualTo("nope");
        assertThat(problem.get("detail").stringValue()).startsWith("Invalid sno 'nope': ");
    }

    @Test
    void readsAndWritesEveryIdInAJsonBody() {
        String body = post("/things", THINGS_JSON).expectStatus().isOk()
                .expectBody(String.class).returnResult().getResponseBody();

        assertThat(JSON.readTree(body)).isEqualTo(JSON.readTree(THINGS_JSON));
    }

    @Test
    void readsATraceIdFromAJsonNumberAndWritesAString() {
        String body = post("/things", "{\"traceId\":6123839962065403905}").expectStatus().isOk()
                .expectBody(String.class).returnResult().getResponseBody();

        assertThat(JSON.readTree(body).get("traceId").isString()).isTrue();
        assertThat(JSON.readTree(body).get("traceId").stringValue()).isEqualTo("6123839962065403905");
    }

    @Test
    void writesALongIdAsAJsonString() {
        String body = post("/batches", "{\"customer\":6123839962065403905}").expectStatus().isOk()
                .expectBody(String.class).returnResult().getResponseBody();

        assertThat(JSON.readTree(body).get("customer").isString()).isTrue();
        assertThat(JSON.readTree(body).get("customer").stringValue()).isEqualTo("6123839962065403905");
    }

    @ParameterizedTest
    @EnumSource(Sample.class)
    void answersAnInvalidIdInAJsonBodyWithItsProperty(Sample sample) {
        JsonNode problem = problem(post("/things", "{\"" + sample.property + "\":\"" + sample.invalid + "\"}"));

        assertThat(problem.get("title").stringValue()).isEqualTo("Invalid " + sample.property);
        assertThat(problem.get("property").stringValue()).isEqualTo(sample.property);
        assertThat(problem.get("input").stringValue()).isEqualTo(sample.invalid);
        assertThat(problem.get("detail").stringValue())
                .startsWith("Invalid " + sample.scheme + " '" + sample.invalid + "': ");
        assertThat(problem.get("instance").stringValue()).isEqualTo("/things");
    }

    @Test
    void answersAnInvalidIdDeepInAJsonBodyWithItsPath() {
        JsonNode problem = problem(post("/batches", """
                {"name":"b","lines":[{"order":"brpk4q72xwf2m63l","quantity":2},{"order":"nope","quantity":1}]}"""));

        assertThat(problem.get("property").stringValue()).isEqualTo("lines[1].order");
        assertThat(problem.get("input").stringValue()).isEqualTo("nope");
        assertThat(problem.get("detail").stringValue()).startsWith("Invalid sno 'nope': ");
    }

    @Test
    void answersAnInvalidLongIdInAJsonBody() {
        JsonNode problem = problem(post("/batches", "{\"customer\":\"12a\"}"));

        assertThat(problem.get("property").stringValue()).isEqualTo("customer");
        assertThat(problem.get("input").stringValue()).isEqualTo("12a");
        assertThat(problem.get("detail").stringValue()).startsWith("Invalid 64-bit ID '12a': ");
    }

    @Test
    void boundsAHugeInput() {
        String huge = "x".repeat(5000);

        JsonNode problem = problem(post("/things", "{\"sno\":\"" + huge + "\"}"));

        assertThat(problem.get("input").stringValue()).hasSizeLessThan(200).startsWith("xxxx").contains("5000");
        assertThat(problem.get("detail").stringValue()).hasSizeLessThan(400);
    }

    /** Reactor Netty refuses a request line over 4 KiB (414), so the parameter is shorter than the body's value. */
    @Test
    void boundsAHugeRequestParameter() {
        String huge = "y".repeat(3000);

        JsonNode problem = problem(client.get().uri(Sample.MUID.asParameter(huge)).exchange());

        assertThat(problem.get("input").stringValue()).hasSizeLessThan(200).startsWith("yyyy").contains("3000");
        assertThat(problem.get("detail").stringValue()).hasSizeLessThan(400);
    }

    @Test
    void leavesOtherBadRequestsToSpring() {
        EntityExchangeResult<String> malformed = post("/batches", "{\"lines\":").expectStatus().isBadRequest()
                .expectBody(String.class).returnResult();
        EntityExchangeResult<String> notANumber = post("/batches", "{\"lines\":[{\"quantity\":\"many\"}]}")
                .expectStatus().isBadRequest().expectBody(String.class).returnResult();

        assertThat(JSON.readTree(malformed.getResponseBody()).has("input")).isFalse();
        assertThat(JSON.readTree(notANumber.getResponseBody()).has("input")).isFalse();
    }

    private WebTestClient.ResponseSpec post(String path, String json) {
        return client.post().uri(path).contentType(MediaType.APPLICATION_JSON).bodyValue(json).exchange();
    }

    /** Checks that a response is a 400 problem detail and returns its body. */
    static JsonNode problem(WebTestClient.ResponseSpec response) {
        EntityExchangeResult<String> result = response.expectBody(String.class).returnResult();
        assertThat(result.getStatus().value()).as(result.getResponseBody()).isEqualTo(400);
        assertThat(result.getResponseHeaders().getContentType()).isEqualTo(MediaType.APPLICATION_PROBLEM_JSON);
        JsonNode problem = JSON.readTree(result.getResponseBody());
        assertThat(problem.get("status").intValue()).isEqualTo(400);
        return problem;
    }
}
