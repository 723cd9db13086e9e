package dev.ids.autoconfigure.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Over HTTP, with Spring Boot's own problem details left off (its default): an invalid ID in a path variable, a
 * request parameter or a JSON body answers 400 with a problem detail naming where it was, the bounded input and the
 * parser's reason; other bad requests keep Spring's answer.
 */
@SpringBootTest(classes = ProblemsApplication.class, webEnvironment = WebEnvironment.RANDOM_PORT,
        properties = {"ids.trace-id.node-no=7", "ids.lable.generator-id=5", "ids.sno.partition=513"})
@ExtendWith(OutputCaptureExtension.class)
class InvalidIdProblemDetailsTests {

    static final JsonMapper JSON = new JsonMapper();

    @LocalServerPort
    private int port;

    private ProblemsApplication.Client client;

    @BeforeEach
    void connect() {
        client = new ProblemsApplication.Client(port);
    }

    /**
     * A generator's refusal, wrapped by the layer that asked for the ID, is 503 with Retry-After, not 500 with a stack
     * trace per request (independent check: a JPA save during a lease-store outage); the client is not told the
     * refusal's internals (tables, hosts).
     */
    @Test
    void answersARefusedIdWithServiceUnavailableAndRetryAfter(CapturedOutput output) throws Exception {
        HttpResponse<String> response = client.post("/refused", "{}");
        assertThat(client.post("/refused", "{}").statusCode()).isEqualTo(503);
        // The reason is logged instead, at WARN once for both requests (an independent check found it never was).
        assertThat(output.getOut().split("Answered 503 to a request that needed an ID", -1)).as("one WARN")
                .hasSize(2);
        assertThat(output.getOut()).contains("WARN").contains("the node identity lease is not held");

        assertThat(response.statusCode()).isEqualTo(503);
        assertThat(response.headers().firstValue("Retry-After")).hasValue("1");
        assertThat(response.headers().firstValue("Content-Type")).hasValue("application/problem+json");
        JsonNode problem = JSON.readTree(response.body());
        assertThat(problem.get("title").stringValue()).isEqualTo("ID generator unavailable");
        assertThat(problem.get("status").intValue()).isEqualTo(503);
        assertThat(response.body()).doesNotContain("ids_node_lease").doesNotContain("db-7");
    }

    @Test
    void answersAnInvalidPathVariableWithAProblemDetail() throws Exception {
        HttpResponse<String> response = client.get("/orders/brpk4q72xwf2m63!");

        JsonNode problem = assertProblem(response);
        assertThat(problem.get("title").stringValue()).isEqualTo("Invalid id");
        assertThat(problem.get("parameter").stringValue()).isEqualTo("id");
        assertThat(problem.get("input").stringValue()).isEqualTo("brpk4q72xwf2m63!");
        assertThat(problem.get("detail").stringValue()).startsWith("Invalid sno 'brpk4q72xwf2m63!': ");
        assertThat(problem.get("instance").stringValue()).isEqualTo("/orders/brpk4q72xwf2m63!");
    }

    @Test
    void answersAnInvalidRequestParameterWithAProblemDetail() throws Exception {
        HttpResponse<String> response = client.get("/changes?since=5d5eac793e61f-1bfc71b112d-0000000b");

        JsonNode problem = assertProblem(response);
        assertThat(problem.get("parameter").stringValue()).isEqualTo("since");
        assertThat(problem.get("input").stringValue()).isEqualTo("5d5eac793e61f-1bfc71b112d-0000000b");
        assertThat(problem.get("detail").stringValue()).startsWith("Invalid muid '5d5eac793e61f-1bfc71b112d-0000000b'");
    }

    @Test
    void namesTheInvalidElementOfACommaSeparatedListParameter() throws Exception {
        assertThat(client.get("/orders?ids=brpk4q72xwf2m63l,brpk4q72xwf2m63m").body())
                .as("a list of valid IDs binds").isEqualTo("[brpk4q72xwf2m63l, brpk4q72xwf2m63m]");

        JsonNode problem = assertProblem(client.get("/orders?ids=brpk4q72xwf2m63l,nope"));

        assertThat(problem.get("parameter").stringValue()).isEqualTo("ids");
        assertThat(problem.get("input").stringValue()).isEqualTo("nope");
        assertThat(problem.get("detail").stringValue()).startsWith("Invalid sno 'nope': ");
    }

    @Test
    void answersAnInvalidIdInAJsonBodyWithItsPath() throws Exception {
        HttpResponse<String> response = client.post("/batches", """
                {"name":"b","lines":[{"order":"brpk4q72xwf2m63l","quantity":2},{"order":"nope","quantity":1}]}""");

        JsonNode problem = assertProblem(response);
        assertThat(problem.get("property").stringValue()).isEqualTo("lines[1].order");
        assertThat(problem.get("title").stringValue()).isEqualTo("Invalid lines[1].order");
        assertThat(problem.get("input").stringValue()).isEqualTo("nope");
        assertThat(problem.get("detail").stringValue()).startsWith("Invalid sno 'nope': ");
    }

    @Test
    void answersAnInvalidLongIdInAJsonBody() throws Exception {
        JsonNode problem = assertProblem(client.post("/batches", "{\"customer\":\"12a\"}"));

        assertThat(problem.get("property").stringValue()).isEqualTo("customer");
        assertThat(problem.get("input").stringValue()).isEqualTo("12a");
        assertThat(problem.get("detail").stringValue()).startsWith("Invalid 64-bit ID '12a': ");
    }

    @Test
    void boundsAHugeInput() throws Exception {
        String huge = "x".repeat(5000);

        JsonNode problem = assertProblem(client.get("/orders/" + huge));

        assertThat(problem.get("input").stringValue()).hasSizeLessThan(200).startsWith("xxxx").contains("5000");
        assertThat(problem.get("detail").stringValue()).hasSizeLessThan(400);
    }

    @Test
    void leavesOtherBadRequestsToSpring() throws Exception {
        HttpResponse<String> malformed = client.post("/batches", "{\"lines\":");
        HttpResponse<String> notANumber = client.post("/batches", "{\"lines\":[{\"quantity\":\"many\"}]}");

        assertThat(malformed.statusCode()).isEqualTo(400);
        assertThat(JSON.readTree(malformed.body()).has("input")).isFalse();
        assertThat(notANumber.statusCode()).isEqualTo(400);
        assertThat(JSON.readTree(notANumber.body()).has("input")).isFalse();
    }

    /** Checks that a response is a 400 problem detail and returns its body. */
    static JsonNode assertProblem(HttpResponse<String> response) {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(400);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("application/problem+json");
        JsonNode problem = JSON.readTree(response.body());
        assertThat(problem.get("status").intValue()).isEqualTo(400);
        return problem;
    }
}
