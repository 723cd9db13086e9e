package dev.ids.sample;

import dev.ids.InvalidIdException;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;

/**
 * Answers a request value that does not convert with 400 and the reason: for an ID, the parser's own message
 * ("Invalid sno 'x': ..."), which Spring's generic answer ("Failed to convert 'id' ...") would hide; for a time
 * range a scheme cannot express, the message of its {@code min}/{@code max}.
 */
@RestControllerAdvice
@Order(Ordered.HIGHEST_PRECEDENCE)
class InvalidIdAdvice {

    @ExceptionHandler(MethodArgumentTypeMismatchException.class)
    ProblemDetail badValue(MethodArgumentTypeMismatchException failure) {
        String reason = failure.getMostSpecificCause() instanceof InvalidIdException invalid
                ? invalid.getMessage()
                : "'" + failure.getValue() + "' is not a valid " + failure.getName();
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, reason);
        problem.setTitle("Invalid " + failure.getName());
        problem.setProperty("parameter", failure.getName());
        problem.setProperty("input", String.valueOf(failure.getValue()));
        return problem;
    }

    // A time range outside what a scheme can express (an sno after 2079, a Lable ID before 1970) is the caller's
    // mistake, not the server's.
    @ExceptionHandler(IllegalArgumentException.class)
    ProblemDetail badArgument(IllegalArgumentException failure) {
        return ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, failure.getMessage());
    }
}
