package dev.ids.autoconfigure.slice.flux;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.autoconfigure.slice.SliceController;
import dev.ids.sno.Sno;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.webflux.test.autoconfigure.WebFluxTest;
import org.springframework.context.annotation.Import;
import org.springframework.test.web.reactive.server.WebTestClient;

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

    /** The application: the slice keeps its controllers (here imported) and the auto-configurations listed for it. */
    @SpringBootConfiguration(proxyBeanMethods = false)
    @EnableAutoConfiguration
    @Import(SliceController.class)
    static class SliceApplication {
    }
}

