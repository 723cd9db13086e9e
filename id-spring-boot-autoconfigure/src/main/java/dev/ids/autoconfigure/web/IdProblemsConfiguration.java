package dev.ids.autoconfigure.web;

import org.springframework.context.annotation.Bean;

/**
 * The problem details the starter answers invalid and refused IDs with, under the one switch
 * ({@link ConditionalOnIdProblemDetails}): the answer to a request that needed an ID a generator refused
 * ({@link IdRefusalProblemAdvice}) is the same in Spring MVC and WebFlux and made here, and each web stack's
 * configuration, extending this one, adds its own answer to invalid IDs.
 */
@ConditionalOnIdProblemDetails
public abstract class IdProblemsConfiguration {

    /** Lets the web stacks' configurations extend this one. */
    protected IdProblemsConfiguration() {
    }

    @Bean
    IdRefusalProblemAdvice idRefusalProblemAdvice() {
        return new IdRefusalProblemAdvice();
    }
}
