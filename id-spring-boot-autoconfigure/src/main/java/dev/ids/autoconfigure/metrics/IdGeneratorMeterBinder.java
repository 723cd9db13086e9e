package dev.ids.autoconfigure.metrics;

import dev.ids.MonitoredIdGenerator;
import dev.ids.autoconfigure.IdGeneratorRegistry;
import dev.ids.autoconfigure.IdGeneratorStatistics;
import dev.ids.event.WaitCause;
import dev.ids.node.NodeLease;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.FunctionTimer;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * Registers the meters of every generator in the {@link IdGeneratorRegistry}, tagged {@code scheme} and
 * {@code generator} (the bean name): the counters {@code ids.generated}, {@code ids.sequence.overflow} (waits over
 * capacity only), {@code ids.clock.regression} (each time the wall clock was seen to fall behind) and
 * {@code ids.refused}, the timer {@code ids.wait} (time calls spent waiting for the clock), tagged {@code cause}:
 * {@code capacity}, {@code clock_regression} or {@code lease_mark} (see {@link WaitCause}), the gauge
 * {@code ids.lead} (seconds the generator's time runs ahead of the wall clock) and,
 * for a generator whose node identity is leased, the gauge {@code ids.node.lease.held} (1 while the lease is held,
 * 0 while the generator is fenced), the counters {@code ids.node.lease.renewals} (successful renewals) and
 * {@code ids.node.lease.failures} (failed renewal attempts, including failed attempts to claim a lost identity
 * again), and the gauge {@code ids.node.lease.remaining} (seconds left before the lease would lapse without another
 * renewal; 0 while not held) and {@code ids.node.lease.clock.skew} (seconds the application's wall clock runs ahead
 * of the lease store's, measured at each renewal). In Prometheus these are {@code ids_node_lease_held},
 * {@code ids_node_lease_renewals_total}, {@code ids_node_lease_failures_total},
 * {@code ids_node_lease_remaining_seconds} and {@code ids_node_lease_clock_skew_seconds}, names the sample
 * application's dashboard relies on.
 * Generators registered after binding get their meters when they are registered.
 */
public final class IdGeneratorMeterBinder implements MeterBinder {

    private final IdGeneratorRegistry generators;

    /**
     * Creates a binder for the generators of a registry.
     *
     * @param generators the registry whose generators to measure
     */
    public IdGeneratorMeterBinder(IdGeneratorRegistry generators) {
        this.generators = generators;
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        generators.onEachRegistration(registration -> bind(registration, registry));
    }

    private static void bind(IdGeneratorRegistry.Registration registration, MeterRegistry registry) {
        MonitoredIdGenerator<?> generator = registration.generator();
        IdGeneratorStatistics statistics = registration.statistics();
        Tags tags = Tags.of("scheme", generator.scheme().schemeName(), "generator", registration.name());
        FunctionCounter.builder("ids.generated", generator, MonitoredIdGenerator::generatedCount)
                .description("IDs the generator has issued").tags(tags).register(registry);
        FunctionCounter.builder("ids.sequence.overflow", statistics, IdGeneratorStatistics::overflowCount)
                .description("Times a call waited over capacity, because the sequence of a time unit was used up")
                .tags(tags).register(registry);
        FunctionCounter.builder("ids.clock.regression", statistics, IdGeneratorStatistics::regressionCount)
                .description("Times the generator saw the wall clock fall behind").tags(tags).register(registry);
        FunctionCounter.builder("ids.refused", statistics, IdGeneratorStatistics::refusalCount)
                .description("Times the generator refused to issue an ID").tags(tags).register(registry);
        for (WaitCause cause : WaitCause.values()) {
            FunctionTimer.builder("ids.wait", statistics, counted -> counted.waitCount(cause),
                            counted -> counted.totalWait(cause).toNanos(), TimeUnit.NANOSECONDS)
                    .description("Time calls spent waiting for the clock: over capacity, behind a clock that "
                            + "stepped back, or behind a node lease's high-water mark")
                    .tags(tags).tag("cause", cause.name().toLowerCase(Locale.ROOT)).register(registry);
        }
        Gauge.builder("ids.lead", generator, measured -> measured.lead().toNanos() / 1e9)
                .description("How far the time in the generator's latest IDs runs ahead of the wall clock")
                .baseUnit("seconds").tags(tags).register(registry);
        if (statistics.leasedIdentity().isPresent()) {
            NodeLease lease = statistics.leasedIdentity().get().lease();
            Gauge.builder("ids.node.lease.held", statistics, measured -> measured.isLeaseHeld() ? 1 : 0)
                    .description("1 while the generator holds the lease on its node identity, 0 while it is fenced")
                    .tags(tags).register(registry);
            FunctionCounter.builder("ids.node.lease.renewals", lease, NodeLease::renewalCount)
                    .description("Times the lease on the generator's node identity was renewed").tags(tags)
                    .register(registry);
            FunctionCounter.builder("ids.node.lease.failures", lease, NodeLease::renewalFailureCount)
                    .description("Failed attempts to renew the lease on the generator's node identity, or to claim "
                            + "it again once lost").tags(tags).register(registry);
            Gauge.builder("ids.node.lease.remaining", lease, measured -> measured.remaining().toNanos() / 1e9)
                    .description("Time left before the lease on the generator's node identity lapses unless renewed")
                    .baseUnit("seconds").tags(tags).register(registry);
            Gauge.builder("ids.node.lease.clock.skew", lease, measured -> measured.clockSkew().toNanos() / 1e9)
                    .description("How far the application's wall clock runs ahead of the lease store's (negative: "
                            + "behind), measured at each renewal; the lease is fenced while it exceeds the grace")
                    .baseUnit("seconds").tags(tags).register(registry);
        }
    }
}
