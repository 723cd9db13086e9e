package dev.ids.autoconfigure.slice.mvc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.autoconfigure.slice.SliceController;
import dev.ids.sno.Sno;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Import;
import org.springframework.http.HttpStatus;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;

/**
 * A controller test the way applications write them, {@code @WebMvcTest}: Boot's slice takes only the
 * auto-configurations listed for it, so the starter lists its MVC conversion and its Jackson module there, or an ID
 * path variable fails to bind and an ID is written as a bean of its parts.
 */
@WebMvcTest(SliceController.class)
class WebMvcSliceTests {

    private static final Sno SNO = Sno.parse("brpk4q72xwf2m63l");

    @Autowired
    private MockMvcTester mvc;

    @Test
    void idsBindAndAreWrittenAsTheirCanonicalStringsInAWebMvcTest() {
        MvcTestResult result = mvc.get().uri("/slice/{id}?trace=4767654766488584193", SNO).exchange();

        assertThat(result).hasStatusOk().bodyText().isEqualTo("{\"id\":\"brpk4q72xwf2m63l\","
                + "\"trace\":\"4767654766488584193\"}");
    }

    @Test
    void anInvalidIdIsABadRequestNamingItInAWebMvcTest() {
        MvcTestResult result = mvc.get().uri("/slice/{id}?trace=1", "brpk4q72xwf2m63!").exchange();

        assertThat(result).hasStatus(HttpStatus.BAD_REQUEST).bodyText().contains("brpk4q72xwf2m63!");
    }

    /** The application: the slice keeps its controllers (here imported) and the auto-configurations listed for it. */
    @SpringBootConfiguration(proxyBeanMethods = false)
    @EnableAutoConfiguration
    @Import(SliceController.class)
    static class SliceApplication {
    }
}

