package dev.ids.autoconfigure.web;

import dev.ids.IdGenerationException;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * Answers a request whose handler failed because a generator refused an ID with 503 and {@code Retry-After}
 * ({@link IdRefusalProblems}) rather than 500 and a stack trace per request, in Spring MVC and WebFlux alike (both
 * auto-configurations register it). Both match the refusal among the causes too, so a refusal inside a repository's
 * save (translated to a {@code DataAccessException}) is answered the same. Ordered last: any advice of the
 * application, and any {@code @ExceptionHandler} of a controller, comes first.
 */
@RestControllerAdvice
@Order(Ordered.LOWEST_PRECEDENCE)
public final class IdRefusalProblemAdvice {

    /** Creates the advice; the web auto-configurations register it. */
    public IdRefusalProblemAdvice() {
    }

    /**
     * Answers a refusal.
     *
     * @param refusal the generator's refusal
     * @return 503 with {@code Retry-After} and a problem detail
     */
    @ExceptionHandler
    public ResponseEntity<ProblemDetail> refused(IdGenerationException refusal) {
        return IdRefusalProblems.of(refusal);
    }
}
