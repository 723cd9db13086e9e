package dev.ids.node;

import dev.ids.IdGenerationException;
import dev.ids.clock.ClockWatch;
import dev.ids.clock.IdClock;
import dev.ids.event.WaitCause;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.WeakHashMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Fences a generator built with a {@link NodeLease}: it refuses to issue IDs while the lease is not held, and
 * advances the lease's high-water mark, in steps, before it issues IDs for times beyond it.
 *
 * <p>Generators reach it through their sequence ({@code dev.ids.sequence.LeasedSequence}), which calls
 * {@link #checkHeld()} before it takes a slot and {@link #cover(long)} before the slot's ID is returned. With a
 * lease, {@link #checkHeld()} costs what {@link NodeLease#isHeld()} costs and {@link #cover(long)} one volatile
 * read, unless the time comes within {@link #MARGIN_MILLIS} of the written mark: then a writer thread writes the
 * next step ahead of need. A generating thread waits for the store only when its time lies beyond the written mark,
 * and then at most for the lease's remaining time (and the generator's maximum wait once a write has failed or has
 * been under way for {@link #WRITE_PATIENCE_MILLIS}). The fast path does not allocate.
 *
 * <p>How the steps, the writer thread, the first call after a restart, an orderly close and a lease claimed again
 * by another holder fit together is explained in
 * <a href="https://github.com/dev-ids/ids/blob/main/docs/LEASES.md">docs/LEASES.md</a> ("Fencing").
 */
public final class LeaseFence {

    /** How far beyond an ID's time the mark is advanced in one write. */
    public static final long STEP_MILLIS = 10_000;

    /** How close to the mark an ID's time may come before the next step is written. */
    public static final long MARGIN_MILLIS = 5_000;

    /**
     * How long a write of the mark may be under way before the store counts as hung: from then on, a call waits for
     * it no longer than the generator's maximum wait. As long as the margin, within which a healthy store has
     * written the next step before any call needs it.
     */
    public static final long WRITE_PATIENCE_MILLIS = MARGIN_MILLIS;

    /** The leases that serve a generator already: one generator per lease (weak keys). */
    private static final Map<NodeLease, Boolean> FENCED = new WeakHashMap<>();

    private static final System.Logger LOG = System.getLogger(LeaseFence.class.getName());

    private final NodeLease lease;
    private final String description;
    private final ClockWatch watch;
    private final Object advanceLock = new Object();
    private final long startMark;
    private final IdClock clock;
    private final long maxWaitNanos;
    /** The latest mark this generator knows to be written: no ID is issued for a later time. */
    private volatile long reservedUntil;
    /** The latest time covered, so an ID for it may have been issued; 0 before the first. */
    private final AtomicLong latestCovered = new AtomicLong();
    /** Set, under the advance lock, when the lease closes: from then on nothing is covered. */
    private boolean frozen;
    /** True until the wall clock has been seen past the start mark. */
    private volatile boolean awaitingStartMark = true;
    private volatile boolean waitLogged;
    /**
     * Guarded by the advance lock: the highest mark found in the lease that this generator did not write, so
     * another holder's (the lease lapsed and was claimed again meanwhile); the start mark until one is found.
     */
    private long foreignMark;
    /** Guarded by the advance lock: the write under way or the latest one, and the mark it writes. */
    private CompletableFuture<Long> pending;
    private volatile long pendingTarget;
    /**
     * Guarded by the advance lock: since when ({@link System#nanoTime()}: the store's latency is real time, whatever
     * clock the generator reads) a write of the mark has been outstanding, the pending one or one it is queued behind.
     */
    private long pendingSinceNanos;
    /** Whether the latest write of the mark failed: the store is down, so calls wait no longer than the maximum. */
    private volatile boolean lastWriteFailed;
    /** Created, under the advance lock, at the first write: writes the marks off the generating threads. */
    private ExecutorService writer;

    /**
     * Creates the fence of one generator; reads the lease's mark now, as the generator's start, and asks the lease
     * to lower the mark to the latest time covered when it closes.
     *
     * @param lease the lease the generator's identity comes from
     * @param description the generator and its identity, for messages
     * @param watch the generator's clock watch: its listener hears every refusal, its clock's wall time must pass
     *     the start mark before the first ID, and its maximum wait bounds the first call's wait for the mark
     * @throws IllegalArgumentException when the lease serves another generator already
     */
    public LeaseFence(NodeLease lease, String description, ClockWatch watch) {
        this.lease = Objects.requireNonNull(lease, "lease");
        synchronized (FENCED) {
            if (FENCED.put(lease, Boolean.TRUE) != null) {
                throw new IllegalArgumentException("The lease " + lease + " serves another generator already; two "
                        + "generators on one identity would issue the same IDs: claim a lease per generator ("
                        + description + ")");
            }
        }
        this.description = Objects.requireNonNull(description, "description");
        this.watch = Objects.requireNonNull(watch, "watch");
        this.clock = watch.clock();
        this.maxWaitNanos = watch.maxWaitNanos();
        this.startMark = lease.highWaterMarkMillis();
        this.reservedUntil = startMark;
        this.foreignMark = startMark;
        lease.lowerMarkOnClose(this::freezeAndReadLatest);
    }

    /**
     * Returns the high-water mark this generator started from: it issues no ID for a time at or before it.
     *
     * @return the mark, in milliseconds since the Unix epoch
     */
    public long startMarkMillis() {
        return startMark;
    }

    /**
     * Throws, after telling the listener, unless the lease is held now.
     *
     * @throws IdGenerationException when the lease is not held
     */
    public void checkHeld() {
        requireHeld();
        beforeSlot();
    }

    /**
     * Waits, before a slot is taken, until the clock has passed the high-water mark this generator started from;
     * does not check the lease, as {@link #cover(long)} does so after the slot's clock reading: one reading of the
     * monotonic clock per ID rather than two.
     *
     * @throws IdGenerationException when the clock stands behind the mark by more than the maximum wait
     */
    public void beforeSlot() {
        if (awaitingStartMark) {
            awaitStartMark();
        }
    }

    /**
     * Waits until the wall clock passes the mark the generator started from: a holder before it (this application
     * before a crash, or another process) may have issued IDs up to the mark.
     */
    private void awaitStartMark() {
        long now = clock.wallTimeMillis();
        if (now > startMark) {
            awaitingStartMark = false;
            return;
        }
        requireHeld(); // a lease not held is refused for that, not kept waiting for a mark it may never issue after
        long behind = startMark - now;
        long waitNanos = (behind + 1) * 1_000_000L;
        String why = "the clock stands " + behind + " ms behind the high-water mark " + instant(startMark)
                + " of node identity " + lease.identity() + ": an earlier holder (this "
                + "application before a restart that did not release the lease, or another process) may have issued "
                + "IDs up to it";
        if (waitNanos > maxWaitNanos) {
            throw refuse(description + ": " + why + ", and that is longer than the maximum wait of "
                    + maxWaitNanos / 1_000_000 + " ms; refusing to issue IDs for another " + (behind + 1) + " ms, "
                    + "until the clock passes the mark");
        }
        if (!waitLogged) {
            waitLogged = true;
            LOG.log(System.Logger.Level.INFO, () -> description + ": waiting " + (behind + 1) + " ms before the "
                    + "first ID, as " + why);
        }
        long began = clock.monotonicNanos();
        if (!watch.pauseUntil((startMark + 1) * 1_000L, began + maxWaitNanos)) {
            // The wall clock did not move as expected (stepped back meanwhile): give up within the bound.
            throw refuse(description + ": " + why + ", and the clock did not pass it within the maximum wait of "
                    + maxWaitNanos / 1_000_000 + " ms; refusing to issue IDs until it does");
        }
        watch.reportWait(WaitCause.LEASE_MARK, began);
        awaitingStartMark = false;
    }

    /**
     * The non-waiting {@link #checkHeld()}: throws, after telling the listener, unless the lease is held now, and
     * returns {@code false} where {@link #checkHeld()} would wait for the clock to pass the start mark.
     *
     * @return {@code true} when the lease is held and the clock has passed the start mark
     * @throws IdGenerationException when the lease is not held
     */
    public boolean tryCheckHeld() {
        requireHeld();
        if (!awaitingStartMark) {
            return true;
        }
        if (clock.wallTimeMillis() > startMark) {
            awaitingStartMark = false;
            return true;
        }
        return false;
    }

    /**
     * Tells, before an attempt takes a slot, whether the slot can leave without a wait and without a write of the
     * mark: the lease is held, the clock has passed the start mark, and it stands more than {@link #MARGIN_MILLIS}
     * behind the written mark. Within the margin the attempt is refused, so that the caller's {@code next()}, on a
     * thread that may block, starts the write ahead of need (it takes the advance lock). One volatile read and one
     * clock reading beyond {@link #tryCheckHeld()}.
     *
     * @return {@code true} when an attempt may take a slot
     * @throws IdGenerationException when the lease is not held
     */
    public boolean readyForAttempt() {
        return tryCheckHeld() && clock.wallTimeMillis() <= reservedUntil - MARGIN_MILLIS;
    }

    /**
     * The non-waiting {@link #cover(long)}: returns {@code true} when the written mark covers the time, so the ID
     * may leave, and {@code false} when covering it needs a write (the slot taken must then be dropped, never
     * issued). Starts no write and takes no lock.
     *
     * @param epochMillis the time the ID stands for, in milliseconds since the Unix epoch
     * @return whether the ID may be returned
     * @throws IdGenerationException when the lease is not held
     */
    public boolean tryCover(long epochMillis) {
        // Recorded first, as in cover(long): a close that freezes the fence either sees the time or is seen here.
        long latest = latestCovered.get();
        while (epochMillis > latest && !latestCovered.compareAndSet(latest, epochMillis)) {
            latest = latestCovered.get();
        }
        if (epochMillis > reservedUntil) {
            return false;
        }
        requireHeld();
        return true;
    }

    /**
     * Returns the latest time for which another holder of the identity may have issued IDs: the mark the generator
     * started from, or a higher one found since (a lease that lapsed and was claimed again after another process
     * had held the identity). A generator that may issue IDs for times behind its latest one (sno's tick-tock)
     * must stay above it. Slow (it may read the lease under a lock): for rare paths only.
     *
     * @return the mark, in milliseconds since the Unix epoch
     */
    public long foreignMarkMillis() {
        synchronized (advanceLock) {
            noteForeignMark();
            return foreignMark;
        }
    }

    /** Under the advance lock: a lease mark above what this generator reserved was written by someone else. */
    private void noteForeignMark() {
        long stored = lease.highWaterMarkMillis();
        // A write under way may have stored its mark before publishing it here: that mark is this generator's own.
        boolean ownWrite = pending != null && !pending.isDone() && stored <= pendingTarget;
        if (!frozen && !ownWrite && stored > reservedUntil && stored > foreignMark) {
            foreignMark = stored;
        }
    }

    /** Called by the lease as it closes: stops covering, then tells the latest time that may have been issued. */
    private long freezeAndReadLatest() {
        synchronized (advanceLock) {
            frozen = true;
            reservedUntil = Long.MIN_VALUE / 2;
            if (writer != null) {
                // Nothing is asked of it after the freeze, so its thread ends now (after a write in progress or
                // queued) instead of after its idle keep-alive: a closed application, or a web application its
                // container undeployed, keeps no thread of ours and no class loader through it.
                writer.shutdown();
            }
        }
        return latestCovered.get();
    }

    /**
     * Makes sure the high-water mark covers an ID's time before the ID is returned. Free while the time stays
     * {@link #MARGIN_MILLIS} behind the mark; within the margin, it asks the background writer to advance the mark
     * to the time plus {@link #STEP_MILLIS} and returns at once, as the written mark still covers the time. Only a
     * time beyond the written mark waits for a write, and at most for the lease's {@linkplain NodeLease#remaining()
     * remaining time} (the generator's maximum wait for a lease that does not report it), and once a write has
     * failed or has been under way for {@link #WRITE_PATIENCE_MILLIS} at most for the maximum wait: a store that is
     * down or hangs makes the call refuse within the maximum wait, and never later than the lease's deadline. After a
     * wait the lease is checked again.
     *
     * @param epochMillis the time the ID stands for, in milliseconds since the Unix epoch
     * @throws IdGenerationException when the time lies beyond the mark and the mark cannot be advanced before the
     *     lease's deadline, the lease is lost meanwhile, or the time lies at or before a mark another holder of the
     *     identity wrote (see {@link #foreignMarkMillis()})
     */
    public void cover(long epochMillis) {
        cover(epochMillis, Long.MAX_VALUE);
    }

    /**
     * As {@link #cover(long)}, for a call that has spent part of its maximum wait already (on a lock of its
     * generator's): a wait for the store beyond the written mark ends by the call's deadline too.
     *
     * @param epochMillis the latest time, in milliseconds since the Unix epoch, an ID about to be issued holds
     * @param callDeadline when the call's maximum wait ends, on {@link System#nanoTime()} (waits for the store are
     *     waits in real time, whatever clock the generator reads); {@code Long.MAX_VALUE} for a whole maximum wait
     *     from now
     * @throws IdGenerationException as {@link #cover(long)}
     */
    public void cover(long epochMillis, long callDeadline) {
        // Recorded before the reserved mark is read: a close that freezes the fence after this either sees the
        // time, or this call sees the frozen mark and refuses.
        long latest = latestCovered.get();
        while (epochMillis > latest && !latestCovered.compareAndSet(latest, epochMillis)) {
            latest = latestCovered.get();
        }
        long reserved = reservedUntil;
        if (epochMillis > reserved) {
            awaitMark(epochMillis, callDeadline == Long.MAX_VALUE ? maxWaitNanos
                    : Math.max(0, Math.min(maxWaitNanos, callDeadline - System.nanoTime())));
        } else if (epochMillis > reserved - MARGIN_MILLIS) {
            writeAhead(epochMillis);
        }
        // The last check before the ID is returned: the call may have waited since checkHeld (for its time unit,
        // a lock, the mark), and the lease may have lapsed meanwhile; no ID leaves after the lease's deadline.
        requireHeld();
    }

    /**
     * Tells why the store keeps a write of the mark from landing, for the refusal of a call that waited behind
     * another one waiting for it (a generator's lock): its last write failed, or one has been under way for the
     * generator's maximum wait (or {@link #WRITE_PATIENCE_MILLIS}, if shorter) or longer.
     *
     * @return the reason, or {@code null} while the store answers
     */
    public String storeTrouble() {
        if (lastWriteFailed) {
            return "the lease store's last write of the high-water mark (identity " + lease.identity() + ") failed";
        }
        long ageNanos;
        synchronized (advanceLock) {
            if (pending == null || pending.isDone()) {
                return null;
            }
            ageNanos = System.nanoTime() - pendingSinceNanos;
        }
        return ageNanos < Math.min(WRITE_PATIENCE_MILLIS * 1_000_000, maxWaitNanos) ? null
                : "the lease store has not answered a write of "
                + "the high-water mark (identity " + lease.identity() + ") for " + ageNanos / 1_000_000 + " ms";
    }

    /** A mark or time in a message: an instant reads better than milliseconds since the epoch. */
    private static String instant(long epochMillis) {
        return Instant.ofEpochMilli(epochMillis).toString();
    }

    private void requireHeld() {
        if (!lease.isHeld()) {
            String reason = lease.notHeldReason();
            throw refuse(description + ": the node identity lease is not held (identity " + lease.identity()
                    + (reason == null ? "" : ": " + reason) + "); refusing to issue IDs until the lease is held "
                    + "again, because another process may hold the identity now");
        }
    }

    /** Within the margin: starts a write of the next step in the background unless one is under way. */
    private void writeAhead(long epochMillis) {
        synchronized (advanceLock) {
            // Checked again under the lock: a call that read the reserved mark long ago (descheduled since) must
            // not write a step behind the marks written meanwhile.
            if (!frozen && epochMillis > reservedUntil - MARGIN_MILLIS && (pending == null || pending.isDone())) {
                pending = startWrite(epochMillis + STEP_MILLIS);
            }
        }
    }

    /**
     * Beyond the written mark: waits for a write that covers the time, within the lease's remaining time; and, once
     * a write has failed (the store is down) or has been under way for {@link #WRITE_PATIENCE_MILLIS} (the store
     * hangs), within the generator's maximum wait too, so that an outage fails each call as fast as the application
     * chose rather than hold every request for the rest of the lease. The write goes on meanwhile, and the first call
     * after it lands is served. A write just begun (the first after a start) is waited for up to the patience even
     * with a maximum wait of zero, which is about the clock, not the store.
     */
    private void awaitMark(long epochMillis, long waitLeftNanos) {
        requireHeld(); // a lease not held has no time left to wait for a write in: say so, not that the store hangs
        Duration remaining = lease.remaining();
        long leaseNanos = remaining.isZero() && lease.isHeld() ? maxWaitNanos : remaining.toNanos();
        long startNanos = System.nanoTime();
        long leaseDeadline = startNanos + leaseNanos;
        long maxWaitDeadline = startNanos + waitLeftNanos;
        while (true) {
            CompletableFuture<Long> write;
            long target;
            long writeSinceNanos;
            synchronized (advanceLock) {
                if (epochMillis <= reservedUntil) {
                    break; // written meanwhile (by the writer this call or another waited for)
                }
                if (frozen) {
                    throw refuse(description + ": the node identity lease (identity " + lease.identity() + ") was "
                            + "closed; refusing to issue IDs");
                }
                noteForeignMark();
                if (epochMillis <= foreignMark) {
                    // Only reachable beyond the reserved mark, where another holder may have issued IDs (the lease
                    // was claimed again after it held the identity, then the clock stepped back below its mark).
                    throw refuse(description + ": an ID for " + instant(epochMillis) + " lies at or before the "
                            + "high-water mark " + instant(foreignMark) + " up to which another holder of node "
                            + "identity " + lease.identity() + " may have issued IDs (the clock stands behind it); "
                            + "refusing to issue IDs until the clock passes it");
                }
                if (pending == null || pending.isDone() || pendingTarget < epochMillis) {
                    pending = startWrite(epochMillis + STEP_MILLIS);
                }
                write = pending;
                target = pendingTarget;
                writeSinceNanos = pendingSinceNanos;
            }
            boolean storeDown = lastWriteFailed;
            long patienceDeadline = writeSinceNanos + WRITE_PATIENCE_MILLIS * 1_000_000;
            long storeDeadline = storeDown ? maxWaitDeadline : Math.max(maxWaitDeadline, patienceDeadline);
            long deadline = Math.min(leaseDeadline, storeDeadline);
            try {
                write.get(Math.max(deadline - System.nanoTime(), 0), TimeUnit.NANOSECONDS);
            } catch (TimeoutException e) {
                throw refuse(description + ": the node identity lease's high-water mark (identity "
                        + lease.identity() + ") could not be advanced from " + instant(reservedUntil) + " to "
                        + instant(target) + " within " + (deadline == leaseDeadline
                        ? "the lease's remaining " + leaseNanos / 1_000_000 + " ms"
                        : storeDown ? "the maximum wait of " + maxWaitNanos / 1_000_000 + " ms (the store's last "
                        + "write failed)" : "the maximum wait of " + maxWaitNanos / 1_000_000 + " ms (the store has "
                        + "not answered the write for " + (System.nanoTime() - writeSinceNanos) / 1_000_000
                        + " ms)")
                        + "; refusing to issue IDs beyond the written mark rather than wait longer");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw refuse(description + ": interrupted while waiting for the node identity lease's high-water "
                        + "mark (identity " + lease.identity() + ") to be advanced to cover " + instant(epochMillis)
                        + "; refusing to issue IDs beyond the written mark");
            } catch (ExecutionException e) {
                Throwable cause = e.getCause();
                IdGenerationException failure = new IdGenerationException(description
                        + ": cannot advance the node identity lease's high-water mark (identity " + lease.identity()
                        + ") from " + instant(reservedUntil) + " to " + instant(target) + " ("
                        + (cause.getMessage() == null ? cause : cause.getMessage()) + "); refusing to issue IDs "
                        + "beyond the written mark");
                failure.initCause(cause);
                throw watch.refuse(failure);
            }
        }
        if (!lease.isHeld()) {
            // The wait may have outlived the lease: another process may hold the identity by now.
            throw refuse(description + ": the node identity lease (identity " + lease.identity() + ") was lost "
                    + "while waiting for its high-water mark to be written; refusing to issue IDs");
        }
    }

    /**
     * Under the advance lock: hands the write of a mark to the writer thread, so that no generating thread holds the
     * lock, or blocks, while the store answers.
     */
    private CompletableFuture<Long> startWrite(long target) {
        pendingTarget = target;
        if (pending == null || pending.isDone()) {
            // Only while no write is outstanding: one queued behind a hung write waits on the same silent store.
            pendingSinceNanos = System.nanoTime();
        }
        CompletableFuture<Long> write = new CompletableFuture<>();
        try {
            writer().execute(() -> write(target, write));
        } catch (RejectedExecutionException e) {
            write.completeExceptionally(e);
        }
        return write;
    }

    /** On the writer thread: writes the mark, publishes it to the generating threads, then completes the write. */
    private void write(long target, CompletableFuture<Long> write) {
        try {
            lease.advanceHighWaterMark(target);
        } catch (RuntimeException | Error e) {
            LOG.log(System.Logger.Level.DEBUG, () -> description + ": writing the high-water mark " + target
                    + " failed: " + e);
            lastWriteFailed = true;
            write.completeExceptionally(e);
            return;
        }
        lastWriteFailed = false;
        synchronized (advanceLock) {
            if (!frozen && target > reservedUntil) {
                reservedUntil = target;
            }
        }
        write.complete(target);
    }

    private ExecutorService writer() {
        ExecutorService w = writer;
        if (w == null) {
            String name = "ids-lease-mark-" + lease.identity();
            ThreadPoolExecutor pool = new ThreadPoolExecutor(1, 1, 30, TimeUnit.SECONDS,
                    new LinkedBlockingQueue<>(), task -> {
                        Thread thread = new Thread(task, name);
                        thread.setDaemon(true);
                        return thread;
                    });
            // Idle generators keep no thread: one is started for the next write.
            pool.allowCoreThreadTimeOut(true);
            writer = w = pool;
        }
        return w;
    }

    private IdGenerationException refuse(String message) {
        return watch.refuse(message);
    }
}
