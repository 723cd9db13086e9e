package dev.ids.autoconfigure.actuate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.ids.IdGenerationException;
import dev.ids.autoconfigure.IdGeneratorBuilderCustomizer;
import dev.ids.autoconfigure.IdGeneratorsAutoConfiguration;
import dev.ids.clock.ManualClock;
import dev.ids.lable.LableId;
import dev.ids.lable.LableIdGenerator;
import dev.ids.sno.SnoGenerator;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

class IdGeneratorsHealthContributorAutoConfigurationTests {

    private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(IdGeneratorsAutoConfiguration.class,
                    IdGeneratorsHealthContributorAutoConfiguration.class))
            .withPropertyValues("ids.trace-id.node-no=7", "ids.lable.generator-id=5", "ids.sno.partition=513");

    @Test
    void reportsUpWithTheSchemeSettingsAndCountOfEachGenerator() {
        contextRunner.withPropertyValues("ids.sno.sequence-min=100", "ids.sno.sequence-max=199").run(context -> {
            assertThat(context).hasBean("idsHealthIndicator");
            context.getBean(SnoGenerator.class).next();

            Health health = context.getBean("idsHealthIndicator", HealthIndicator.class).health();

            assertThat(health.getStatus()).isEqualTo(Status.UP);
            assertThat(health.getDetails()).containsOnlyKeys("traceIdGenerator", "lableIdGenerator", "gidGenerator",
                    "snoGenerator", "muidGenerator");
            assertThat(health.getDetails().get("snoGenerator")).isEqualTo(Map.of("scheme", "sno", "settings",
                    Map.of("partition", 513, "sequenceMin", 100, "sequenceMax", 199), "generated", 1L));
        });
    }

    @Test
    void reportsDownWithTheReasonWhileAGeneratorRefusesAndUpAgainOnceItIssuesAnId() {
        ManualClock clock = ManualClock.at(Instant.parse("2030-01-01T00:00:00Z"));
        contextRunner.withPropertyValues("ids.lable.max-wait=0s")
                .withBean(IdGeneratorBuilderCustomizer.class, () -> (name, scheme, builder) -> builder.clock(clock))
                .run(context -> {
                    HealthIndicator indicator = context.getBean("idsHealthIndicator", HealthIndicator.class);
                    LableIdGenerator lable = context.getBean(LableIdGenerator.class);
                    for (int i = 0; i <= LableId.MAX_SEQUENCE; i++) {
                        lable.next(); // uses up the millisecond
                    }
                    assertThat(indicator.health().getStatus()).isEqualTo(Status.UP);

                    clock.stepWallClock(Duration.ofHours(-1));
                    assertThat(catchThrowable(lable::next)).isInstanceOf(IdGenerationException.class);

                    Health down = indicator.health();
                    assertThat(down.getStatus()).isEqualTo(Status.DOWN);
                    assertThat(down.getDetails().get("lableIdGenerator")).asInstanceOf(
                            InstanceOfAssertFactories.MAP).extractingByKey("problem")
                            .asString().contains("maximum wait");
                    assertThat(down.getDetails().get("snoGenerator")).asInstanceOf(
                            InstanceOfAssertFactories.MAP).doesNotContainKey("problem");

                    clock.stepWallClock(Duration.ofHours(1).plusMillis(1));
                    lable.next();
                    assertThat(indicator.health().getStatus()).isEqualTo(Status.UP);
                });
    }

    @Test
    void comesBackUpWhenTheClockCatchesUpEvenWithoutTraffic() {
        ManualClock clock = ManualClock.at(Instant.parse("2030-01-01T00:00:00Z"));
        contextRunner.withPropertyValues("ids.lable.max-wait=0s")
                .withBean(IdGeneratorBuilderCustomizer.class, () -> (name, scheme, builder) -> builder.clock(clock))
                .run(context -> {
                    HealthIndicator indicator = context.getBean("idsHealthIndicator", HealthIndicator.class);
                    LableIdGenerator lable = context.getBean(LableIdGenerator.class);
                    for (int i = 0; i <= LableId.MAX_SEQUENCE; i++) {
                        lable.next();
                    }
                    clock.stepWallClock(Duration.ofHours(-1));
                    assertThat(catchThrowable(lable::next)).isInstanceOf(IdGenerationException.class);
                    assertThat(indicator.health().getStatus()).isEqualTo(Status.DOWN);

                    clock.stepWallClock(Duration.ofHours(1).plusMillis(1));

                    assertThat(indicator.health().getStatus()).isEqualTo(Status.UP);
                });
    }

    @Test
    void canBeSwitchedOff() {
        contextRunner.withPropertyValues("management.health.ids.enabled=false")
                .run(context -> assertThat(context).doesNotHaveBean(IdGeneratorsHealthIndicator.class));
    }

    @Test
    void followsTheDefaultsSwitch() {
        contextRunner.withPropertyValues("management.health.defaults.enabled=false")
                .run(context -> assertThat(context).doesNotHaveBean(IdGeneratorsHealthIndicator.class));
    }

    @Test
    void leavesHealthOutWithoutSpringBootHealth() {
        contextRunner.withClassLoader(new FilteredClassLoader("org.springframework.boot.health")).run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(context).doesNotHaveBean("idsHealthIndicator");
        });
    }

    @Test
    void backsOffWhenTheApplicationDefinesIdsHealthIndicator() {
        HealthIndicator own = () -> Health.up().build();
        contextRunner.withBean("idsHealthIndicator", HealthIndicator.class, () -> own).run(context -> {
            assertThat(context).doesNotHaveBean(IdGeneratorsHealthIndicator.class);
            assertThat(context).getBean("idsHealthIndicator").isSameAs(own);
        });
    }
}
