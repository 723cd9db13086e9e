package dev.ids.autoconfigure.web.reactive;

import static dev.ids.autoconfigure.web.reactive.WebFluxIdBindingTests.JSON;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

/** Over HTTP, with {@code ids.web.problem-details.enabled=false}: an invalid ID gets Spring Boot's plain 400. */
@SpringBootTest(classes = ReactiveIdsApplication.class, webEnvironment = WebEnvironment.RANDOM_PORT,
        properties = {ReactiveIdsApplication.REACTIVE, "ids.trace-id.node-no=7", "ids.lable.generator-id=5",
                "ids.sno.partition=513", "ids.web.problem-details.enabled=false",
                "spring.webflux.problemdetails.enabled=true"})
class WebFluxInvalidIdProblemDetailsOffTests {

    @LocalServerPort
    private int port;

    @Autowired
    private ApplicationContext context;

    @Test
    void answersInvalidIdsWithoutTheirDetails() {
        WebTestClient client = ReactiveIdsApplication.client(port);

        String path = client.get().uri("/snos/{id}", "bad!").exchange().expectStatus().isBadRequest()
                .expectBody(String.class).returnResult().getResponseBody();
        String body = client.post().uri("/batches").contentType(MediaType.APPLICATION_JSON)
                .bodyValue("{\"lines\":[{\"order\":\"bad\",\"quantity\":1}]}").exchange()
                .expectStatus().isBadRequest().expectBody(String.class).returnResult().getResponseBody();

        assertThat(JSON.readTree(path).has("input")).isFalse();
        assertThat(JSON.readTree(body).has("input")).isFalse();
        assertThat(context.getBeanNamesForType(InvalidIdWebFluxProblemAdvice.class)).isEmpty();
        assertThat(context.getBeanNamesForType(IdsWebFluxProblemDetailsExceptionHandler.class)).isEmpty();
    }
}
