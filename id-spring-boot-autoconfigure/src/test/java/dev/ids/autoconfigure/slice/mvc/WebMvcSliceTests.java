package dev.ids.autoconfigure.slice.mvc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.sno.Sno;
import dev.ids.traceid.TraceId;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.http.HttpStatus;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

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
