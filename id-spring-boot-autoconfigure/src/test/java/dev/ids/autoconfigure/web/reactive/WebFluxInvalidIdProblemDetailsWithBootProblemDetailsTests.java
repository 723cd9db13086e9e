package dev.ids.autoconfigure.web.reactive;

import static dev.ids.autoconfigure.web.reactive.WebFluxIdBindingTests.JSON;
import static dev.ids.autoconfigure.web.reactive.WebFluxIdBindingTests.problem;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.EntityExchangeResult;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.web.reactive.result.method.annotation.ResponseEntityExceptionHandler;
import tools.jackson.databind.JsonNode;

/**
 * Over HTTP, with {@code spring.webflux.problemdetails.enabled=true}: the starter's handler takes the place of
 * Boot's, answers invalid IDs with their details and every other WebFlux failure as Boot's would.
 */
@SpringBootTest(classes = ReactiveIdsApplication.class, webEnvironment = WebEnvironment.RANDOM_PORT,
        properties = {ReactiveIdsApplication.REACTIVE, "ids.trace-id.node-no=7", "ids.lable.generator-id=5",
                "ids.sno.partition=513", "spring.webflux.problemdetails.enabled=true"})
class WebFluxInvalidIdProblemDetailsWithBootProblemDetailsTests {

    @LocalServerPort
    private int port;

    @Autowired
    private ResponseEntityExceptionHandler handler;

    private WebTestClient client;

    @BeforeEach
    void connect() {
        client = ReactiveIdsApplication.client(port);
    }

    @Test
    void replacesBootsHandler() {
        assertThat(handler).isInstanceOf(IdsWebFluxProblemDetailsExceptionHandler.class);
    }

    @Test
    void answersInvalidIdsWithTheirDetails() {
        JsonNode path = problem(client.get().uri("/snos/{id}", "bad!").exchange());
        JsonNode parameter = problem(client.get().uri("/muids?id={id}", "nope").exchange());
        JsonNode body = problem(post("/batches", "{\"lines\":[{\"order\":\"bad\",\"quantity\":1}]}"));

        assertThat(path.get("parameter").stringValue()).isEqualTo("id");
        assertThat(path.get("detail").stringValue()).startsWith("Invalid sno 'bad!'");
        assertThat(parameter.get("parameter").stringValue()).isEqualTo("id");
        assertThat(parameter.get("input").stringValue()).isEqualTo("nope");
        assertThat(body.get("property").stringValue()).isEqualTo("lines[0].order");
        assertThat(body.get("input").stringValue()).isEqualTo("bad");
    }

    @Test
    void answersOtherFailuresAsBootWould() {
        JsonNode malformed = problem(post("/batches", "{\"lines\":"));
        EntityExchangeResult<String> wrongMethod = post("/snos/brpk4q72xwf2m63l", "{}")
                .expectBody(String.class).returnResult();

        assertThat(malformed.get("detail").stringValue()).isEqualTo("Failed to read HTTP message");
        assertThat(malformed.has("input")).isFalse();
        assertThat(wrongMethod.getStatus().value()).isEqualTo(405);
        assertThat(wrongMethod.getResponseHeaders().getContentType()).isEqualTo(MediaType.APPLICATION_PROBLEM_JSON);
        assertThat(JSON.readTree(wrongMethod.getResponseBody()).get("status").intValue()).isEqualTo(405);
    }

    private WebTestClient.ResponseSpec post(String path, String json) {
        return client.post().uri(path).contentType(MediaType.APPLICATION_JSON).bodyValue(json).exchange();
    }
}
