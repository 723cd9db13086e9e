package dev.ids.node;

import dev.ids.IdGenerationException;
import dev.ids.clock.ClockWatch;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.LongConsumer;
import java.util.function.LongSupplier;
import org.jspecify.annotations.Nullable;

/**
 * Writes a {@link LeaseFence}'s high-water marks through the lease on a thread of its own, so that no generating
 * thread holds the fence's lock, or blocks, while the store answers; and waits for a write with the fence's patience:
 * within the lease's remaining time, and within the generator's maximum wait once a write has failed (the store is
 * down) or has been under way for {@link LeaseFence#WRITE_PATIENCE_MILLIS} (the store hangs).
 *
 * <p>Its state is the fence's: guarded by the fence's advance lock, which the caller of every method holds, except
 * {@link #trouble} and {@link #await}, which read and wait without it.
 */
final class MarkWriter {

    /**
     * A write handed to the writer thread.
     *
     * @param done completed once the mark is written and published, or exceptionally when the write failed
     * @param target the mark it writes
     * @param outstandingSinceNanos since when ({@link System#nanoTime()}: the store's latency is real time, whatever
     *     clock the generator reads) a write has been outstanding, this one or one it is queued behind
     */
    record Write(CompletableFuture<Long> done, long target, long outstandingSinceNanos) {
    }

    private final NodeLease lease;
    private final String description;
    /** The fence's logger: a failed write is logged under its name. */
    private final System.Logger log;
    private final FenceRefusals refusals;
    private final long maxWaitNanos;
    /** Reads the fence's written mark, for messages. */
    private final LongSupplier writtenMark;
    /** Publishes a written mark to the generating threads; called on the writer thread, which holds no lock then. */
    private final LongConsumer publish;
    /** Guarded by the fence's advance lock: the write under way or the latest one; {@code null} before the first. */
    private @Nullable Write pending;
    /** Guarded by the fence's advance lock: created at the first write, shut down when the fence freezes. */
    private @Nullable ExecutorService executor;
    /**
     * Volatile: written by the writer thread, read without the lock by calls about to wait (the store is down, so
     * they wait no longer than the maximum) and by {@link LeaseFence#storeTrouble()}.
     */
    private volatile boolean lastWriteFailed;

    MarkWriter(NodeLease lease, String description, System.Logger log, ClockWatch watch, FenceRefusals refusals,
            LongSupplier writtenMark, LongConsumer publish) {
        this.lease = lease;
        this.description = description;
        this.log = log;
        this.refusals = refusals;
        this.maxWaitNanos = watch.maxWaitNanos();
        this.writtenMark = writtenMark;
        this.publish = publish;
    }

    /** Under the lock: whether no write is outstanding. */
    boolean idle() {
        Write write = pending;
        return write == null || write.done().isDone();
    }

    /** Under the lock: the write under way or the latest one, or {@code null} before the first. */
    @Nullable Write pending() {
        return pending;
    }

    /** Under the lock: whether a write under way may have stored the mark before publishing it (it is our own). */
    boolean mayHaveStored(long mark) {
        Write write = pending;
        return write != null && !write.done().isDone() && mark <= write.target();
    }

    /** Under the lock: for how long a write has been outstanding, in nanoseconds; -1 when none is. */
    long outstandingNanos() {
        Write write = pending;
        return write == null || write.done().isDone() ? -1 : System.nanoTime() - write.outstandingSinceNanos();
    }

    /**
     * Tells why the store keeps a write of the mark from landing: the last write failed, or one has been under way
     * for the maximum wait (or {@link LeaseFence#WRITE_PATIENCE_MILLIS}, if shorter) or longer. Lock-free.
     *
     * @param outstandingNanos {@link #outstandingNanos()}, read under the lock
     * @return the reason, or {@code null} while the store answers
     */
    @Nullable String trouble(long outstandingNanos) {
        if (lastWriteFailed) {
            return "the lease store's last write of the high-water mark (identity " + lease.identity() + ") failed";
        }
        return outstandingNanos < 0
                || outstandingNanos < Math.min(LeaseFence.WRITE_PATIENCE_MILLIS * 1_000_000, maxWaitNanos) ? null
                : "the lease store has not answered a write of the high-water mark (identity " + lease.identity()
                + ") for " + outstandingNanos / 1_000_000 + " ms";
    }

