package dev.ids.attempt;

import dev.ids.MonitoredIdGenerator;
import dev.ids.clock.IdClock;
import dev.ids.event.IdGeneratorListener;
import dev.ids.generator.WaitingGeneratorBuilder;
import dev.ids.lable.LableIdGenerator;
import dev.ids.lable.LableMode;
import dev.ids.muid.MuidGenerator;
import dev.ids.node.NodeLease;
import dev.ids.sequence.TimeSequence;
import dev.ids.sno.SnoGenerator;
import dev.ids.traceid.TraceIdGenerator;
import java.time.Duration;

/**
 * The four sequenced schemes, built the same way for the attempt tests, each with the number of IDs one time unit
 * of its clock offers as the scheme defines it: TraceId 4096 chunks of 1023 per second, Lable 64 per millisecond,
 * sno the 4 numbers of the smallest share (0..3) per 4 ms, muid one per microsecond.
 */
public enum SequencedScheme {

    /** 4096 chunks x 1023 counters per second. */
    TRACE_ID(4096 * 1023, Duration.ofSeconds(1)),
    /** 64 per millisecond. */
    LABLE(64, Duration.ofMillis(1)),
    /** Sequence bounds 0..3: 4 per 4 ms. */
    SNO(4, Duration.ofMillis(4)),
    /** One per microsecond. */
    MUID(1, Duration.ofNanos(1000));

    private final int perUnit;
    private final Duration unit;

    SequencedScheme(int perUnit, Duration unit) {
        this.perUnit = perUnit;
        this.unit = unit;
    }

    /** How many IDs one time unit offers. */
    public int perUnit() {
        return perUnit;
    }

    /** The length of the time unit. */
    public Duration unit() {
        return unit;
    }

    /** A generator of node identity 7 (or the lease's), TIME_SEQUENTIAL for Lable, so one thread's IDs increase. */
    public MonitoredIdGenerator<?> build(IdClock clock, IdGeneratorListener listener, NodeLease lease) {
        return build(clock, listener, lease, TimeSequence.DEFAULT_MAX_WAIT);
    }

    /** As {@link #build(IdClock, IdGeneratorListener, NodeLease)}, waiting at most {@code maxWait} per call. */
    public MonitoredIdGenerator<?> build(IdClock clock, IdGeneratorListener listener, NodeLease lease,
            Duration maxWait) {
        return switch (this) {
            case TRACE_ID -> configure(lease == null ? TraceIdGenerator.builder().nodeNo(7)
                    : TraceIdGenerator.builder(), clock, listener, lease, maxWait).build();
            case LABLE -> configure(lease == null ? LableIdGenerator.builder().generatorId(7)
                    : LableIdGenerator.builder(), clock, listener, lease, maxWait).mode(LableMode.TIME_SEQUENTIAL).build();
            case SNO -> configure(lease == null ? SnoGenerator.builder().partition(7) : SnoGenerator.builder(),
                    clock, listener, lease, maxWait).sequenceBounds(0, 3).build();
            case MUID -> configure(lease == null ? MuidGenerator.builder().medallion(7) : MuidGenerator.builder(),
                    clock, listener, lease, maxWait).build();
        };
    }

    /** A generator without a lease. */
    public MonitoredIdGenerator<?> build(IdClock clock, IdGeneratorListener listener) {
        return build(clock, listener, null);
    }

    private static <B extends WaitingGeneratorBuilder<B>> B configure(B builder, IdClock clock,
            IdGeneratorListener listener, NodeLease lease, Duration maxWait) {
        builder.clock(clock).listener(listener).maxWait(maxWait);
        return lease == null ? builder : builder.lease(lease);
    }
}
