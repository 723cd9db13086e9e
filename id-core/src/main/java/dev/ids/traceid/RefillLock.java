package dev.ids.traceid;

import dev.ids.IdGenerationException;
import dev.ids.clock.IdClock;
import dev.ids.event.IdGeneratorListener;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * The lock a {@link TraceIdGenerator} leases and installs chunks under: fair, so calls waiting for a chunk are
 * served in the order they came, whether they wait for it ({@link #awaitInTurn}) or only try
 * ({@link #tryInTurn}).
 */
final class RefillLock {

    private final ReentrantLock lock = new ReentrantLock(true);
    private final IdClock clock;
    private final IdGeneratorListener listener;
    private final long maxWaitNanos;
    private final String description;
    /** Why the lock's holder may be waiting for the lease's store, or {@code null}: what a refusal names then. */
    private final Supplier<String> storeTrouble;

    RefillLock(IdClock clock, IdGeneratorListener listener, long maxWaitNanos, String description,
            Supplier<String> storeTrouble) {
        this.clock = clock;
        this.listener = listener;
        this.maxWaitNanos = maxWaitNanos;
        this.description = description;
        this.storeTrouble = storeTrouble;
    }

    /**
     * Takes the lock in arrival order, by the deadline (the call's maximum wait), else refuses. An interrupt does
     * not cut the wait short (it is bounded anyway); the thread's interrupt status is kept for its caller.
     */
    void awaitInTurn(long deadline) {
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    if (lock.tryLock(Math.max(deadline - clock.monotonicNanos(), 0), TimeUnit.NANOSECONDS)) {
                        return;
                    }
                    String trouble = storeTrouble.get();
                    Duration maxWait = Duration.ofNanos(maxWaitNanos);
                    IdGenerationException failure = new IdGenerationException(trouble != null ? description + ": "
                            + trouble + ", and the call ahead of this one waits for it holding the lock for the next "
                            + "chunk; refusing to wait longer than the maximum wait of " + maxWait
                            : description + ": over capacity; the calls ahead of this one, waiting their turn for the "
                            + "next chunk, held it for the whole maximum wait of " + maxWait
                            + "; refusing to wait longer");
                    listener.onRefused(failure);
                    throw failure;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * Takes the lock if that needs no wait and jumps no queue: a timed {@code tryLock} honours the fair lock's order
     * (the untimed one would barge past waiting calls), and with no time to wait it never parks.
     *
     * @return whether the lock is now held
     */
    boolean tryInTurn() {
        try {
            return lock.tryLock(0, TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // kept for the caller; the attempt is merely refused
            return false;
        }
    }

    void unlock() {
        lock.unlock();
    }
}
