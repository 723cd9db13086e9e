package dev.ids.autoconfigure.jackson;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.hibernate.GeneratedTraceId;
import dev.ids.sno.Sno;
import dev.ids.traceid.TraceId;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import tools.jackson.databind.json.JsonMapper;

class IdsJacksonAutoConfigurationTests {

    private static final String TRACE_ID = "6123839962065403905";

    private final ApplicationContextRunner contextRunner = new ApplicationContextRunner().withConfiguration(
            AutoConfigurations.of(IdsJacksonAutoConfiguration.class, JacksonAutoConfiguration.class));

    @Test
    void bootsJsonMapperWritesAndReadsIds() {
        contextRunner.run(context -> {
            assertThat(context).hasSingleBean(IdsJacksonModule.class);
            JsonMapper mapper = context.getBean(JsonMapper.class);
            assertThat(mapper.writeValueAsString(Sno.parse("brpk4q72xwf2m63l"))).isEqualTo("\"brpk4q72xwf2m63l\"");
            assertThat(mapper.readValue("\"brpk4q72xwf2m63l\"", Sno.class).partition()).isEqualTo(39434);
            assertThat(mapper.writeValueAsString(TraceId.parse(TRACE_ID))).isEqualTo('"' + TRACE_ID + '"');
        });
    }

    @Test
    void writesTraceIdAsNumberWhenThePropertySaysSo() {
        contextRunner.withPropertyValues("ids.jackson.trace-id-as-string=false").run(context -> {
            assertThat(context.getBean(IdsJacksonModule.class).isTraceIdAsString()).isFalse();
            assertThat(context.getBean(JsonMapper.class).writeValueAsString(TraceId.parse(TRACE_ID)))
                    .isEqualTo(TRACE_ID);
        });
    }

    @Test
    void bootsJsonMapperWritesGeneratedLongIdsAsStrings() {
        contextRunner.run(context -> {
            assertThat(context.getBean(IdsJacksonModule.class).isLongIdAsString()).isTrue();
            assertThat(context.getBean(JsonMapper.class).writeValueAsString(new Traced(Long.parseLong(TRACE_ID))))
                    .isEqualTo("{\"id\":\"" + TRACE_ID + "\"}");
        });
    }

    @Test
    void writesGeneratedLongIdsAsNumbersWhenThePropertySaysSo() {
        contextRunner.withPropertyValues("ids.jackson.long-id-as-string=false").run(context -> {
            assertThat(context.getBean(IdsJacksonModule.class).isLongIdAsString()).isFalse();
            assertThat(context.getBean(JsonMapper.class).writeValueAsString(new Traced(Long.parseLong(TRACE_ID))))
                    .isEqualTo("{\"id\":" + TRACE_ID + "}");
        });
    }

    @Test
    void backsOffWhenJacksonIsAbsent() {
        contextRunner.withClassLoader(new FilteredClassLoader(JsonMapper.class))
                .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(IdsJacksonModule.class));
    }

    @Test
    void backsOffWhenSwitchedOff() {
        contextRunner.withPropertyValues("ids.jackson.enabled=false")
                .run(context -> assertThat(context).doesNotHaveBean(IdsJacksonModule.class));
    }

    @Test
    void backsOffWhenUserDefinesModule() {
        contextRunner.withUserConfiguration(UserModule.class).run(context -> {
            assertThat(context).hasSingleBean(IdsJacksonModule.class);
            assertThat(context.getBean(IdsJacksonModule.class)).isSameAs(context.getBean("userModule"));
            assertThat(context.getBean(JsonMapper.class).writeValueAsString(TraceId.parse(TRACE_ID)))
                    .isEqualTo(TRACE_ID);
        });
    }

    record Traced(@GeneratedTraceId Long id) {
    }

    @Configuration(proxyBeanMethods = false)
    static class UserModule {

        @Bean
        IdsJacksonModule userModule() {
            return new IdsJacksonModule(false);
        }
    }
}
