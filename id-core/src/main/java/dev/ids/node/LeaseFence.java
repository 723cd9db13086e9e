package dev.ids.node;

import dev.ids.IdGenerationException;
import dev.ids.clock.ClockWatch;
import dev.ids.clock.IdClock;
import java.time.Duration;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Fences a generator built with a {@link NodeLease}: it refuses to issue IDs while the lease is not held, and
 * advances the lease's high-water mark, in steps, before it issues IDs for times beyond it.
 *
 * <p>Generators reach it through their sequence ({@code dev.ids.sequence.LeasedSequence}), which calls
 * {@link #beforeSlot()} before it takes a slot and {@link #cover(long)} before the slot's ID is returned. The fast
 * path reads no clock and does not allocate: the lease's state is read for every ID and its deadline once per
 * time unit of the IDs ({@code HeldCheck}); within {@link #MARGIN_MILLIS} of the written mark a writer thread
 * ({@code MarkWriter}) writes the next step ahead of need. A call waits for the store only when its time lies beyond
 * the written mark, and then at most for the lease's remaining time (and the maximum wait once a write has failed
 * or has been under way for {@link #WRITE_PATIENCE_MILLIS}). {@code StartMarkWait} waits for the start mark and
 * {@code FenceRefusals} words the refusals.
 *
 * <p>How the steps, the writer thread, a restart, an orderly close and a lease claimed again fit together: <a
 * href="https://github.com/dev-ids/ids/blob/main/docs/LEASES.md">docs/LEASES.md</a> ("Fencing").
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
    private final HeldCheck held;
    private final IdClock clock;
    private final long maxWaitNanos;
    private final long startMark;
    private final StartMarkWait startMarkWait;
    /** Guards frozen, foreignMark, changes of reservedUntil and the writer's state; never held across a store call. */
    private final Object advanceLock = new Object();
    /** Writes the marks off the generating threads; its state is guarded by the advance lock. */
    private final MarkWriter writer;
    /** The latest mark known written, no ID for a later time; changed under the advance lock, read without it. */
    private volatile long reservedUntil;
    /** The latest time covered (an ID for it may have left); raised before the mark is read. */
    private final CoveredTimes covered;
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
        this.held = new HeldCheck(lease, refusals);
        this.covered = new CoveredTimes(held);
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
     * Throws, after telling the listener, unless the lease is held now (reading the monotonic clock).
     *
     * @throws IdGenerationException when the lease is not held
     */
    public void checkHeld() {
        held.requireHeld();
        beforeSlot();
    }

    /**
     * The {@link #checkHeld()} of an ID drawn from a slot {@linkplain #cover(long) covered} before while the clock
     * stands within the slot's time: throws once the lease is known not to be held, without reading a clock.
     *
     * @throws IdGenerationException when the lease is known not to be held
     */
    public void checkHeldWithinSlot() {
        held.requireNotFoundNotHeld(); // the slot's cover came after the start mark's wait
    }

    /**
     * Waits, before a slot is taken, until the clock has passed the high-water mark this generator started from;
     * does not check the lease, which {@link #cover(long)} does after the slot's clock reading.
     *
     * @return for a call that waited, the end of its maximum wait (on {@link System#nanoTime()}) for
     *     {@link #cover(long, long)}, which then waits for the store within it too; else {@code Long.MAX_VALUE}
     * @throws IdGenerationException when the clock stands behind the mark by more than the maximum wait
     */
    public long beforeSlot() {
        if (!startMarkWait.awaiting()) {
            return Long.MAX_VALUE;
        }
        long callDeadline = System.nanoTime() + maxWaitNanos;
        startMarkWait.await();
        return callDeadline;
    }

    /**
     * The non-waiting {@link #checkHeld()}: returns {@code false} where it would wait for the start mark.
     *
     * @return {@code true} when the lease is held and the clock has passed the start mark
     * @throws IdGenerationException when the lease is not held
     */
    public boolean tryCheckHeld() {
        held.requireHeld();
        return !startMarkWait.awaiting() || startMarkWait.tryPass();
    }

    /**
     * Tells, before an attempt takes a slot, whether the slot can leave without a wait and without a write of the
     * mark: the lease is held, the clock has passed the start mark and stands more than {@link #MARGIN_MILLIS} behind
     * the written mark. Within the margin the attempt is refused, so that the caller's {@code next()}, on a thread
     * that may block, starts the write ahead of need.
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
        long checked = covered.record(epochMillis);
        if (epochMillis > reservedUntil) {
            return false;
        }
        held.requireHeldFor(epochMillis, checked);
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
        return covered.latest();
    }

    /**
     * Makes sure the high-water mark covers an ID's time before the ID is returned. Free while the time stays
     * {@link #MARGIN_MILLIS} behind the mark; within the margin, it asks the background writer to advance the mark
     * to the time plus {@link #STEP_MILLIS} and returns at once, as the written mark still covers the time. Only a
     * time beyond the written mark waits for a write, and at most for the lease's {@linkplain NodeLease#remaining()
     * remaining time} (the generator's maximum wait for a lease that does not report it), and once a write has
     * failed or has been under way for {@link #WRITE_PATIENCE_MILLIS} at most for the maximum wait: a store that is
     * down or hangs makes the call refuse within the maximum wait, and never later than the lease's deadline. Last,
     * the lease is checked: its state always, its deadline when the time lies beyond every time checked before.
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
     * @param callDeadline when the call's maximum wait ends, on {@link System#nanoTime()} (a wait for the store is
     *     in real time, whatever clock the generator reads); {@code Long.MAX_VALUE}: a whole maximum wait from now
     * @throws IdGenerationException as {@link #cover(long)}
     */
    public void cover(long epochMillis, long callDeadline) {
        // Recorded before the reserved mark is read: a close that freezes the fence after this either sees the
        // time, or this call sees the frozen mark and refuses.
        long checked = covered.record(epochMillis);
        long reserved = reservedUntil;
        if (epochMillis > reserved) {
            awaitMark(epochMillis, callDeadline == Long.MAX_VALUE ? maxWaitNanos
                    : Math.max(0, Math.min(maxWaitNanos, callDeadline - System.nanoTime())));
        } else if (epochMillis > reserved - MARGIN_MILLIS) {
            writeAhead(epochMillis);
        }
        // The last check before the ID leaves, after the call's waits: none stamped after the lease's deadline.
        held.requireHeldFor(epochMillis, checked);
    }

    /**
     * Tells why the store keeps a write of the mark from landing, for the refusal of a call that waited behind
     * another one waiting for it (a generator's lock): its last write failed, or one has been under way for the
     * generator's maximum wait (or {@link #WRITE_PATIENCE_MILLIS}, if shorter) or longer.
     *
     * @return the reason, or {@code null} while the store answers
     */
    public @Nullable String storeTrouble() {
        long ageNanos;
        synchronized (advanceLock) {
            ageNanos = writer.outstandingNanos();
        }
        return writer.trouble(ageNanos);
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
                if (write == null || writer.idle() || write.target() < epochMillis) {
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

    /** On the writer thread, once a mark is written: publishes it to the generating threads, unless frozen. */
    private void publish(long writtenMark) {
        synchronized (advanceLock) {
            if (!frozen && writtenMark > reservedUntil) {
                reservedUntil = writtenMark;
            }
        }
    }
}
