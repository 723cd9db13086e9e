package dev.ids.autoconfigure.web.reactive;

import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.ProblemDetail;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.server.ServerWebInputException;
import reactor.core.publisher.Mono;

/**
 * Answers a path variable, request parameter or JSON body value that is not a valid ID with a 400 problem detail
 * ({@code application/problem+json}) made by {@link ServerWebInputProblems}, in a WebFlux application. Ordered last,
 * so that any advice of the application (registered before the auto-configuration's beans) and any
 * {@code @ExceptionHandler} of a controller comes first. A failure that no ID parser caused is passed on unchanged,
 * which lets WebFlux go on to its default handling of it.
 */
@RestControllerAdvice
@Order(Ordered.LOWEST_PRECEDENCE)
class InvalidIdWebFluxProblemAdvice {

    /**
     * Answers a handler argument that did not resolve.
     *
     * @param failure the failure to convert a request value or to decode the body
     * @return the problem, or the failure itself when no ID parser caused it
     */
    @ExceptionHandler
    public Mono<ProblemDetail> invalidInput(ServerWebInputException failure) {
        return ServerWebInputProblems.of(failure).map(Mono::just).orElseGet(() -> Mono.error(failure));
    }
}
