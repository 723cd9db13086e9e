package dev.ids.autoconfigure.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.ids.IdGenerationException;
import dev.ids.autoconfigure.IdGeneratorBuilderCustomizer;
import dev.ids.autoconfigure.IdGeneratorRegistry;
import dev.ids.autoconfigure.IdGeneratorsAutoConfiguration;
import dev.ids.clock.ManualClock;
import dev.ids.gid.GidGenerator;
import dev.ids.lable.LableId;
import dev.ids.lable.LableIdGenerator;
import dev.ids.sno.SnoGenerator;
import io.micrometer.core.instrument.FunctionTimer;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.search.RequiredSearch;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.export.prometheus.PrometheusMetricsExportAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.export.simple.SimpleMetricsExportAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;

class IdGeneratorMetricsAutoConfigurationTests {

    private static final Instant START = Instant.parse("2030-01-01T00:00:00Z");

    private final ManualClock clock = ManualClock.at(START);

    private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(IdGeneratorsAutoConfiguration.class,
                    IdGeneratorMetricsAutoConfiguration.class, MetricsAutoConfiguration.class,
                    CompositeMeterRegistryAutoConfiguration.class, SimpleMetricsExportAutoConfiguration.class))
            .withPropertyValues("ids.trace-id.node-no=7", "ids.lable.generator-id=5", "ids.sno.partition=513");

    @Test
    void registersEveryMeterForEveryGeneratorTaggedBySchemeAndBeanName() {
        contextRunner.withPropertyValues("ids.sno.named.payments.partition=2").run(context -> {
            assertThat(context).hasSingleBean(IdGeneratorMeterBinder.class);
            MeterRegistry registry = context.getBean(MeterRegistry.class);
            assertThat(registry.find("ids.generated").functionCounters())
                    .extracting(counter -> counter.getId().getTag("scheme") + ":" + counter.getId().getTag("generator"))
                    .containsExactlyInAnyOrder("trace-id:traceIdGenerator", "lable:lableIdGenerator",
                            "gid:gidGenerator", "sno:snoGenerator", "sno:paymentsSnoGenerator", "muid:muidGenerator");
            for (String name : new String[] { "ids.generated", "ids.sequence.overflow", "ids.clock.regression",
                    "ids.refused", "ids.wait", "ids.lead" }) {
                assertThat(registry.find(name).tags("scheme", "sno", "generator", "paymentsSnoGenerator").meter())
                        .as(name).isNotNull();
                assertThat(registry.find(name).meter().getId().getDescription()).as(name).isNotBlank();
            }
            assertThat(registry.get("ids.generated").meter().getId().getBaseUnit()).as("a plain count").isNull();
            assertThat(registry.get("ids.lead").meter().getId().getBaseUnit()).isEqualTo("seconds");
        });
    }

    @Test
    void countersFollowIssuedIdsOverflowsAndRegressions() {
        onClock().withPropertyValues("ids.sno.sequence-min=0", "ids.sno.sequence-max=3")
                .run(context -> {
                    MeterRegistry registry = context.getBean(MeterRegistry.class);
                    SnoGenerator sno = context.getBean(SnoGenerator.class);
                    assertThat(search(registry, "ids.generated", "snoGenerator").functionCounter().count()).isZero();

                    for (int i = 0; i < 5; i++) {
                        sno.next(); // four sequence numbers per 4 ms unit: the fifth waits for the next unit
                    }
                    clock.stepWallClock(Duration.ofMillis(-5));
                    sno.next();

                    assertThat(search(registry, "ids.generated", "snoGenerator").functionCounter().count())
                            .isEqualTo(6);
                    assertThat(search(registry, "ids.sequence.overflow", "snoGenerator").functionCounter().count())
                            .isEqualTo(1);
                    assertThat(search(registry, "ids.clock.regression", "snoGenerator").functionCounter().count())
                            .isEqualTo(1);
                    FunctionTimer wait = search(registry, "ids.wait", "snoGenerator").tag("cause", "capacity")
                            .functionTimer();
                    assertThat(wait.count()).isEqualTo(1);
                    assertThat(wait.totalTime(TimeUnit.MICROSECONDS)).isPositive().isLessThanOrEqualTo(4000);
                    assertThat(search(registry, "ids.wait", "snoGenerator").tag("cause", "clock_regression")
                            .functionTimer().count()).as("sno flips its tick-tock bit instead of waiting").isZero();
                    assertThat(search(registry, "ids.refused", "snoGenerator").functionCounter().count()).isZero();
                });
    }

    @Test
    void aWaitForAClockThatSteppedBackIsARegressionNotAnOverflow() {
        onClock().withPropertyValues("ids.lable.max-wait=2h")
                .run(context -> {
                    LableIdGenerator lable = lableAnHourAheadOfTheClock(context);
                    lable.next(); // waits an hour and a millisecond for the clock

                    MeterRegistry registry = context.getBean(MeterRegistry.class);
                    assertThat(search(registry, "ids.clock.regression", "lableIdGenerator").functionCounter().count())
                            .isEqualTo(1);
                    assertThat(search(registry, "ids.sequence.overflow", "lableIdGenerator").functionCounter()
                            .count()).isZero();
                    FunctionTimer regressionWait = search(registry, "ids.wait", "lableIdGenerator")
                            .tag("cause", "clock_regression").functionTimer();
                    assertThat(regressionWait.count()).isEqualTo(1);
                    assertThat(regressionWait.totalTime(TimeUnit.MILLISECONDS)).isEqualTo(3_600_001);
                    assertThat(search(registry, "ids.wait", "lableIdGenerator").tag("cause", "capacity")
                            .functionTimer().count()).isZero();
                });
    }

    @Test
    void leadGaugeShowsHowFarAGeneratorRunsAheadOfTheWallClock() {
        onClock()
                .run(context -> {
                    MeterRegistry registry = context.getBean(MeterRegistry.class);
                    GidGenerator gid = context.getBean(GidGenerator.class);
                    gid.next();
                    assertThat(search(registry, "ids.lead", "gidGenerator").gauge().value()).isZero();

                    clock.stepWallClock(Duration.ofMillis(-250));
                    gid.next(); // a small fall: the GID generator goes on from the latest millisecond it used

                    assertThat(search(registry, "ids.lead", "gidGenerator").gauge().value()).isEqualTo(0.25);
                });
    }

    @Test
    void refusalsAreCounted() {
        onClock().withPropertyValues("ids.lable.max-wait=0s")
                .run(context -> {
                    LableIdGenerator lable = lableAnHourAheadOfTheClock(context);

                    assertThat(catchThrowable(lable::next)).isInstanceOf(IdGenerationException.class);

                    MeterRegistry registry = context.getBean(MeterRegistry.class);
                    assertThat(search(registry, "ids.refused", "lableIdGenerator").functionCounter().count())
                            .isEqualTo(1);
                    assertThat(search(registry, "ids.generated", "lableIdGenerator").functionCounter().count())
                            .isEqualTo(LableId.MAX_SEQUENCE + 1);
                });
    }

    @Test
    void generatorCreatedAfterBindingStillGetsItsMeters() {
        contextRunner.withPropertyValues("ids.sno.named.payments.partition=2")
                .withBean(BeanFactoryPostProcessor.class, () -> beanFactory -> beanFactory
                        .getBeanDefinition("paymentsSnoGenerator").setLazyInit(true))
                .run(context -> {
                    MeterRegistry registry = context.getBean(MeterRegistry.class);
                    assertThat(registry.find("ids.generated").tag("generator", "paymentsSnoGenerator").meter())
                            .as("not created yet").isNull();

                    SnoGenerator payments = context.getBean("paymentsSnoGenerator", SnoGenerator.class);
                    payments.next();

                    assertThat(search(registry, "ids.generated", "paymentsSnoGenerator").functionCounter().count())
                            .isEqualTo(1);
                });
    }

    @Test
    void prometheusNamesFollowMicrometersConventions() {
        onClock().withConfiguration(AutoConfigurations.of(PrometheusMetricsExportAutoConfiguration.class))
                .run(context -> {
                    context.getBean(SnoGenerator.class).next();
                    String scrape = context.getBean(PrometheusMeterRegistry.class).scrape();
                    assertThat(scrape).contains("ids_generated_total{generator=\"snoGenerator\",scheme=\"sno\"} 1.0")
                            .contains("ids_sequence_overflow_total{generator=\"snoGenerator\",scheme=\"sno\"} 0.0")
                            .contains("ids_clock_regression_total{generator=\"snoGenerator\",scheme=\"sno\"} 0.0")
                            .contains("ids_refused_total{generator=\"snoGenerator\",scheme=\"sno\"} 0.0")
                            .contains("ids_wait_seconds_count{cause=\"capacity\",generator=\"snoGenerator\","
                                    + "scheme=\"sno\"} 0")
                            .contains("ids_wait_seconds_sum{cause=\"clock_regression\",generator=\"snoGenerator\","
                                    + "scheme=\"sno\"} 0.0")
                            .contains("ids_wait_seconds_count{cause=\"lease_mark\",generator=\"snoGenerator\","
                                    + "scheme=\"sno\"} 0")
                            .contains("ids_lead_seconds{generator=\"snoGenerator\",scheme=\"sno\"} 0.0")
                            .contains("# HELP ids_generated_total IDs the");
                });
    }

    @Test
    void leavesMetricsOutWithoutMicrometer() {
        contextRunner.withClassLoader(new FilteredClassLoader("io.micrometer.core")).run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(context).doesNotHaveBean(IdGeneratorMeterBinder.class);
            assertThat(context).hasSingleBean(SnoGenerator.class);
        });
    }

    @Test
    void backsOffWithoutAMeterRegistry() {
        new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(IdGeneratorsAutoConfiguration.class,
                        IdGeneratorMetricsAutoConfiguration.class))
                .withPropertyValues("ids.trace-id.node-no=7", "ids.lable.generator-id=5", "ids.sno.partition=513")
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    assertThat(context).doesNotHaveBean(IdGeneratorMeterBinder.class);
                });
    }

    @Test
    void backsOffWhenTheApplicationDefinesABinder() {
        IdGeneratorMeterBinder own = new IdGeneratorMeterBinder(new IdGeneratorRegistry());
        contextRunner.withBean(IdGeneratorMeterBinder.class, () -> own).run(context ->
                assertThat(context).getBean(IdGeneratorMeterBinder.class).isSameAs(own));
    }

    /** The context runner with every generator on {@link #clock}. */
    private ApplicationContextRunner onClock() {
        return contextRunner.withBean(IdGeneratorBuilderCustomizer.class,
                () -> (name, scheme, builder) -> builder.clock(clock));
    }

    /** Uses up the Lable generator's millisecond, then steps the clock an hour back. */
    private LableIdGenerator lableAnHourAheadOfTheClock(ApplicationContext context) {
        LableIdGenerator lable = context.getBean(LableIdGenerator.class);
        for (int i = 0; i <= LableId.MAX_SEQUENCE; i++) {
            lable.next();
        }
        clock.stepWallClock(Duration.ofHours(-1));
        return lable;
    }

    private static RequiredSearch search(MeterRegistry registry, String name, String generator) {
        return registry.get(name).tag("generator", generator);
    }
}
