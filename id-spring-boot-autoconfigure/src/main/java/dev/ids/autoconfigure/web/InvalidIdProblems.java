package dev.ids.autoconfigure.web;

import dev.ids.InvalidIdException;
import dev.ids.internal.Chars;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.TypeMismatchException;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.util.ClassUtils;

/**
 * Makes the RFC 9457 problem detail (400 Bad Request) of a request that carries an invalid ID, from the
 * {@link InvalidIdException} its parser threw: the detail is the parser's message (which names the scheme, the
 * bounded input and the reason), the title and the property {@code parameter} (path variable, request parameter) or
 * {@code property} (the JSON path of a body value, such as {@code items[2].id}) name where it was, and {@code input}
 * holds the input, escaped and bounded to about 100 characters. A failure that no ID parser caused gets no problem
 * here, so that Spring answers it as it always does.
 */
public final class InvalidIdProblems {

    private static final boolean JACKSON_PRESENT = ClassUtils.isPresent("tools.jackson.core.JacksonException",
            InvalidIdProblems.class.getClassLoader());

    private InvalidIdProblems() {
    }

    /**
     * Describes a path variable or request parameter that did not convert to an ID type.
     *
     * @param failure Spring's conversion failure
     * @return the problem, or empty when the failure does not come from an ID parser
     */
    public static Optional<ProblemDetail> forRequestValue(TypeMismatchException failure) {
        return forRequestValue(String.valueOf(failure.getPropertyName()), failure);
    }

    /**
     * Describes a named request value (path variable, request parameter, header) that did not convert to an ID type,
     * for a web stack whose failure does not carry the name itself, such as WebFlux.
     *
     * @param name the name of the request value
     * @param failure the web stack's conversion failure, an {@link InvalidIdException} among its causes if an ID
     *     parser refused the value
     * @return the problem, or empty when the failure does not come from an ID parser
     */
    public static Optional<ProblemDetail> forRequestValue(String name, Throwable failure) {
        return invalidIdIn(failure).map(invalid -> problem(invalid, "parameter", name));
    }

    /**
     * Describes a JSON request body holding a value that did not read as an ID, such as Spring MVC's
     * {@link HttpMessageNotReadableException} or WebFlux's failure to decode a body.
     *
     * @param failure the web stack's failure to read the body, with Jackson's exception (which gives the path of the
     *     value) and the {@link InvalidIdException} among its causes if an ID parser refused a value
     * @return the problem, or empty when the failure does not come from an ID parser
     */
    public static Optional<ProblemDetail> forBody(Throwable failure) {
        return invalidIdIn(failure).map(invalid -> problem(invalid, "property", jsonPath(failure)));
    }

    private static ProblemDetail problem(InvalidIdException invalid, String where, String name) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, invalid.getMessage());
        problem.setTitle("Invalid " + name);
        problem.setProperty(where, name);
        problem.setProperty("input", Chars.excerpt(invalid.input()));
        return problem;
    }

    private static Optional<InvalidIdException> invalidIdIn(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = nextCause(cause)) {
            if (cause instanceof InvalidIdException invalid) {
                return Optional.of(invalid);
            }
        }
        return Optional.empty();
    }

    private static String jsonPath(Throwable failure) {
        if (JACKSON_PRESENT) {
            for (Throwable cause = failure; cause != null; cause = nextCause(cause)) {
                String path = JsonPath.of(cause);
                if (path != null) {
                    return path;
                }
            }
        }
        return "body";
    }

    private static @Nullable Throwable nextCause(Throwable failure) {
        return failure.getCause() == failure ? null : failure.getCause();
    }
}
