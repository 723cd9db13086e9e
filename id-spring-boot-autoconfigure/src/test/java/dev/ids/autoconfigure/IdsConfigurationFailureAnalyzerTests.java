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
    void everyMissingNodeIdentityIsReportedByOneStartUp() {
        new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(IdGeneratorsAutoConfiguration.class))
                .run(context -> {
                    FailureAnalysis analysis = analyze(context.getStartupFailure());
                    assertThat(analysis.getDescription()).contains("Property: ids.trace-id.node-no")
                            .contains("Property: ids.lable.generator-id").contains("Property: ids.sno.partition")
                            .contains("'traceIdGenerator' needs a node identity")
                            .contains("'lableIdGenerator' needs a node identity")
                            .contains("'snoGenerator' needs a node identity");
                    assertThat(analysis.getDescription().split("Value: \\(not set\\)", -1)).hasSize(4);
                    assertThat(analysis.getAction()).contains("ids.trace-id.node-no (0 to 65535)")
                            .contains("ids.lable.generator-id (0 to 63)").contains("ids.sno.partition (0 to 65535)")
                            .contains("NodeIdentityProvider").contains("ids.node.zookeeper.connect-string")
                            .contains("ids.trace-id.enabled=false").contains("ids.lable.enabled=false")
                            .contains("ids.sno.enabled=false");
                    assertThat(context.getStartupFailure()).rootCause()
                            .isInstanceOfSatisfying(IdsConfigurationException.class, failure -> assertThat(
                                    failure.getFailures()).extracting(IdsConfigurationException::getProperty)
                                    .containsExactlyInAnyOrder("ids.trace-id.node-no", "ids.lable.generator-id",
                                            "ids.sno.partition"));
                });
    }

    @Test
    void theReportOfMissingIdentitiesNamesNamedGeneratorsAndLeavesOutWhatIsSupplied() {
        new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(IdGeneratorsAutoConfiguration.class))
                .withPropertyValues("ids.lable.generator-id=5", "ids.sno.named.payments.max-wait=1s",
                        "ids.lable.named.audit.max-wait=1s")
                .withBean("traceIdNodes", NodeIdentityProvider.class, () -> request -> request.scheme()
                        == dev.ids.IdScheme.TRACE_ID ? java.util.OptionalLong.of(9) : java.util.OptionalLong.empty())
                .run(context -> assertThat(context.getStartupFailure()).rootCause()
                        .isInstanceOfSatisfying(IdsConfigurationException.class, failure -> assertThat(
                                failure.getFailures()).extracting(IdsConfigurationException::getProperty)
                                .containsExactlyInAnyOrder("ids.lable.named.audit.generator-id",
                                        "ids.sno.partition", "ids.sno.named.payments.partition")));
    }

    @Test
    void aGeneratorTheApplicationReplacedIsNotReported() {
        new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(IdGeneratorsAutoConfiguration.class))
                .withBean("ownSnos", dev.ids.sno.SnoGenerator.class,
                        () -> dev.ids.sno.SnoGenerator.builder().partition(1).build())
                .run(context -> assertThat(context.getStartupFailure()).rootCause()
                        .isInstanceOfSatisfying(IdsConfigurationException.class, failure -> assertThat(
                                failure.getFailures()).extracting(IdsConfigurationException::getProperty)
                                .containsExactlyInAnyOrder("ids.trace-id.node-no", "ids.lable.generator-id")));
    }

    @Test
    void oneMissingIdentityIsReportedAsBefore() {
        contextRunner.withPropertyValues("ids.sno.partition=").run(context -> {
            FailureAnalysis analysis = analyze(context.getStartupFailure());
            assertThat(analysis.getDescription()).isEqualTo("The ID generator configuration is not usable.\n\n"
                    + "    Property: ids.sno.partition\n    Value: (not set)\n    Reason: the sno generator "
                    + "'snoGenerator' needs a node identity, and neither a node-identity provider nor a node lease "
                    + "provider supplied one; the starter does not invent one, because two instances with the same "
                    + "identity issue the same IDs");
            assertThat(analysis.getAction()).isEqualTo("Set ids.sno.partition to a value from 0 to 65535 that no "
                    + "other running instance uses, or add a NodeIdentityProvider bean, or lease identities per "
                    + "instance: with a DataSource bean (or ids.node.provider=jdbc) from the application's database, "
                    + "with an R2DBC ConnectionFactory bean (or ids.node.provider=r2dbc) from its reactive database, "
                    + "with ids.node.zookeeper.connect-string from ZooKeeper, with ids.node.etcd.endpoints (and "
                    + "dev.ids:id-etcd) from etcd, with ids.node.kubernetes.namespace (and dev.ids:id-kubernetes) "
                    + "from Kubernetes Lease objects, or with Spring Data Redis over Lettuce "
                    + "(or ids.node.provider=redis) from Redis; or set ids.sno.enabled=false if you "
                    + "do not need sno IDs.");
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
