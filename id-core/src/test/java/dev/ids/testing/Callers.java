package dev.ids.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Runs many callers of one generator at once, a thread each, and fails the test with the first exception a caller
 * threw, or when the callers have not all finished within 60 s.
 */
public final class Callers {

    /** What one caller does. */
    @FunctionalInterface
    public interface Caller {

        /**
         * Makes this caller's calls.
         *
         * @param index which caller this is, from 0
         * @throws Exception anything the calls throw: it fails the test
         */
        void call(int index) throws Exception;
    }

    private Callers() {
    }

    /**
     * Runs the callers, each as soon as its thread starts.
     *
     * @param threads how many callers
     * @param caller what each one does
     */
    public static void run(int threads, Caller caller) throws Exception {
        runAll(threads, caller);
    }

    /**
     * Runs the callers from the same moment: each waits until all have started, so that they contend from their
     * first call.
     *
     * @param threads how many callers
     * @param caller what each one does
     */
    public static void runTogether(int threads, Caller caller) throws Exception {
        CyclicBarrier start = new CyclicBarrier(threads);
        runAll(threads, index -> {
            start.await();
            caller.call(index);
        });
    }

    /**
     * Runs the callers on simulated time, caller 0 waking late from every pause as a thread the scheduler serves last;
     * each caller tells the clock when it is done, so that time no longer waits for it.
     *
     * @param simulated the clock, made for {@code threads} threads
     * @param threads how many callers
     * @param lateNanos how late caller 0 wakes
     * @param caller what each one does
     */
    public static void runWithOneLate(SimulatedClock simulated, int threads, long lateNanos, Caller caller)
            throws Exception {
        runAll(threads, index -> {
            try {
                if (index == 0) {
                    simulated.wakeLate(lateNanos);
                }
                caller.call(index);
            } finally {
                simulated.finished();
            }
        });
    }

    private static void runAll(int threads, Caller caller) throws Exception {
        ExecutorService callers = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int index = t;
                done.add(callers.submit(() -> {
                    caller.call(index);
                    return null;
                }));
            }
            for (Future<?> each : done) {
                each.get(60, TimeUnit.SECONDS);
            }
        } finally {
            callers.shutdownNow();
        }
    }
}
