package dev.ids.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalyzer;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Configuration;

/** Each kind of bad configuration stops the start-up with a report that names the property, value and range. */
@ExtendWith(OutputCaptureExtension.class)
class IdsConfigurationFailureAnalyzerTests {

    private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(IdGeneratorsAutoConfiguration.class))
            .withPropertyValues("ids.trace-id.node-no=7", "ids.lable.generator-id=5", "ids.sno.partition=513");

    @ParameterizedTest(name = "{0}={1}")
    @CsvSource(delimiter = '|', value = {
        "ids.lable.generator-id | 64    | ids.lable.generator-id | [0, 63]",
        "ids.lable.cluster-id   | 16    | ids.lable.cluster-id   | [0, 15]",
        "ids.sno.partition      | 70000 | ids.sno.partition      | [0, 65535]",
        "ids.trace-id.node-no   | -1    | ids.trace-id.node-no   | [0, 65535]",
        "ids.muid.medallion     | 17592186044415 | ids.muid.medallion | 17592186044414",
        "ids.sno.max-wait       | PT-1S | ids.sno.max-wait       | [PT0S, PT24H]",
    })
    void valueOutOfRangeNamesThePropertyTheValueAndTheRange(String property, String value, String named,
            String range) {
        contextRunner.withPropertyValues(property + "=" + value).run(context -> {
            FailureAnalysis analysis = analyze(context.getStartupFailure());
            assertThat(analysis.getDescription()).contains("Property: " + named).contains("Value: " + value)
                    .contains(range);
            assertThat(analysis.getAction()).contains("Change " + named);
        });
    }

    @ParameterizedTest(name = "sequence {0}..{1}")
    @CsvSource({"200, 100, must not exceed", "10, 12, at least 4"})
    void badSequenceBoundsNameThePoolsBothEnds(int min, int max, String reason) {
        contextRunner.withPropertyValues("ids.sno.sequence-min=" + min, "ids.sno.sequence-max=" + max)
                .run(context -> {
                    FailureAnalysis analysis = analyze(context.getStartupFailure());
                    assertThat(analysis.getDescription()).contains("Property: ids.sno.sequence-min")
                            .contains("Value: " + min).contains(reason)
                            .contains("ids.sno.sequence-min = " + min + " to ids.sno.sequence-max = " + max);
                    assertThat(analysis.getAction()).contains("ids.sno.sequence-min and ids.sno.sequence-max");
                });
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"ids.trace-id.node-no, 65535", "ids.lable.generator-id, 63", "ids.sno.partition, 65535"})
    void missingNodeIdentitySaysWhatToSetAndTheAlternatives(String property, long max) {
        contextRunner.withPropertyValues(property + "=").run(context -> {
            FailureAnalysis analysis = analyze(context.getStartupFailure());
            assertThat(analysis.getDescription()).contains("Property: " + property).contains("(not set)");
            assertThat(analysis.getAction()).contains("Set " + property + " to a value from 0 to " + max)
                    .contains("NodeIdentityProvider")
                    .contains(property.substring(0, property.lastIndexOf('.')) + ".enabled=false");
        });
    }

    @Test
    void startUpReportShowsTheAnalysis(CapturedOutput output) {
        assertThatThrownBy(() -> start("--ids.sno.partition=70000")).hasRootCauseInstanceOf(IdsConfigurationException.class);

        assertThat(output).contains("APPLICATION FAILED TO START").contains("Property: ids.sno.partition")
                .contains("Value: 70000").contains("partition out of range [0, 65535]: 70000")
                .contains("Change ids.sno.partition to an allowed value");
    }

    @Test
    void unknownModeIsReportedByBootWithTheAllowedValues(CapturedOutput output) {
        assertThatThrownBy(() -> start("--ids.lable.mode=fast")).isNotNull();

        assertThat(output).contains("APPLICATION FAILED TO START").contains("ids.lable.mode").contains("fast")
                .contains("SPREAD").contains("TIME_SEQUENTIAL");
    }

    private static void start(String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        for (String identity : List.of("ids.trace-id.node-no=7", "ids.lable.generator-id=5", "ids.sno.partition=513")) {
            String name = identity.substring(0, identity.indexOf('='));
            if (all.stream().noneMatch(arg -> arg.startsWith("--" + name + "="))) {
                all.add("--" + identity);
            }
        }
        all.add("--spring.main.banner-mode=off");
        new SpringApplicationBuilder(Application.class).web(WebApplicationType.NONE).run(all.toArray(String[]::new))
                .close();
    }

    @Configuration(proxyBeanMethods = false)
    @ImportAutoConfiguration(IdGeneratorsAutoConfiguration.class)
    static class Application {
    }

    private static FailureAnalysis analyze(Throwable failure) {
        assertThat(failure).as("start-up failure").isNotNull();
        FailureAnalyzer analyzer = new IdsConfigurationFailureAnalyzer();
        FailureAnalysis analysis = analyzer.analyze(failure);
        assertThat(analysis).as("analysis of " + failure).isNotNull();
        return analysis;
    }
}
