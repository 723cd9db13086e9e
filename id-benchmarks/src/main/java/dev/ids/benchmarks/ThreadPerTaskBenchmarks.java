package dev.ids.benchmarks;

import dev.ids.gid.GidGenerator;
import dev.ids.gid.GidType;
import dev.ids.lable.LableIdGenerator;
import dev.ids.lable.LableMode;
import dev.ids.muid.MuidGenerator;
import dev.ids.sno.SnoGenerator;
import dev.ids.traceid.TraceIdGenerator;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Generation with a new thread per call, as in an application that runs every request on a thread of its own (Spring
 * Boot with {@code spring.threads.virtual.enabled}): what one ID costs when the thread asking for it has never asked
 * before. Each invocation starts {@value #BATCH} tasks at once, each drawing one ID on its own new thread from the
 * generator all share (built as in {@link GenerationBenchmarks}), and waits for all of them; the threads are virtual
 * where the JDK has them (see {@link ThreadPerTask}). {@code UUID.randomUUID()} runs the same way, as the peer. The
 * {@code ...Leased} variants take their identity from a {@link HeldLease}, as almost every production generator
 * does: the fence's price when every call comes from a new thread.
 *
 * <p>A call that throws still counts as an operation, so {@link TaskCounts} reports the calls and the exceptions
 * beside the throughput.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OperationsPerInvocation(ThreadPerTaskBenchmarks.BATCH)
public class ThreadPerTaskBenchmarks {

    /** Tasks started per invocation, each on a new thread. */
    static final int BATCH = 1000;

    private ThreadPerTask threads;
    private TraceIdGenerator traceIds;
    private LableIdGenerator lableIds;
    private SnoGenerator snos;
    private GidGenerator gids;
    private MuidGenerator muids;
    private TraceIdGenerator leasedTraceIds;
    private LableIdGenerator leasedLableIds;
    private SnoGenerator leasedSnos;
    private MuidGenerator leasedMuids;

    /** The last ID drawn by any task, so that no call is dead code (read once the batch's latch is open). */
    private Object last;

    /** Builds one generator per scheme, as an application would, and the thread-per-task starter. */
    @Setup
    public void build() {
        threads = ThreadPerTask.open();
        traceIds = TraceIdGenerator.builder().nodeNo(7).build();
        lableIds = LableIdGenerator.builder().generatorId(5).clusterId(2).mode(LableMode.TIME_SEQUENTIAL).build();
        snos = SnoGenerator.builder().partition(513).build();
        gids = GidGenerator.builder().type(GidType.VOLUME).build();
        muids = MuidGenerator.builder().medallion(0x1BFC71B112DL).build();
        leasedTraceIds = TraceIdGenerator.builder().lease(new HeldLease(7)).build();
        leasedLableIds = LableIdGenerator.builder().lease(new HeldLease(5)).clusterId(2)
                .mode(LableMode.TIME_SEQUENTIAL).build();
        leasedSnos = SnoGenerator.builder().lease(new HeldLease(513)).build();
        leasedMuids = MuidGenerator.builder().lease(new HeldLease(0x12D)).build();
    }

    /** Waits for the virtual threads to end. */
    @TearDown
    public void close() {
        threads.close();
    }

    @Benchmark
    public Object traceId(TaskCounts counts) throws InterruptedException {
        return batch(traceIds::next, counts);
    }

    @Benchmark
    public Object lable(TaskCounts counts) throws InterruptedException {
        return batch(lableIds::next, counts);
    }

    @Benchmark
    public Object sno(TaskCounts counts) throws InterruptedException {
        return batch(snos::next, counts);
    }

    @Benchmark
    public Object gid(TaskCounts counts) throws InterruptedException {
        return batch(gids::next, counts);
    }

    @Benchmark
    public Object muid(TaskCounts counts) throws InterruptedException {
        return batch(muids::next, counts);
    }

    @Benchmark
    public Object traceIdLeased(TaskCounts counts) throws InterruptedException {
        return batch(leasedTraceIds::next, counts);
    }

    @Benchmark
    public Object lableLeased(TaskCounts counts) throws InterruptedException {
        return batch(leasedLableIds::next, counts);
    }

    @Benchmark
    public Object snoLeased(TaskCounts counts) throws InterruptedException {
        return batch(leasedSnos::next, counts);
    }

    @Benchmark
    public Object muidLeased(TaskCounts counts) throws InterruptedException {
        return batch(leasedMuids::next, counts);
    }

    @Benchmark
    public Object jdkRandomUuid(TaskCounts counts) throws InterruptedException {
        return batch(UUID::randomUUID, counts);
    }

    /**
     * Draws {@value #BATCH} IDs, each on a new thread, and waits for them. A generator's exception is counted; an
     * error fails the benchmark.
     */
    Object batch(Supplier<?> generator, TaskCounts counts) throws InterruptedException {
        CountDownLatch done = new CountDownLatch(BATCH);
        AtomicReference<Error> error = new AtomicReference<>();
        Runnable task = () -> {
            try {
                last = generator.get();
            } catch (RuntimeException e) {
                counts.threw(e);
            } catch (Error e) {
                error.compareAndSet(null, e);
            } finally {
                done.countDown();
            }
        };
        for (int i = 0; i < BATCH; i++) {
            threads.start(task);
        }
        counts.calls += BATCH;
        done.await();
        if (error.get() != null) {
            throw error.get();
        }
        return last;
    }
}
