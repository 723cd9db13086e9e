package dev.ids.autoconfigure.web.reactive;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.reactive.result.method.annotation.ResponseEntityExceptionHandler;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.ServerWebInputException;
import reactor.core.publisher.Mono;

/**
 * WebFlux's problem-detail handling of its own exceptions, as Spring Boot installs it with
 * {@code spring.webflux.problemdetails.enabled=true}, with the details of an invalid ID in place of the generic
 * "Type mismatch." and "Failed to read HTTP message" answers. It takes the place of Boot's handler, at Boot's
 * precedence, and like it steps aside for a {@link ResponseEntityExceptionHandler} of the application.
 */
@ControllerAdvice
class IdsWebFluxProblemDetailsExceptionHandler extends ResponseEntityExceptionHandler {

    @Override
    protected Mono<ResponseEntity<Object>> handleServerWebInputException(ServerWebInputException ex,
            HttpHeaders headers, HttpStatusCode status, ServerWebExchange exchange) {
        return ServerWebInputProblems.of(ex)
                .map(problem -> handleExceptionInternal(ex, problem, headers, status, exchange))
                .orElseGet(() -> super.handleServerWebInputException(ex, headers, status, exchange));
    }
}