    /** Under the lock: hands the write of a mark to the writer thread. */
    Write start(long target) {
        // Reset only while no write is outstanding: one queued behind a hung write waits on the same silent store.
        Write last = pending;
        long since = last == null || last.done().isDone() ? System.nanoTime() : last.outstandingSinceNanos();
        CompletableFuture<Long> done = new CompletableFuture<>();
        pending = new Write(done, target, since);
        try {
            executor().execute(() -> write(target, done));
        } catch (RejectedExecutionException e) {
            done.completeExceptionally(e);
        }
        return pending;
    }

    /**
     * Under the lock, as the fence freezes: nothing is asked of the thread after it, so it ends now (after a write in
     * progress or queued) instead of after its idle keep-alive: a closed application, or a web application its
     * container undeployed, keeps no thread of ours and no class loader through it.
     */
    void shutdown() {
        if (executor != null) {
            executor.shutdown();
        }
    }

    /**
     * Without the lock: waits for a write, and refuses once the lease's deadline, or the store's patience, passed.
     *
     * @param write the write that covers the time
     * @param epochMillis the time to cover
     * @param leaseDeadline when the lease's remaining time ends, on {@link System#nanoTime()}
     * @param leaseNanos the lease's remaining time when the wait began, for messages
     * @param maxWaitDeadline when the call's maximum wait ends, on {@link System#nanoTime()}
     */
    void await(Write write, long epochMillis, long leaseDeadline, long leaseNanos, long maxWaitDeadline) {
        boolean storeDown = lastWriteFailed;
        long patienceDeadline = write.outstandingSinceNanos() + LeaseFence.WRITE_PATIENCE_MILLIS * 1_000_000;
        long storeDeadline = storeDown ? maxWaitDeadline : Math.max(maxWaitDeadline, patienceDeadline);
        long deadline = Math.min(leaseDeadline, storeDeadline);
        try {
            write.done().get(Math.max(deadline - System.nanoTime(), 0), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            throw refusals.refuse(description + ": the node identity lease's high-water mark (identity "
                    + lease.identity() + ") could not be advanced from "
                    + FenceRefusals.instant(writtenMark.getAsLong()) + " to " + FenceRefusals.instant(write.target())
                    + " within " + (deadline == leaseDeadline
                    ? "the lease's remaining " + leaseNanos / 1_000_000 + " ms"
                    : storeDown ? "the maximum wait of " + maxWaitNanos / 1_000_000 + " ms (the store's last "
                    + "write failed)" : "the maximum wait of " + maxWaitNanos / 1_000_000 + " ms (the store has "
                    + "not answered the write for " + (System.nanoTime() - write.outstandingSinceNanos()) / 1_000_000
                    + " ms)")
                    + "; refusing to issue IDs beyond the written mark rather than wait longer");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw refusals.refuse(description + ": interrupted while waiting for the node identity lease's high-water "
                    + "mark (identity " + lease.identity() + ") to be advanced to cover "
                    + FenceRefusals.instant(epochMillis) + "; refusing to issue IDs beyond the written mark");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            IdGenerationException failure = new IdGenerationException(description
                    + ": cannot advance the node identity lease's high-water mark (identity " + lease.identity()
                    + ") from " + FenceRefusals.instant(writtenMark.getAsLong()) + " to "
                    + FenceRefusals.instant(write.target()) + " (" + (cause.getMessage() == null ? cause
                    : cause.getMessage()) + "); refusing to issue IDs beyond the written mark");
            failure.initCause(cause);
            throw refusals.refuse(failure);
        }
    }

    /** On the writer thread: writes the mark, publishes it to the generating threads, then completes the write. */
    private void write(long target, CompletableFuture<Long> done) {
        try {
            lease.advanceHighWaterMark(target);
        } catch (RuntimeException | Error e) {
            log.log(System.Logger.Level.DEBUG, () -> description + ": writing the high-water mark " + target
                    + " failed: " + e);
            lastWriteFailed = true;
            done.completeExceptionally(e);
            return;
        }
        lastWriteFailed = false;
        publish.accept(target);
        done.complete(target);
    }

    /** Under the lock. */
    private ExecutorService executor() {
        ExecutorService e = executor;
        if (e == null) {
            String name = "ids-lease-mark-" + lease.identity();
            ThreadPoolExecutor pool = new ThreadPoolExecutor(1, 1, 30, TimeUnit.SECONDS,
                    new LinkedBlockingQueue<>(), task -> {
                        Thread thread = new Thread(task, name);
                        thread.setDaemon(true);
                        return thread;
                    });
            // Idle generators keep no thread: one is started for the next write.
            pool.allowCoreThreadTimeOut(true);
            executor = e = pool;
        }
        return e;
    }
}
