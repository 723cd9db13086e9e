package dev.ids.autoconfigure.web;

import org.springframework.beans.TypeMismatchException;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.ProblemDetail;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * Answers a path variable, request parameter or JSON body value that is not a valid ID with a 400 problem detail
 * ({@code application/problem+json}) made by {@link InvalidIdProblems}. Ordered last, so that any advice of the
 * application (registered before the auto-configuration's beans) and any {@code @ExceptionHandler} of a controller
 * comes first. A failure that no ID parser caused is thrown back, which lets Spring MVC go on to its default
 * handling of the original exception.
 */
@RestControllerAdvice
@Order(Ordered.LOWEST_PRECEDENCE)
class InvalidIdProblemAdvice {

    /**
     * Answers a request value that did not convert.
     *
     * @param failure the conversion failure
     * @return the problem
     * @throws TypeMismatchException the failure itself, when no ID parser caused it
     */
    @ExceptionHandler
    public ProblemDetail invalidRequestValue(TypeMismatchException failure) {
        return InvalidIdProblems.forRequestValue(failure).orElseThrow(() -> failure);
    }

    /**
     * Answers a request body that did not read.
     *
     * @param failure the reading failure
     * @return the problem
     * @throws HttpMessageNotReadableException the failure itself, when no ID parser caused it
     */
    @ExceptionHandler
    public ProblemDetail invalidBody(HttpMessageNotReadableException failure) {
        return InvalidIdProblems.forBody(failure).orElseThrow(() -> failure);
    }
}
