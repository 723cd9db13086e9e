package dev.ids.autoconfigure.web;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication.Type;
import org.springframework.context.annotation.Bean;
import org.springframework.format.FormatterRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Auto-configuration that lets Spring MVC bind {@code @PathVariable}, {@code @RequestParam} and other request
 * values to the ID value types through the MVC conversion service, and format them back to their canonical
 * strings. A value that is not a valid ID is answered with 400 Bad Request.
 */
@AutoConfiguration
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
}
