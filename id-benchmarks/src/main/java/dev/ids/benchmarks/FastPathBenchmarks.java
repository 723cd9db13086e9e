package dev.ids.benchmarks;

import dev.ids.lable.LableId;
import dev.ids.lable.LableIdGenerator;
import dev.ids.lable.LableMode;
import dev.ids.muid.Muid;
import dev.ids.muid.MuidGenerator;
import dev.ids.sno.Sno;
import dev.ids.sno.SnoGenerator;
import dev.ids.traceid.TraceId;
import dev.ids.traceid.TraceIdGenerator;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The cost of one call on the generation fast path: each thread has its own generator on a {@link SteppingClock}
 * that moves one time unit forward before the unit's sequence can run out, so no call ever waits for the clock.
 *
 * <ul>
 *   <li>sno: 1 ms every 16,000 clock readings, at most 64,000 IDs per 4 ms unit (capacity 65,536);</li>
 *   <li>TraceId: 1 ms every 4,000 readings, at most 4,000,000 IDs per second (capacity 4,190,208);</li>
 *   <li>Lable: 1 ms every 60 readings (capacity 64 per millisecond);</li>
 *   <li>muid: 1 µs every reading (capacity 1 per microsecond).</li>
 * </ul>
 * A generator that reads the clock more than once per ID only moves it faster, further from an overflow.
 *
 * <p>The {@code ...Leased} variants take their identity from a {@link HeldLease}: the price of fencing on the fast
 * path (the lease checked before and after each ID, the high-water mark written ahead every 10 s of clock time).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class FastPathBenchmarks {

    private SnoGenerator snos;
    private TraceIdGenerator traceIds;
    private LableIdGenerator lableIds;
    private MuidGenerator muids;
    private SnoGenerator leasedSnos;
    private TraceIdGenerator leasedTraceIds;
    private LableIdGenerator leasedLableIds;
    private MuidGenerator leasedMuids;

    /** Builds this thread's generators, each on its own stepping clock. */
    @Setup
    public void build() {
        snos = SnoGenerator.builder().partition(513).clock(SteppingClock.perMillisecond(16_000)).build();
        traceIds = TraceIdGenerator.builder().nodeNo(7).clock(SteppingClock.perMillisecond(4_000)).build();
        lableIds = LableIdGenerator.builder().generatorId(5).mode(LableMode.TIME_SEQUENTIAL)
                .clock(SteppingClock.perMillisecond(60)).build();
        muids = MuidGenerator.builder().medallion(0x1BFC71B112DL).clock(SteppingClock.everyReadAMicrosecond())
                .build();
        leasedSnos = SnoGenerator.builder().lease(new HeldLease(513)).clock(SteppingClock.perMillisecond(16_000))
                .build();
        leasedTraceIds = TraceIdGenerator.builder().lease(new HeldLease(7)).clock(SteppingClock.perMillisecond(4_000))
                .build();
        leasedLableIds = LableIdGenerator.builder().lease(new HeldLease(5)).mode(LableMode.TIME_SEQUENTIAL)
                .clock(SteppingClock.perMillisecond(60)).build();
        leasedMuids = MuidGenerator.builder().lease(new HeldLease(0x12D)).clock(SteppingClock.everyReadAMicrosecond())
                .build();
    }

    @Benchmark
    public Sno sno() {
        return snos.next();
    }

    @Benchmark
    public TraceId traceId() {
        return traceIds.next();
    }

    @Benchmark
    public LableId lable() {
        return lableIds.next();
    }

    @Benchmark
    public Muid muid() {
        return muids.next();
    }

    @Benchmark
    public Sno snoLeased() {
        return leasedSnos.next();
    }

    @Benchmark
    public TraceId traceIdLeased() {
        return leasedTraceIds.next();
    }

    @Benchmark
    public LableId lableLeased() {
        return leasedLableIds.next();
    }

    @Benchmark
    public Muid muidLeased() {
        return leasedMuids.next();
    }
}
