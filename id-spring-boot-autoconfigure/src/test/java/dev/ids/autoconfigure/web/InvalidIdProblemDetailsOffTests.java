package dev.ids.autoconfigure.web;

import static dev.ids.autoconfigure.web.InvalidIdProblemDetailsTests.JSON;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;

/** Over HTTP, with {@code ids.web.problem-details.enabled=false}: an invalid ID gets Spring Boot's plain 400. */
@SpringBootTest(classes = ProblemsApplication.class, webEnvironment = WebEnvironment.RANDOM_PORT,
        properties = {"ids.trace-id.node-no=7", "ids.lable.generator-id=5", "ids.sno.partition=513",
                "ids.web.problem-details.enabled=false", "spring.mvc.problemdetails.enabled=true"})
class InvalidIdProblemDetailsOffTests {

    @LocalServerPort
    private int port;

    @Autowired
    private ApplicationContext context;

    @Test
    void answersInvalidIdsWithoutTheirDetails() throws Exception {
        ProblemsApplication.Client client = new ProblemsApplication.Client(port);

        HttpResponse<String> path = client.get("/orders/bad!");
        HttpResponse<String> body = client.post("/batches", "{\"lines\":[{\"order\":\"bad\",\"quantity\":1}]}");

        assertThat(path.statusCode()).isEqualTo(400);
        assertThat(JSON.readTree(path.body()).has("input")).isFalse();
        assertThat(body.statusCode()).isEqualTo(400);
        assertThat(JSON.readTree(body.body()).has("input")).isFalse();
        assertThat(context.getBeanNamesForType(InvalidIdProblemAdvice.class)).isEmpty();
        assertThat(context.getBeanNamesForType(IdsProblemDetailsExceptionHandler.class)).isEmpty();
    }
}
