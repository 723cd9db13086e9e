package dev.ids.autoconfigure.web;

import dev.ids.IdScheme;
import dev.ids.InvalidIdException;
import dev.ids.internal.Chars;
import java.util.Collection;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.TypeMismatchException;
import org.springframework.core.convert.ConversionFailedException;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.util.ClassUtils;
import org.springframework.util.StringUtils;

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
        return invalidIdIn(failure).map(invalid -> problem(failedElement(invalid, failure), "parameter", name));
    }

    /**
     * Spring binds a comma-separated request value to a collection or an array element by element, and when an
     * element does not convert it tries the whole value as one element: the parser's failure then names the whole
     * value and blames a comma. The client needs to hear which element is wrong, so it is found again here, split
     * and trimmed as Spring splits it. No ID's string form holds a comma.
     */
    private static InvalidIdException failedElement(InvalidIdException invalid, Throwable failure) {
        boolean many = find(failure, TypeMismatchException.class).map(TypeMismatchException::getRequiredType)
                .filter(target -> target.isArray() || Collection.class.isAssignableFrom(target)).isPresent();
        Optional<IdScheme> element = find(failure, ConversionFailedException.class)
                .map(conversion -> conversion.getTargetType().getType()).flatMap(InvalidIdProblems::schemeOf);
        if (!many || invalid.input().indexOf(',') < 0 || element.isEmpty()) {
            return invalid;
        }
        for (String value : StringUtils.commaDelimitedListToStringArray(invalid.input())) {
            try {
                if (!value.isBlank()) {
                    element.get().descriptor().parse(value.trim());
                }
            } catch (InvalidIdException elementFailure) {
                return elementFailure;
            }
        }
        return invalid;
    }

    private static Optional<IdScheme> schemeOf(Class<?> valueType) {
        for (IdScheme scheme : IdScheme.values()) {
            if (scheme.descriptor().valueType() == valueType) {
                return Optional.of(scheme);
            }
        }
        return Optional.empty();
    }

    private static <T extends Throwable> Optional<T> find(Throwable failure, Class<T> type) {
        for (Throwable cause = failure; cause != null; cause = nextCause(cause)) {
            if (type.isInstance(cause)) {
                return Optional.of(type.cast(cause));
            }
        }
        return Optional.empty();
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
        return find(failure, InvalidIdException.class);
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
