package dev.ids.autoconfigure.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.autoconfigure.web.IdsWebMvcAutoConfiguration.IdsWebMvcConfigurer;
import dev.ids.muid.Muid;
import dev.ids.sno.Sno;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.boot.webmvc.autoconfigure.WebMvcAutoConfiguration;
import org.springframework.format.support.FormattingConversionService;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;

class IdsWebMvcAutoConfigurationTests {

    private final WebApplicationContextRunner contextRunner = new WebApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(IdsWebMvcAutoConfiguration.class, WebMvcAutoConfiguration.class));

    @Test
    void mvcConversionServiceConvertsIds() {
        contextRunner.run(context -> {
            assertThat(context).hasSingleBean(IdsWebMvcConfigurer.class);
            FormattingConversionService conversionService =
                    context.getBean("mvcConversionService", FormattingConversionService.class);
            assertThat(conversionService.convert("brpk4q72xwf2m63l", Sno.class).partition()).isEqualTo(39434);
            assertThat(conversionService.convert("5D5EAC793E61F-1BFC71B112D-0000000B", Muid.class).offset())
                    .isEqualTo(11);
        });
    }

    @Test
    void answersInvalidIdsWithProblemDetails() {
        contextRunner.run(context -> {
            assertThat(context).hasSingleBean(InvalidIdProblemAdvice.class);
            assertThat(context).doesNotHaveBean(ResponseEntityExceptionHandler.class);
        });
    }

    @Test
    void takesThePlaceOfBootsProblemDetailsHandler() {
        contextRunner.withPropertyValues("spring.mvc.problemdetails.enabled=true").run(context -> assertThat(context)
                .getBean(ResponseEntityExceptionHandler.class).isInstanceOf(IdsProblemDetailsExceptionHandler.class));
    }

    @Test
    void leavesProblemDetailsToTheApplicationsResponseEntityExceptionHandler() {
        contextRunner.withPropertyValues("spring.mvc.problemdetails.enabled=true")
                .withBean("applicationHandler", ResponseEntityExceptionHandler.class,
                        () -> new ResponseEntityExceptionHandler() { })
                .run(context -> {
                    assertThat(context).hasSingleBean(ResponseEntityExceptionHandler.class);
                    assertThat(context).doesNotHaveBean(IdsProblemDetailsExceptionHandler.class);
                });
    }

    @Test
    void answersInvalidIdsPlainlyWhenSwitchedOff() {
        contextRunner.withPropertyValues("ids.web.problem-details.enabled=false",
                "spring.mvc.problemdetails.enabled=true").run(context -> {
                    assertThat(context).doesNotHaveBean(InvalidIdProblemAdvice.class);
                    assertThat(context).getBean(ResponseEntityExceptionHandler.class)
                            .isNotInstanceOf(IdsProblemDetailsExceptionHandler.class);
                });
    }

    @Test
    void backsOffWhenSpringMvcIsAbsent() {
        contextRunner.withClassLoader(new FilteredClassLoader(WebMvcConfigurer.class))
                .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(IdsWebMvcConfigurer.class));
    }

    @Test
    void backsOffOutsideAServletWebApplication() {
        new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(IdsWebMvcAutoConfiguration.class))
                .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(IdsWebMvcConfigurer.class));
    }
}
