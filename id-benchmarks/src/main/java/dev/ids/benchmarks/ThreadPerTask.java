package dev.ids.benchmarks;

import java.lang.reflect.InvocationTargetException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * Starts every task on a new thread of its own, as a server with a thread per request does: a virtual thread where
 * the running JDK has them ({@code Executors.newVirtualThreadPerTaskExecutor()}, JDK 21 and later), else a platform
 * thread per task. The module compiles for Java 17, so the virtual-thread executor is looked up at run time.
 */
final class ThreadPerTask implements AutoCloseable {

    private final ExecutorService virtualThreads;

    private ThreadPerTask(ExecutorService virtualThreads) {
        this.virtualThreads = virtualThreads;
    }

    /**
     * Opens a thread-per-task starter on the best threads the running JDK has.
     *
     * @return the starter; close it to wait for its virtual threads
     */
    static ThreadPerTask open() {
        return new ThreadPerTask(virtualThreadExecutor());
    }

    /** Whether the running JDK gives each task a virtual thread. */
    static boolean virtualThreadsAvailable() {
        try (ThreadPerTask threads = open()) {
            return threads.virtual();
        }
    }

    /** How tasks get their threads on the running JDK, for the table. */
    static String describe() {
        String jdk = "JDK " + Runtime.version().feature();
        return virtualThreadsAvailable()
                ? "a new virtual thread per call (`Executors.newVirtualThreadPerTaskExecutor()`, " + jdk + ")"
                : "a new platform thread per call (`new Thread(task).start()`; " + jdk + " has no virtual threads)";
    }

    /** Whether this starter gives each task a virtual thread. */
    boolean virtual() {
        return virtualThreads != null;
    }

    /**
     * Starts the task on a new thread.
     *
     * @param task the task
     */
    void start(Runnable task) {
        if (virtualThreads != null) {
            virtualThreads.execute(task);
        } else {
            new Thread(task).start();
        }
    }

    /** Waits for the virtual threads still running; platform threads are the caller's to wait for. */
    @Override
    public void close() {
        if (virtualThreads == null) {
            return;
        }
        virtualThreads.shutdown();
        try {
            if (!virtualThreads.awaitTermination(1, TimeUnit.MINUTES)) {
                throw new IllegalStateException("virtual threads still running a minute after the last batch");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The JDK's virtual-thread-per-task executor, or {@code null} where it is missing or still a preview. */
    private static ExecutorService virtualThreadExecutor() {
        try {
            return (ExecutorService) Executors.class.getMethod("newVirtualThreadPerTaskExecutor").invoke(null);
        } catch (NoSuchMethodException e) {
            return null; // before JDK 19
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof UnsupportedOperationException) {
                return null; // JDK 19 and 20 without --enable-preview
            }
            throw new IllegalStateException("cannot open the virtual-thread executor", e.getCause());
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("cannot open the virtual-thread executor", e);
        }
    }
}
