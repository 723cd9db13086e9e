package dev.ids.internal;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;

/**
 * The background threads of the lease stores and their helpers: daemon threads of a given name, so that none of them
 * keeps the JVM alive and a thread dump tells which part runs on it. Not part of the public API.
 */
public final class DaemonThreads {

    private DaemonThreads() {
    }

    /**
     * Returns a factory of daemon threads that all bear one name.
     *
     * @param name the threads' name, for example {@code ids-endpoint-store-read}
     * @return the factory
     */
    public static ThreadFactory named(String name) {
        return task -> {
            Thread thread = new Thread(task, name);
            thread.setDaemon(true);
            return thread;
        };
    }

    /**
     * Returns a scheduler that runs its tasks one after another on one daemon thread of the given name.
     *
     * @param name the thread's name, for example {@code ids-zookeeper-lease}
     * @return the scheduler
     */
    public static ScheduledExecutorService scheduler(String name) {
        return Executors.newSingleThreadScheduledExecutor(named(name));
    }
}
