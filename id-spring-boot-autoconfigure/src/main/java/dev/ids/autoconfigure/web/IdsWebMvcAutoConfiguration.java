package dev.ids.autoconfigure.web;

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
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;

/**
 * Auto-configuration that lets Spring MVC bind {@code @PathVariable}, {@code @RequestParam} and other request
 * values to the ID value types through the MVC conversion service, and format them back to their canonical
 * strings. A value that is not a valid ID, there or in a JSON body, is answered with 400 Bad Request and a problem
 * detail that names it and says why ({@link InvalidIdProblems}), and a request that needed an ID a generator refused
 * with 503 Service Unavailable and {@code Retry-After} ({@link IdRefusalProblemAdvice}), unless
 * {@code ids.web.problem-details.enabled=false} or the application handles the exception itself.
 * <p>
 * Ordered before Spring Boot's MVC auto-configuration so that, with {@code spring.mvc.problemdetails.enabled=true},
 * the starter's {@link ResponseEntityExceptionHandler} is found in place of Boot's.
 */
@AutoConfiguration(beforeName = "org.springframework.boot.webmvc.autoconfigure.WebMvcAutoConfiguration")
@ConditionalOnWebApplication(type = Type.SERVLET)
@ConditionalOnClass(WebMvcConfigurer.class)
public final class IdsWebMvcAutoConfiguration {

    @Bean
    IdsWebMvcConfigurer idsWebMvcConfigurer() {
        return new IdsWebMvcConfigurer();
    }

    /** Adds the ID converters to the conversion service Spring MVC binds request values with. */
    static final class IdsWebMvcConfigurer implements WebMvcConfigurer {

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
        InvalidIdProblemAdvice invalidIdProblemAdvice() {
            return new InvalidIdProblemAdvice();
        }

        /** With Boot's problem details on: Boot's handler of MVC's exceptions, with the details of invalid IDs. */
        @Configuration(proxyBeanMethods = false)
        @ConditionalOnBooleanProperty("spring.mvc.problemdetails.enabled")
        static class ProblemDetailsConfiguration {

            @Bean
            @ConditionalOnMissingBean(ResponseEntityExceptionHandler.class)
            @Order(0)
            IdsProblemDetailsExceptionHandler idsProblemDetailsExceptionHandler() {
                return new IdsProblemDetailsExceptionHandler();
            }
        }
    }
}
