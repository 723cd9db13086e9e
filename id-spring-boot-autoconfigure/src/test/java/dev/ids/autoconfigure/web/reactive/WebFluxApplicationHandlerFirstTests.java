package dev.ids.autoconfigure.web.reactive;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.InvalidIdException;
import org.junit.jupiter.api.Test;
import org.springframework.beans.TypeMismatchException;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * Over HTTP: an advice of the application that handles invalid request values comes before the starter's problem
 * details; the starter still answers what the application leaves alone (here an invalid ID in a JSON body).
 */
@SpringBootTest(classes = {ReactiveIdsApplication.class, WebFluxApplicationHandlerFirstTests.Advice.class},
        webEnvironment = WebEnvironment.RANDOM_PORT, properties = {ReactiveIdsApplication.REACTIVE,
                "ids.trace-id.node-no=7", "ids.lable.generator-id=5", "ids.sno.partition=513"})
class WebFluxApplicationHandlerFirstTests {

    @LocalServerPort
    private int port;

    @Test
    void theApplicationsAdviceAnswers() {
        WebTestClient client = ReactiveIdsApplication.client(port);

        String path = client.get().uri("/snos/{id}", "bad!").exchange()
                .expectStatus().isEqualTo(HttpStatus.UNPROCESSABLE_CONTENT)
                .expectBody(String.class).returnResult().getResponseBody();

        assertThat(path).isEqualTo("the application's own answer");
        WebFluxIdBindingTests.problem(client.post().uri("/batches").contentType(MediaType.APPLICATION_JSON)
                .bodyValue("{\"lines\":[{\"order\":\"bad\",\"quantity\":1}]}").exchange());
    }

    /** An application's advice, in the default (lowest) order like the starter's, matching the failure's cause. */
    @RestControllerAdvice
    static class Advice {

        @ExceptionHandler
        ResponseEntity<String> mismatch(TypeMismatchException failure) {
            assertThat(failure.getMostSpecificCause()).isInstanceOf(InvalidIdException.class);
            return ResponseEntity.status(HttpStatus.UNPROCESSABLE_CONTENT).body("the application's own answer");
        }
    }
}
