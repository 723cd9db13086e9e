package dev.ids.autoconfigure.web.reactive;

import dev.ids.IdGenerationException;
import dev.ids.autoconfigure.jackson.IdAsString;
import dev.ids.gid.Gid;
import dev.ids.lable.LableId;
import dev.ids.muid.Muid;
import dev.ids.sno.Sno;
import dev.ids.traceid.TraceId;
import java.util.Arrays;
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
import org.springframework.test.web.reactive.server.WebTestClient;
import reactor.core.publisher.Mono;

/**
 * The WebFlux application of the tests: every ID type bound from a path variable, a request parameter and a JSON
 * body. Each handler answers with the type it bound and its canonical form, so that a test sees the conversion rather
 * than the text it sent.
 */
@SpringBootConfiguration
@EnableAutoConfiguration
@Import(ReactiveIdsApplication.IdsController.class)
class ReactiveIdsApplication {

    /** The properties of a reactive application on a random port, beside Spring MVC on the test class path. */
    static final String REACTIVE = "spring.main.web-application-type=reactive";

    /** A client of the application under test over HTTP. */
    static WebTestClient client(int port) {
        return WebTestClient.bindToServer().baseUrl("http://localhost:" + port).build();
    }

    @RestController
    static class IdsController {

        @GetMapping("/trace-ids/{id}")
        String traceIdPath(@PathVariable TraceId id) {
            return describe(id);
        }

        @GetMapping("/trace-ids")
        String traceIdParameter(@RequestParam("id") TraceId traceId) {
            return describe(traceId);
        }

        @GetMapping("/lables/{id}")
        String lablePath(@PathVariable LableId id) {
            return describe(id);
        }

        @GetMapping("/lables")
        String lableParameter(@RequestParam LableId id) {
            return describe(id);
        }

        @GetMapping("/gids/{id}")
        String gidPath(@PathVariable("id") Gid gid) {
            return describe(gid);
        }

        @GetMapping("/gids")
        String gidParameter(@RequestParam Gid id) {
            return describe(id);
        }

        @GetMapping("/snos/{id}")
        String snoPath(@PathVariable Sno id) {
            return describe(id);
        }

        @GetMapping("/snos")
        String snoParameter(@RequestParam Sno id) {
            return describe(id);
        }

        @GetMapping("/sno-lists")
        String snoArray(@RequestParam("ids") Sno[] ids) {
            return Arrays.toString(ids);
        }

        @GetMapping("/muids/{id}")
        String muidPath(@PathVariable Muid id) {
            return describe(id);
        }

        /** What a reactive repository's save does when the generator refuses: the refusal, wrapped. */
        @PostMapping("/refused")
        Mono<String> refused() {
            return Mono.error(new IllegalStateException("Could not save the order", new IdGenerationException(
                    "sno generator (partition 3): the node identity lease is not held (identity 3 in table "
                    + "ids_node_lease at db-7.internal)")));
        }

        @GetMapping("/muids")
        String muidParameter(@RequestParam Muid id) {
            return describe(id);
        }

        @PostMapping("/things")
        Mono<Things> things(@RequestBody Mono<Things> things) {
            return things;
        }

        @PostMapping("/batches")
        Batch batch(@RequestBody Batch batch) {
            return batch;
        }

        private static String describe(Object id) {
            return id.getClass().getSimpleName() + " " + id;
        }
    }

    record Things(TraceId traceId, LableId lable, Gid gid, Sno sno, Muid muid) {
    }

    record Batch(String name, @IdAsString Long customer, List<Line> lines) {
    }

    record Line(Sno order, int quantity) {
    }
}
