package dev.ids.node;

import dev.ids.IdGenerationException;
import dev.ids.clock.ClockWatch;
import dev.ids.clock.IdClock;
import java.time.Duration;
import java.util.Objects;
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
 * <p>The fence keeps the marks and decides when to write and when to wait; {@code StartMarkWait}, {@code MarkWriter}
 * and {@code FenceRefusals} wait for the start mark, write the marks (with the store's patience) and word refusals.
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

    private static final System.Logger LOG = System.getLogger(LeaseFence.class.getName());

    private final NodeLease lease;
    private final FenceRefusals refusals;
    private final IdClock clock;
    private final long maxWaitNanos;
    private final long startMark;
    private final StartMarkWait startMarkWait;
    /**
     * Guards {@link #frozen}, {@link #foreignMark}, every change of {@link #reservedUntil}, and the writer's state:
     * a decision to write or to wait sees them all at one moment. Never held across a call into the store.
     */
    private final Object advanceLock = new Object();
    /** Writes the marks off the generating threads; its state is guarded by the advance lock. */
    private final MarkWriter writer;
    /**
     * The latest mark this generator knows to be written: no ID is issued for a later time. Changed only under the
     * advance lock; volatile, as the fast path reads it without the lock.
     */
    private volatile long reservedUntil;
    /**
     * The latest time covered, so an ID for it may have been issued; 0 before the first. Atomic and lock-free: every
     * call records its time before it reads the reserved mark, and the freeze reads it after setting that mark.
     */
    private final AtomicLong latestCovered = new AtomicLong();
    /** Guarded by the advance lock: set when the lease closes; from then on nothing is covered. */
    private boolean frozen;
    /**
     * Guarded by the advance lock: the highest mark found in the lease that this generator did not write, so
     * another holder's (the lease lapsed and was claimed again meanwhile); the start mark until one is found.
     */
    private long foreignMark;

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
        FenceRefusals.claimForOneGenerator(lease, description);
        this.refusals = new FenceRefusals(lease, description, watch); // checks the description and the watch
        this.clock = watch.clock();
        this.maxWaitNanos = watch.maxWaitNanos();
        this.startMark = lease.highWaterMarkMillis();
        this.reservedUntil = startMark;
        this.foreignMark = startMark;
        this.startMarkWait = new StartMarkWait(lease, description, LOG, watch, startMark, refusals);
        this.writer = new MarkWriter(lease, description, LOG, watch, refusals, () -> reservedUntil,
                this::publish);
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
        refusals.requireHeld();
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
        if (startMarkWait.awaiting()) {
            startMarkWait.await();
        }
    }

    /**
     * The non-waiting {@link #checkHeld()}: throws, after telling the listener, unless the lease is held now, and
     * returns {@code false} where {@link #checkHeld()} would wait for the clock to pass the start mark.
     *
     * @return {@code true} when the lease is held and the clock has passed the start mark
     * @throws IdGenerationException when the lease is not held
     */
    public boolean tryCheckHeld() {
        refusals.requireHeld();
        return !startMarkWait.awaiting() || startMarkWait.tryPass();
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
        recordCovered(epochMillis);
        if (epochMillis > reservedUntil) {
            return false;
        }
        refusals.requireHeld();
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
        boolean ownWrite = writer.mayHaveStored(stored);
        if (!frozen && !ownWrite && stored > reservedUntil && stored > foreignMark) {
            foreignMark = stored;
        }
    }

    /** Called by the lease as it closes: stops covering, then tells the latest time that may have been issued. */
    private long freezeAndReadLatest() {
        synchronized (advanceLock) {
            frozen = true;
            reservedUntil = Long.MIN_VALUE / 2;
            writer.shutdown();
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
        recordCovered(epochMillis);
        long reserved = reservedUntil;
        if (epochMillis > reserved) {
            awaitMark(epochMillis, callDeadline == Long.MAX_VALUE ? maxWaitNanos
                    : Math.max(0, Math.min(maxWaitNanos, callDeadline - System.nanoTime())));
        } else if (epochMillis > reserved - MARGIN_MILLIS) {
            writeAhead(epochMillis);
        }
        // The last check before the ID is returned: the call may have waited since checkHeld (for its time unit,
        // a lock, the mark), and the lease may have lapsed meanwhile; no ID leaves after the lease's deadline.
        refusals.requireHeld();
    }

    /**
     * Tells why the store keeps a write of the mark from landing, for the refusal of a call that waited behind
     * another one waiting for it (a generator's lock): its last write failed, or one has been under way for the
     * generator's maximum wait (or {@link #WRITE_PATIENCE_MILLIS}, if shorter) or longer.
     *
     * @return the reason, or {@code null} while the store answers
     */
    public String storeTrouble() {
        if (writer.lastWriteFailed()) {
            return "the lease store's last write of the high-water mark (identity " + lease.identity() + ") failed";
        }
        long ageNanos;
        synchronized (advanceLock) {
            ageNanos = writer.outstandingNanos();
        }
        return ageNanos < 0 || ageNanos < Math.min(WRITE_PATIENCE_MILLIS * 1_000_000, maxWaitNanos) ? null
                : "the lease store has not answered a write of "
                + "the high-water mark (identity " + lease.identity() + ") for " + ageNanos / 1_000_000 + " ms";
    }

    /** Within the margin: starts a write of the next step in the background unless one is under way. */
    private void writeAhead(long epochMillis) {
        synchronized (advanceLock) {
            // Checked again under the lock: a call that read the reserved mark long ago (descheduled since) must
            // not write a step behind the marks written meanwhile.
            if (!frozen && epochMillis > reservedUntil - MARGIN_MILLIS && writer.idle()) {
                writer.start(epochMillis + STEP_MILLIS);
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
        // A lease not held has no time left to wait for a write in: say so, not that the store hangs.
        refusals.requireHeld();
        Duration remaining = lease.remaining();
        long leaseNanos = remaining.isZero() && lease.isHeld() ? maxWaitNanos : remaining.toNanos();
        long startNanos = System.nanoTime();
        long leaseDeadline = startNanos + leaseNanos;
        long maxWaitDeadline = startNanos + waitLeftNanos;
        while (true) {
            MarkWriter.Write write;
            synchronized (advanceLock) {
                if (epochMillis <= reservedUntil) {
                    break; // written meanwhile (by the writer this call or another waited for)
                }
                if (frozen) {
                    throw refusals.closed();
                }
                noteForeignMark();
                if (epochMillis <= foreignMark) {
                    // Only reachable beyond the reserved mark, where another holder may have issued IDs (the lease
                    // was claimed again after it held the identity, then the clock stepped back below its mark).
                    throw refusals.atOrBeforeForeignMark(epochMillis, foreignMark);
                }
                write = writer.pending();
                if (writer.idle() || write.target() < epochMillis) {
                    write = writer.start(epochMillis + STEP_MILLIS);
                }
            }
            writer.await(write, epochMillis, leaseDeadline, leaseNanos, maxWaitDeadline);
        }
        if (!lease.isHeld()) {
            // The wait may have outlived the lease: another process may hold the identity by now.
            throw refusals.lostWhileWaiting();
        }
    }

    /** Raises the latest time covered to the time, lock-free. */
    private void recordCovered(long epochMillis) {
        long latest = latestCovered.get();
        while (epochMillis > latest && !latestCovered.compareAndSet(latest, epochMillis)) {
            latest = latestCovered.get();
        }
    }

    /** On the writer thread, once a mark is written: publishes it to the generating threads, unless frozen. */
    private void publish(long writtenMark) {
        synchronized (advanceLock) {
            if (!frozen && writtenMark > reservedUntil) {
                reservedUntil = writtenMark;
            }
        }
    }
}
