package dev.ids.autoconfigure.web;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;

/**
 * Matches unless {@code ids.web.problem-details.enabled=false}: the one switch of the problem details the starter
 * answers invalid and refused IDs with, in Spring MVC and WebFlux alike.
 */
@Target({ ElementType.TYPE, ElementType.METHOD })
@Retention(RetentionPolicy.RUNTIME)
@Documented
@ConditionalOnBooleanProperty(name = "ids.web.problem-details.enabled", matchIfMissing = true)
public @interface ConditionalOnIdProblemDetails {
}
