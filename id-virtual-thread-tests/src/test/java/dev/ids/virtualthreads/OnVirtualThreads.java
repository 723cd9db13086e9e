package dev.ids.virtualthreads;

import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;

/** What a thread-per-task application does: every call on a virtual thread of its own. */
final class OnVirtualThreads {

    private OnVirtualThreads() {
    }

    /** The IDs the calls returned and the exceptions they threw. */
    record Outcome<T>(List<T> ids, List<Throwable> failures) {
    }

    /**
     * Starts {@code threads} virtual threads that wait for one signal, so that all of them call at once, and each
     * calls {@code perThread} times.
     */
    static <T> Outcome<T> allAtOnce(int threads, int perThread, Supplier<T> call) {
        Queue<T> ids = new ConcurrentLinkedQueue<>();
        Queue<Throwable> failures = new ConcurrentLinkedQueue<>();
        CountDownLatch start = new CountDownLatch(1);
        try (ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < threads; i++) {
                executor.execute(() -> {
                    try {
                        start.await();
                        for (int n = 0; n < perThread; n++) {
                            ids.add(call.get());
                        }
                    } catch (Throwable failure) {
                        failures.add(failure);
                    }
                });
            }
            start.countDown();
        }
        return new Outcome<>(new ArrayList<>(ids), new ArrayList<>(failures));
    }

    /** Starts a virtual thread per call at a steady rate, as requests arrive, for the given number of calls. */
    static <T> Outcome<T> atSteadyRate(int callsPerSecond, int calls, Supplier<T> call) {
        Queue<T> ids = new ConcurrentLinkedQueue<>();
        Queue<Throwable> failures = new ConcurrentLinkedQueue<>();
        long intervalNanos = 1_000_000_000L / callsPerSecond;
        long start = System.nanoTime();
        try (ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < calls; i++) {
                long due = start + i * intervalNanos;
                long early = due - System.nanoTime();
                if (early > 0) {
                    LockSupport.parkNanos(early);
                }
                executor.execute(() -> {
                    try {
                        ids.add(call.get());
                    } catch (Throwable failure) {
                        failures.add(failure);
                    }
                });
            }
        }
        return new Outcome<>(new ArrayList<>(ids), new ArrayList<>(failures));
    }
}
