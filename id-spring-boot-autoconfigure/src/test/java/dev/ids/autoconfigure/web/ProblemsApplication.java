package dev.ids.autoconfigure.web;

import dev.ids.IdGenerationException;
import dev.ids.autoconfigure.jackson.IdAsString;
import dev.ids.muid.Muid;
import dev.ids.sno.Sno;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.util.List;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Import;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** The application of the problem-detail tests: IDs in a path variable, a request parameter and a JSON body. */
@SpringBootConfiguration
@EnableAutoConfiguration
@Import(ProblemsApplication.OrdersController.class)
class ProblemsApplication {


    @RestController
    static class OrdersController {

        @GetMapping("/orders/{id}")
        String order(@PathVariable Sno id) {
            return id.toString();
        }

        @GetMapping("/orders")
        String orders(@RequestParam List<Sno> ids) {
            return ids.toString();
        }

        @GetMapping("/changes")
        String change(@RequestParam Muid since) {
            return since.toString();
        }

        @PostMapping("/batches")
        Batch batch(@RequestBody Batch batch) {
            return batch;
        }

        /** What a repository's save does when the generator refuses: the refusal wrapped by the persistence layer. */
        @PostMapping("/refused")
        String refused() {
            throw new IllegalStateException("Could not persist the order", new IdGenerationException(
                    "sno generator (partition 3): the node identity lease is not held (identity 3 in table "
                    + "ids_node_lease at db-7.internal)"));
        }
    }

    record Batch(String name, @IdAsString Long customer, List<Line> lines) {
    }

    record Line(Sno order, int quantity) {
    }

    /** Sends requests to the application under test over HTTP. */
    record Client(int port) {

        private static final HttpClient HTTP = HttpClient.newHttpClient();

        HttpResponse<String> get(String path) throws IOException, InterruptedException {
            return HTTP.send(HttpRequest.newBuilder(uri(path)).GET().build(), BodyHandlers.ofString());
        }

        HttpResponse<String> post(String path, String json) throws IOException, InterruptedException {
            return HTTP.send(HttpRequest.newBuilder(uri(path)).header("Content-Type", "application/json")
                    .POST(BodyPublishers.ofString(json)).build(), BodyHandlers.ofString());
        }

        private URI uri(String path) {
            return URI.create("http://localhost:" + port + path);
        }
    }
}
