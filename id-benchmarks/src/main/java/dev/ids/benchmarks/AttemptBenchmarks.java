package dev.ids.benchmarks;

import dev.ids.IdGenerator;
import dev.ids.gid.Gid;
import dev.ids.gid.GidGenerator;
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
 * The cost of the non-waiting attempt ({@code tryNext()}) on the fast path, beside {@link FastPathBenchmarks}'
 * {@code next()}: the same generators on the same {@link SteppingClock}s, so no attempt meets a used-up unit. The
 * {@code ...Leased} variants fall back on {@code next()} when the attempt says "would wait" (within the lease's
 * margin, until {@code next()} has written the mark ahead), as the reactive path does. Not part of
 * {@link BenchmarkSuite}; run by hand, for example
 * {@code java -cp id-benchmarks/target/benchmarks.jar org.openjdk.jmh.Main 'AttemptBenchmarks|FastPathBenchmarks'}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class AttemptBenchmarks {

    private SnoGenerator snos;
    private TraceIdGenerator traceIds;
    private LableIdGenerator lableIds;
    private MuidGenerator muids;
    private GidGenerator gids;
    private SnoGenerator leasedSnos;
    private LableIdGenerator leasedLableIds;

    /** Builds this thread's generators, each on its own stepping clock, as {@link FastPathBenchmarks} does. */
    @Setup
    public void build() {
        snos = SnoGenerator.builder().partition(513).clock(SteppingClock.perMillisecond(16_000)).build();
        traceIds = TraceIdGenerator.builder().nodeNo(7).clock(SteppingClock.perMillisecond(4_000)).build();
        lableIds = LableIdGenerator.builder().generatorId(5).mode(LableMode.TIME_SEQUENTIAL)
                .clock(SteppingClock.perMillisecond(60)).build();
        muids = MuidGenerator.builder().medallion(0x1BFC71B112DL).clock(SteppingClock.everyReadAMicrosecond())
                .build();
        gids = GidGenerator.builder().build();
        gids.next(); // keys this thread's stripe of the shared pool, as a blocking caller would first
        leasedSnos = SnoGenerator.builder().lease(new HeldLease(513)).clock(SteppingClock.perMillisecond(16_000))
                .build();
        leasedLableIds = LableIdGenerator.builder().lease(new HeldLease(5)).mode(LableMode.TIME_SEQUENTIAL)
                .clock(SteppingClock.perMillisecond(60)).build();
    }

    @Benchmark
    public Sno sno() {
        return snos.tryNext();
    }

    @Benchmark
    public TraceId traceId() {
        return traceIds.tryNext();
    }

    @Benchmark
    public LableId lable() {
        return lableIds.tryNext();
    }

    @Benchmark
    public Muid muid() {
        return muids.tryNext();
    }

    @Benchmark
    public Gid gid() {
        return attemptOrNext(gids);
    }

    @Benchmark
    public Sno snoLeased() {
        return attemptOrNext(leasedSnos);
    }

    @Benchmark
    public LableId lableLeased() {
        return attemptOrNext(leasedLableIds);
    }

    private static <T> T attemptOrNext(IdGenerator<T> generator) {
        T id = generator.tryNext();
        return id != null ? id : generator.next();
    }
}
