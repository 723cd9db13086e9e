package dev.ids.autoconfigure.web.reactive;

import dev.ids.autoconfigure.web.ConditionalOnIdProblemDetails;
import dev.ids.autoconfigure.web.IdConverters;
import dev.ids.autoconfigure.web.IdRefusalProblemAdvice;
import dev.ids.autoconfigure.web.IdProblemsConfiguration;
import dev.ids.autoconfigure.web.InvalidIdProblems;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication.Type;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.format.FormatterRegistry;
import org.springframework.web.reactive.config.WebFluxConfigurer;
import org.springframework.web.reactive.result.method.annotation.ResponseEntityExceptionHandler;

/**
 * Auto-configuration that lets Spring WebFlux bind {@code @PathVariable}, {@code @RequestParam} and other request
 * values to the ID value types, as {@link dev.ids.autoconfigure.web.IdsWebMvcAutoConfiguration} does for Spring MVC.
 * A value that is not a valid ID, there or in a JSON body, is answered with 400 Bad Request and the problem detail
 * of {@link InvalidIdProblems}, and a request that needed an ID a generator refused with 503 and {@code Retry-After}
 * ({@link IdRefusalProblemAdvice}), unless {@code ids.web.problem-details.enabled=false} or the application handles
 * the exception itself. JSON bodies need nothing here: Spring Boot's codecs use its {@code JsonMapper}, which holds
 * the {@link dev.ids.autoconfigure.jackson.IdsJacksonModule}.
 * <p>
 * Ordered before Spring Boot's WebFlux auto-configuration so that, with
 * {@code spring.webflux.problemdetails.enabled=true}, the starter's {@link ResponseEntityExceptionHandler} is found
 * in place of Boot's.
 */
@AutoConfiguration(beforeName = "org.springframework.boot.webflux.autoconfigure.WebFluxAutoConfiguration")
@ConditionalOnWebApplication(type = Type.REACTIVE)
@ConditionalOnClass(WebFluxConfigurer.class)
public final class IdsWebFluxAutoConfiguration {

    @Bean
    IdsWebFluxConfigurer idsWebFluxConfigurer() {
        return new IdsWebFluxConfigurer();
    }

    /** Adds the ID converters to the conversion service WebFlux binds request values with. */
    static final class IdsWebFluxConfigurer implements WebFluxConfigurer {

        @Override
        public void addFormatters(FormatterRegistry registry) {
            IdConverters.addTo(registry);
        }
    }

    /** The problem details of invalid and refused IDs. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnIdProblemDetails
    static class InvalidIdProblemsConfiguration extends IdProblemsConfiguration {

        @Bean
        InvalidIdWebFluxProblemAdvice invalidIdWebFluxProblemAdvice() {
            return new InvalidIdWebFluxProblemAdvice();
        }

        /** With Boot's problem details on: Boot's handler of WebFlux's exceptions, with the details of invalid IDs. */
        @Configuration(proxyBeanMethods = false)
        @ConditionalOnBooleanProperty("spring.webflux.problemdetails.enabled")
        static class ProblemDetailsConfiguration {

            @Bean
            @ConditionalOnMissingBean(ResponseEntityExceptionHandler.class)
            @Order(0)
            IdsWebFluxProblemDetailsExceptionHandler idsWebFluxProblemDetailsExceptionHandler() {
                return new IdsWebFluxProblemDetailsExceptionHandler();
            }
        }
    }
}
