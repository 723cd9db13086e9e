package dev.ids.sqlfunctions;

import dev.ids.IdGenerator;
import dev.ids.clock.ManualClock;
import dev.ids.gid.Gid;
import dev.ids.gid.GidGenerator;
import dev.ids.gid.GidType;
import dev.ids.lable.LableId;
import dev.ids.lable.LableIdGenerator;
import dev.ids.lable.LableMode;
import dev.ids.muid.Muid;
import dev.ids.muid.MuidGenerator;
import dev.ids.sno.Sno;
import dev.ids.sno.SnoGenerator;
import dev.ids.traceid.TraceId;
import dev.ids.traceid.TraceIdGenerator;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.function.Function;

/**
 * A scheme as the range tests see it: its SQL bound functions, the length of the time unit one ID names, a generator
 * on a manual clock, and the Java bounds the SQL ones must equal.
 */
enum RangeScheme {

    TRACE_ID("traceid", "", Duration.ofSeconds(1), Duration.ofMillis(1),
            clock -> TraceIdGenerator.builder().nodeNo(513).clock(clock).build(), TraceId::min, TraceId::max),
    LABLE("lable", "", Duration.ofMillis(1), Duration.ofMillis(1),
            clock -> LableIdGenerator.builder().mode(LableMode.TIME_SEQUENTIAL).generatorId(42).clock(clock).build(),
            t -> LableId.min(t, LableMode.TIME_SEQUENTIAL), t -> LableId.max(t, LableMode.TIME_SEQUENTIAL)),
    GID("gid", "'Log', ", Duration.ofMillis(1), Duration.ofMillis(1),
            clock -> GidGenerator.builder().type(GidType.LOG).clock(clock).build(),
            t -> Gid.min(GidType.LOG, t), t -> Gid.max(GidType.LOG, t)),
    SNO("sno", "", Duration.ofMillis(4), Duration.ofMillis(1),
            clock -> SnoGenerator.builder().partition(0xBEEF).clock(clock).build(), Sno::min, Sno::max),
    MUID("muid", "", Duration.ofNanos(1000), Duration.ofNanos(1000),
            clock -> MuidGenerator.builder().medallion(0x1ABCDEF0123L).clock(clock).build(), Muid::min, Muid::max);

    private final String name;
    private final String leadingArguments;
    private final Duration unit;
    private final Duration step;
    private final Function<ManualClock, IdGenerator<?>> generators;
    private final Function<Instant, Object> javaMin;
    private final Function<Instant, Object> javaMax;

    RangeScheme(String name, String leadingArguments, Duration unit, Duration step,
            Function<ManualClock, IdGenerator<?>> generators, Function<Instant, Object> javaMin,
            Function<Instant, Object> javaMax) {
        this.name = name;
        this.leadingArguments = leadingArguments;
        this.unit = unit;
        this.step = step;
        this.generators = generators;
        this.javaMin = javaMin;
        this.javaMax = javaMax;
    }

    /** The SQL call of the lowest ID of the instant bound to the next parameter. */
    String min() {
        return "ids_min_" + name + "(" + leadingArguments + "?)";
    }

    /** The SQL call of the highest ID of the instant bound to the next parameter. */
    String max() {
        return "ids_max_" + name + "(" + leadingArguments + "?)";
    }

    /** The length of time one ID names: all the IDs of one unit lie between the same min and max. */
    Duration unit() {
        return unit;
    }

    /** The smallest step of the generator's clock that the test takes, a millisecond or a microsecond. */
    Duration step() {
        return step;
    }

    /** Rounds an instant down to the start of its unit. */
    Instant unitStart(Instant instant) {
        if (this == SNO) {
            long millis = instant.toEpochMilli();
            return Instant.ofEpochMilli(millis - Math.floorMod(millis, 4));
        }
        return instant.truncatedTo(unit.equals(Duration.ofSeconds(1)) ? ChronoUnit.SECONDS
                : unit.equals(Duration.ofMillis(1)) ? ChronoUnit.MILLIS : ChronoUnit.MICROS);
    }

    /** A new generator whose manual clock starts at an instant. */
    IdGenerator<?> generatorAt(ManualClock clock) {
        return generators.apply(clock);
    }

    Object javaMin(Instant instant) {
        return javaMin.apply(instant);
    }

    Object javaMax(Instant instant) {
        return javaMax.apply(instant);
    }
}
