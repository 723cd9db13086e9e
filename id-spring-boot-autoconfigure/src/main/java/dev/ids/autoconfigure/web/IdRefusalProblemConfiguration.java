package dev.ids.autoconfigure.web;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The answer to a request that needed an ID a generator refused ({@link IdRefusalProblemAdvice}), the same in Spring
 * MVC and WebFlux: imported by both web auto-configurations, under the same switch as their problem details of
 * invalid IDs.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnIdProblemDetails
public class IdRefusalProblemConfiguration {

    @Bean
    IdRefusalProblemAdvice idRefusalProblemAdvice() {
        return new IdRefusalProblemAdvice();
    }
}
