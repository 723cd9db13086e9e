package dev.ids.autoconfigure.web;

import static dev.ids.autoconfigure.web.InvalidIdProblemDetailsTests.JSON;
import static dev.ids.autoconfigure.web.InvalidIdProblemDetailsTests.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;
import tools.jackson.databind.JsonNode;

/**
 * Over HTTP, with {@code spring.mvc.problemdetails.enabled=true}: the starter's handler takes the place of Boot's,
 * answers invalid IDs with their details and every other MVC failure as Boot's would.
 */
@SpringBootTest(classes = ProblemsApplication.class, webEnvironment = WebEnvironment.RANDOM_PORT,
        properties = {"ids.trace-id.node-no=7", "ids.lable.generator-id=5", "ids.sno.partition=513",
                "spring.mvc.problemdetails.enabled=true"})
class InvalidIdProblemDetailsWithBootProblemDetailsTests {

    @LocalServerPort
    private int port;

    @Autowired
    private ResponseEntityExceptionHandler handler;

    private ProblemsApplication.Client client;

    @BeforeEach
    void connect() {
        client = new ProblemsApplication.Client(port);
    }

    @Test
    void replacesBootsHandler() {
        assertThat(handler).isInstanceOf(IdsProblemDetailsExceptionHandler.class);
    }

    @Test
    void answersInvalidIdsWithTheirDetails() throws Exception {
        JsonNode path = assertProblem(client.get("/orders/bad!"));
        JsonNode parameter = assertProblem(client.get("/changes?since=nope"));
        JsonNode body = assertProblem(client.post("/batches", "{\"lines\":[{\"order\":\"bad\",\"quantity\":1}]}"));

        assertThat(path.get("parameter").stringValue()).isEqualTo("id");
        assertThat(path.get("detail").stringValue()).startsWith("Invalid sno 'bad!'");
        assertThat(parameter.get("parameter").stringValue()).isEqualTo("since");
        assertThat(parameter.get("input").stringValue()).isEqualTo("nope");
        assertThat(body.get("property").stringValue()).isEqualTo("lines[0].order");
        assertThat(body.get("input").stringValue()).isEqualTo("bad");
    }

    @Test
    void answersOtherFailuresAsBootWould() throws Exception {
        HttpResponse<String> malformed = client.post("/batches", "{\"lines\":");
        HttpResponse<String> wrongMethod = client.post("/orders/brpk4q72xwf2m63l", "{}");

        JsonNode problem = assertProblem(malformed);
        assertThat(problem.get("detail").stringValue()).isEqualTo("Failed to read request");
        assertThat(problem.has("input")).isFalse();
        assertThat(wrongMethod.statusCode()).isEqualTo(405);
        assertThat(wrongMethod.headers().firstValue("Content-Type")).hasValue("application/problem+json");
        assertThat(JSON.readTree(wrongMethod.body()).get("status").intValue()).isEqualTo(405);
    }
}
