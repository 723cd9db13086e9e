package dev.ids.autoconfigure.web.reactive;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.autoconfigure.web.reactive.IdsWebFluxAutoConfiguration.IdsWebFluxConfigurer;
import dev.ids.gid.Gid;
import dev.ids.traceid.TraceId;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.ReactiveWebApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.boot.webflux.autoconfigure.WebFluxAutoConfiguration;
import org.springframework.format.support.FormattingConversionService;
import org.springframework.web.reactive.config.WebFluxConfigurer;
import org.springframework.web.reactive.result.method.annotation.ResponseEntityExceptionHandler;

class IdsWebFluxAutoConfigurationTests {

    private final ReactiveWebApplicationContextRunner contextRunner = new ReactiveWebApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(IdsWebFluxAutoConfiguration.class,
                    WebFluxAutoConfiguration.class));

    @Test
    void webFluxConversionServiceConvertsIds() {
        contextRunner.run(context -> {
            assertThat(context).hasSingleBean(IdsWebFluxConfigurer.class);
            FormattingConversionService conversionService =
                    context.getBean("webFluxConversionService", FormattingConversionService.class);
            assertThat(conversionService.convert("6123839962065403905", TraceId.class).toLong())
                    .isEqualTo(6123839962065403905L);
            assertThat(conversionService.convert(Gid.parse("74gfrC8X75-4Fwt5S13qxVrN"), String.class))
                    .isEqualTo("74gfrC8X75-4Fwt5S13qxVrN");
        });
    }

    @Test
    void answersInvalidIdsWithProblemDetails() {
        contextRunner.run(context -> {
            assertThat(context).hasSingleBean(InvalidIdWebFluxProblemAdvice.class);
            assertThat(context).doesNotHaveBean(ResponseEntityExceptionHandler.class);
        });
    }

    @Test
    void takesThePlaceOfBootsProblemDetailsHandler() {
        contextRunner.withPropertyValues("spring.webflux.problemdetails.enabled=true").run(context -> {
            assertThat(context).hasSingleBean(ResponseEntityExceptionHandler.class);
            assertThat(context).getBean(ResponseEntityExceptionHandler.class)
                    .isInstanceOf(IdsWebFluxProblemDetailsExceptionHandler.class);
        });
    }

    @Test
    void leavesProblemDetailsToTheApplicationsResponseEntityExceptionHandler() {
        contextRunner.withPropertyValues("spring.webflux.problemdetails.enabled=true")
                .withBean("applicationHandler", ResponseEntityExceptionHandler.class,
                        () -> new ResponseEntityExceptionHandler() { })
                .run(context -> {
                    assertThat(context).hasSingleBean(ResponseEntityExceptionHandler.class);
                    assertThat(context).doesNotHaveBean(IdsWebFluxProblemDetailsExceptionHandler.class);
                });
    }

    @Test
    void answersInvalidIdsPlainlyWhenSwitchedOff() {
        contextRunner.withPropertyValues("ids.web.problem-details.enabled=false",
                "spring.webflux.problemdetails.enabled=true").run(context -> {
                    assertThat(context).hasSingleBean(IdsWebFluxConfigurer.class);
                    assertThat(context).doesNotHaveBean(InvalidIdWebFluxProblemAdvice.class);
                    assertThat(context).getBean(ResponseEntityExceptionHandler.class)
                            .isNotInstanceOf(IdsWebFluxProblemDetailsExceptionHandler.class);
                });
    }

    @Test
    void backsOffWhenWebFluxIsAbsent() {
        contextRunner.withClassLoader(new FilteredClassLoader(WebFluxConfigurer.class))
                .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(IdsWebFluxConfigurer.class));
    }

    @Test
    void backsOffInAServletWebApplication() {
        new WebApplicationContextRunner().withConfiguration(AutoConfigurations.of(IdsWebFluxAutoConfiguration.class))
                .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(IdsWebFluxConfigurer.class)
                        .doesNotHaveBean(InvalidIdWebFluxProblemAdvice.class));
    }

    @Test
    void backsOffOutsideAWebApplication() {
        new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(IdsWebFluxAutoConfiguration.class))
                .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(IdsWebFluxConfigurer.class));
    }
}
