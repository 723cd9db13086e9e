package dev.ids.autoconfigure.web.reactive;

import dev.ids.autoconfigure.web.InvalidIdProblems;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.TypeMismatchException;
import org.springframework.core.MethodParameter;
import org.springframework.core.annotation.MergedAnnotation;
import org.springframework.core.annotation.MergedAnnotations;
import org.springframework.http.ProblemDetail;
import org.springframework.web.server.ServerWebInputException;

/**
 * Makes the problem detail of a WebFlux {@link ServerWebInputException} caused by an invalid ID, with
 * {@link InvalidIdProblems}, as Spring MVC's failures get theirs. WebFlux reports a request value that did not convert
 * and a body that did not decode with the same exception: a {@link TypeMismatchException} as its cause marks the
 * former, whose name (which WebFlux does not put in the exception) is read from the parameter's annotation.
 */
final class ServerWebInputProblems {

    private ServerWebInputProblems() {
    }

    /**
     * Describes a request value or JSON body value that is not a valid ID.
     *
     * @param failure WebFlux's failure to resolve a handler argument
     * @return the problem, or empty when the failure does not come from an ID parser
     */
    static Optional<ProblemDetail> of(ServerWebInputException failure) {
        if (failure.getCause() instanceof TypeMismatchException mismatch) {
            return InvalidIdProblems.forRequestValue(nameOf(failure.getMethodParameter()), mismatch);
        }
        return InvalidIdProblems.forBody(failure);
    }

    /**
     * The name a request value is bound by: the {@code name} of the parameter's {@code @PathVariable},
     * {@code @RequestParam}, {@code @RequestHeader} or {@code @CookieValue} when given, otherwise the parameter's
     * own name, as WebFlux resolves it.
     */
    private static String nameOf(@Nullable MethodParameter parameter) {
        if (parameter == null) {
            return "value";
        }
        return MergedAnnotations.from(parameter.getParameterAnnotations()).stream()
                .filter(annotation -> annotation.getType().getPackageName()
                        .equals("org.springframework.web.bind.annotation"))
                .map(ServerWebInputProblems::nameAttribute)
                .flatMap(Optional::stream)
                .findFirst()
                .orElseGet(() -> String.valueOf(parameter.getParameterName()));
    }

    private static Optional<String> nameAttribute(MergedAnnotation<?> annotation) {
        return annotation.getValue("name", String.class).filter(name -> !name.isEmpty());
    }
}
