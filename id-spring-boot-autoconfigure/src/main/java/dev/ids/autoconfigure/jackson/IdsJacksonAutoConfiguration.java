package dev.ids.autoconfigure.jackson;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import tools.jackson.databind.json.JsonMapper;

/**
 * Auto-configuration of the {@link IdsJacksonModule} bean, which Spring Boot's Jackson auto-configuration adds to
 * every mapper it builds (it registers all {@code JacksonModule} beans). Switched off by
 * {@code ids.jackson.enabled=false}; a module bean the application defines replaces it.
 */
@AutoConfiguration
@ConditionalOnClass(JsonMapper.class)
@ConditionalOnBooleanProperty(name = "ids.jackson.enabled", matchIfMissing = true)
@EnableConfigurationProperties(IdsJacksonProperties.class)
public final class IdsJacksonAutoConfiguration {

    @Bean
    @ConditionalOnMissingBean
    IdsJacksonModule idsJacksonModule(IdsJacksonProperties properties) {
        return new IdsJacksonModule(properties.isTraceIdAsString(), properties.isLongIdAsString());
    }
}
