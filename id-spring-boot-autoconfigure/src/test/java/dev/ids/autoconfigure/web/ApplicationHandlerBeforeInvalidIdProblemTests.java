package dev.ids.autoconfigure.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.InvalidIdException;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;

/**
 * Over HTTP: an advice of the application that handles invalid request values (by their type or their cause) comes
 * before the starter's problem details; the starter still answers what the application leaves alone.
 */
@SpringBootTest(classes = {ProblemsApplication.class, ApplicationHandlerBeforeInvalidIdProblemTests.Advice.class},
        webEnvironment = WebEnvironment.RANDOM_PORT,
        properties = {"ids.trace-id.node-no=7", "ids.lable.generator-id=5", "ids.sno.partition=513"})
class ApplicationHandlerBeforeInvalidIdProblemTests {

    @LocalServerPort
    private int port;

    @Test
    void theApplicationsAdviceAnswers() throws Exception {
        ProblemsApplication.Client client = new ProblemsApplication.Client(port);

        HttpResponse<String> path = client.get("/orders/bad!");
        HttpResponse<String> body = client.post("/batches", "{\"lines\":[{\"order\":\"bad\",\"quantity\":1}]}");

        assertThat(path.statusCode()).isEqualTo(422);
        assertThat(path.body()).isEqualTo("the application's own answer");
        InvalidIdProblemDetailsTests.assertProblem(body);
    }

    /** An application's advice, in the default (lowest) order like the starter's. */
    @RestControllerAdvice
    static class Advice {

        @ExceptionHandler
        ResponseEntity<String> mismatch(MethodArgumentTypeMismatchException failure) {
            assertThat(failure.getMostSpecificCause()).isInstanceOf(InvalidIdException.class);
            return ResponseEntity.status(HttpStatus.UNPROCESSABLE_CONTENT).body("the application's own answer");
        }
    }
}
