package dev.ids.autoconfigure.web;

import org.jspecify.annotations.Nullable;
import org.springframework.beans.TypeMismatchException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;

/**
 * Spring MVC's problem-detail handling of its own exceptions, as Spring Boot installs it with
 * {@code spring.mvc.problemdetails.enabled=true}, with the details of an invalid ID ({@link InvalidIdProblems}) in
 * place of the generic "Failed to convert" and "Failed to read request" answers. It takes the place of Boot's
 * handler, at Boot's precedence, and like it steps aside for a {@link ResponseEntityExceptionHandler} of the
 * application.
 */
@ControllerAdvice
class IdsProblemDetailsExceptionHandler extends ResponseEntityExceptionHandler {

    @Override
    protected @Nullable ResponseEntity<Object> handleTypeMismatch(TypeMismatchException ex, HttpHeaders headers,
            HttpStatusCode status, WebRequest request) {
        return InvalidIdProblems.forRequestValue(ex)
                .map(problem -> handleExceptionInternal(ex, problem, headers, status, request))
                .orElseGet(() -> super.handleTypeMismatch(ex, headers, status, request));
    }

    @Override
    protected @Nullable ResponseEntity<Object> handleHttpMessageNotReadable(HttpMessageNotReadableException ex,
            HttpHeaders headers, HttpStatusCode status, WebRequest request) {
        return InvalidIdProblems.forBody(ex)
                .map(problem -> handleExceptionInternal(ex, problem, headers, status, request))
                .orElseGet(() -> super.handleHttpMessageNotReadable(ex, headers, status, request));
    }
}
