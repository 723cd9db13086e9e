package dev.ids.autoconfigure.slice.flux;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.sno.Sno;
import dev.ids.traceid.TraceId;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.webflux.test.autoconfigure.WebFluxTest;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * A controller test the way applications write them, {@code @WebFluxTest}: Boot's slice takes only the
 * auto-configurations listed for it, so the starter lists its WebFlux conversion and its Jackson module there, or an
 * ID path variable fails to bind and an ID is written as a bean of its parts.
 */
@WebFluxTest(SliceController.class)
class WebFluxSliceTests {

    private static final Sno SNO = Sno.parse("brpk4q72xwf2m63l");

    @Autowired
    private WebTestClient client;

    @Test
    void idsBindAndAreWrittenAsTheirCanonicalStringsInAWebFluxTest() {
        client.get().uri("/slice/{id}?trace=4767654766488584193", SNO).exchange().expectStatus().isOk()
                .expectBody(String.class).isEqualTo("{\"id\":\"brpk4q72xwf2m63l\","
                        + "\"trace\":\"4767654766488584193\"}");
    }

    @Test
    void anInvalidIdIsABadRequestNamingItInAWebFluxTest() {
        String body = client.get().uri("/slice/{id}?trace=1", "brpk4q72xwf2m63!").exchange().expectStatus()
                .isBadRequest().expectBody(String.class).returnResult().getResponseBody();

        assertThat(body).contains("brpk4q72xwf2m63!");
    }

    @SpringBootApplication(proxyBeanMethods = false)
    static class SliceApplication {
    }
}

@RestController
class SliceController {

    @GetMapping("/slice/{id}")
    Echo echo(@PathVariable Sno id, @RequestParam TraceId trace) {
        return new Echo(id, trace);
    }

    record Echo(Sno id, TraceId trace) {
    }
}
