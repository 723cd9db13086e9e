package dev.ids.benchmarks;

import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * How many generator calls one benchmark thread made on threads of their own, and how many of them threw: JMH sums
 * both over the measured iterations and reports them beside the throughput ({@code calls}, {@code exceptions}), so
 * that a generator that fails under a thread per task shows it instead of looking fast.
 */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.EVENTS)
public class TaskCounts {

    /** Calls started in this iteration. */
    public long calls;

    private final LongAdder exceptions = new LongAdder();
    private final AtomicReference<RuntimeException> first = new AtomicReference<>();

    /**
     * Calls that threw in this iteration.
     *
     * @return the count
     */
    public long exceptions() {
        return exceptions.sum();
    }

    /** Counts a call that threw, from the thread it ran on. */
    void threw(RuntimeException e) {
        exceptions.increment();
        first.compareAndSet(null, e);
    }

    /** Starts each iteration from zero: JMH reads the counters at its end. */
    @Setup(Level.Iteration)
    public void reset() {
        calls = 0;
        exceptions.reset();
        first.set(null);
    }

    /**
     * Shows the first exception of the iteration in the benchmark's output, for the reader of the log.
     *
     * @param params the running benchmark
     */
    @TearDown(Level.Iteration)
    public void showFirstException(BenchmarkParams params) {
        RuntimeException e = first.get();
        if (e != null) {
            System.out.println(params.getBenchmark() + ": " + exceptions.sum() + " of " + calls + " calls threw; "
                    + "the first: " + e);
        }
    }
}
