package dev.ids.autoconfigure.web.reactive;

import dev.ids.IdGenerationException;
import dev.ids.autoconfigure.web.IdRefusalProblems;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * Answers a request whose handler failed because a generator refused an ID with 503 and {@code Retry-After}
 * ({@link IdRefusalProblems}), in a WebFlux application; the refusal is matched among the causes too. Ordered last:
 * any advice of the application, and any {@code @ExceptionHandler} of a controller, comes first.
 */
@RestControllerAdvice
@Order(Ordered.LOWEST_PRECEDENCE)
class IdRefusalWebFluxProblemAdvice {

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
