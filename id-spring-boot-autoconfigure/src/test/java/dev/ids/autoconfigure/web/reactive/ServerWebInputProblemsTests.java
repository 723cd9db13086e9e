package dev.ids.autoconfigure.web.reactive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.ids.InvalidIdException;
import dev.ids.muid.Muid;
import dev.ids.sno.Sno;
import dev.ids.traceid.TraceId;
import java.lang.reflect.Method;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.springframework.beans.TypeMismatchException;
import org.springframework.core.DefaultParameterNameDiscoverer;
import org.springframework.core.MethodParameter;
import org.springframework.core.codec.DecodingException;
import org.springframework.http.ProblemDetail;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.server.ServerWebInputException;

/** The problem of a WebFlux input failure: where the name of a request value comes from, and what is left alone. */
class ServerWebInputProblemsTests {

    private static final InvalidIdException INVALID_SNO =
            catchThrowableOfType(InvalidIdException.class, () -> Sno.parse("bad!"));

    @Test
    void namesAValueByItsAnnotationsName() {
        assertThat(problemFor("path").getProperties()).containsEntry("parameter", "id");
        assertThat(problemFor("parameter").getProperties()).containsEntry("parameter", "since");
        assertThat(problemFor("header").getProperties()).containsEntry("parameter", "X-Trace");
    }

    @Test
    void namesAValueByItsJavaNameWhenTheAnnotationGivesNone() {
        assertThat(problemFor("unnamed").getProperties()).containsEntry("parameter", "order");
        assertThat(problemFor("bare").getProperties()).containsEntry("parameter", "order");
    }

    @Test
    void describesTheInvalidId() {
        ProblemDetail problem = problemFor("path");

        assertThat(problem.getStatus()).isEqualTo(400);
        assertThat(problem.getTitle()).isEqualTo("Invalid id");
        assertThat(problem.getDetail()).startsWith("Invalid sno 'bad!': ");
        assertThat(problem.getProperties()).containsEntry("input", "bad!");
    }

    @Test
    void describesABodyThatDidNotDecode() {
        ServerWebInputException failure = new ServerWebInputException("Failed to read HTTP message",
                parameter("body"), new DecodingException("JSON decoding error", INVALID_SNO));

        ProblemDetail problem = ServerWebInputProblems.of(failure).orElseThrow();

        assertThat(problem.getProperties()).containsEntry("property", "body").containsEntry("input", "bad!")
                .doesNotContainKey("parameter");
    }

    @Test
    void leavesFailuresThatNoIdParserCausedAlone() {
        TypeMismatchException notAnId = new TypeMismatchException("x", Integer.class,
                new NumberFormatException("For input string: \"x\""));

        assertThat(ServerWebInputProblems.of(new ServerWebInputException("Type mismatch.", parameter("path"),
                notAnId))).isEmpty();
        assertThat(ServerWebInputProblems.of(new ServerWebInputException("Failed to read HTTP message",
                parameter("body"), new DecodingException("JSON decoding error")))).isEmpty();
        assertThat(ServerWebInputProblems.of(new ServerWebInputException("Required query parameter 'since'"
                + " is not present."))).isEmpty();
    }

    private static ProblemDetail problemFor(String method) {
        TypeMismatchException mismatch = new TypeMismatchException("bad!", Sno.class, INVALID_SNO);
        return ServerWebInputProblems.of(new ServerWebInputException("Type mismatch.", parameter(method), mismatch))
                .orElseThrow();
    }

    private static MethodParameter parameter(String name) {
        Method method = Arrays.stream(Handlers.class.getDeclaredMethods())
                .filter(candidate -> candidate.getName().equals(name)).findFirst().orElseThrow();
        MethodParameter parameter = new MethodParameter(method, 0);
        parameter.initParameterNameDiscovery(new DefaultParameterNameDiscoverer());
        return parameter;
    }

    /** Handler signatures, for their parameters. */
    @SuppressWarnings("unused")
    static class Handlers {

        void path(@PathVariable("id") Sno order) {
        }

        void parameter(@RequestParam(name = "since", required = false) Muid from) {
        }

        void header(@RequestHeader("X-Trace") TraceId trace) {
        }

        void unnamed(@RequestParam Sno order) {
        }

        void bare(Sno order) {
        }

        void body(@RequestBody Object body) {
        }
    }
}
