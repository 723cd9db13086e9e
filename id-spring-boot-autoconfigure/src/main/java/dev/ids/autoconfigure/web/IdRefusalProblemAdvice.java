package dev.ids.autoconfigure.web;

import dev.ids.IdGenerationException;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * Answers a request whose handler failed because a generator refused an ID ({@link IdGenerationException}: its lease
 * is not held, its store does not answer, its clock stands far behind) with 503 Service Unavailable, {@code
 * Retry-After} and a problem detail, rather than 500 and a stack trace per request, in Spring MVC and WebFlux alike
 * (both auto-configurations register it). Both match the refusal among the causes too, so a refusal inside a
 * repository's save (translated to a {@code DataAccessException}) is answered the same. Ordered last: any advice of
 * the application, and any {@code @ExceptionHandler} of a controller, comes first.
 * <p>
 * The client is told to retry, not why: the refusal names tables, hosts and node identities. The reason goes to the
 * log instead, at WARN at most once every {@link #WARN_EVERY_MILLIS} ms (an outage refuses every request), at DEBUG
 * otherwise; health and the {@code ids.refused} meter tell the rest.
 */
@RestControllerAdvice
@Order(Ordered.LOWEST_PRECEDENCE)
public final class IdRefusalProblemAdvice {

    /** How long clients are asked to wait before they retry, in seconds. */
    static final int RETRY_AFTER_SECONDS = 1;

    static final long WARN_EVERY_MILLIS = 10_000;

    private static final Log logger = LogFactory.getLog(IdRefusalProblemAdvice.class);

    /** When (milliseconds since the epoch) a refusal was last logged at WARN; 0 for never. */
    private final AtomicLong lastWarnedAt = new AtomicLong();

    /** Creates the advice; the web auto-configurations register it. */
    public IdRefusalProblemAdvice() {
    }

    /**
     * Answers a refusal.
     *
     * @param refusal the generator's refusal, thrown by the handler or found among the causes of what it threw
     * @return 503 with {@code Retry-After} and a problem detail
     */
    @ExceptionHandler
    public ResponseEntity<ProblemDetail> refused(IdGenerationException refusal) {
        log(refusal);
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.SERVICE_UNAVAILABLE,
                "No ID can be issued at the moment; retry shortly.");
        problem.setTitle("ID generator unavailable");
        return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE)
                .header(HttpHeaders.RETRY_AFTER, Integer.toString(RETRY_AFTER_SECONDS)).body(problem);
    }

    private void log(IdGenerationException refusal) {
        long now = System.currentTimeMillis();
        long last = lastWarnedAt.get();
        if ((last == 0 || now - last >= WARN_EVERY_MILLIS) && lastWarnedAt.compareAndSet(last, now)) {
            logger.warn("Answered 503 to a request that needed an ID (the same for every such request in the next "
                    + WARN_EVERY_MILLIS / 1000 + " s, logged at DEBUG): " + refusal.getMessage());
        } else if (logger.isDebugEnabled()) {
            logger.debug("Answered 503 to a request that needed an ID: " + refusal.getMessage());
        }
    }
}
