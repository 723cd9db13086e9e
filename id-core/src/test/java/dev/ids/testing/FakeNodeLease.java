package dev.ids.testing;

import dev.ids.clock.IdClock;
import dev.ids.node.NodeLease;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A {@link NodeLease} for generator tests: the held flag, the high-water mark and a failing advance are set by the
 * test; every advance is recorded. An advance can be made slow, and publishes its mark only at its end, so that a
 * generator returning an ID beyond the mark before the write completes is caught. An advance can also be made to
 * hang, like a write to a store whose connection hangs, until the test releases it; and the lease can be given a
 * deadline in real time, after which it is no longer held, as a lease that cannot renew.
 */
public final class FakeNodeLease implements NodeLease {

    private final long identity;
    private final AtomicLong mark = new AtomicLong();
    private volatile boolean held = true;
    private volatile boolean failAdvance;
    private volatile long advanceDelayMillis;
    private volatile boolean closed;
    /** Real-time deadline ({@link System#nanoTime()}) after which the lease is not held; 0 for none. */
    private volatile long deadlineNanos;
    private volatile CountDownLatch hang;
    /** A deadline on a test clock's monotonic time ({@link #heldUntil}), or null. */
    private volatile IdClock deadlineClock;
    private volatile long clockDeadlineNanos;
    /** Runs once after the next {@link #isFoundNotHeld()}, or null. */
    private final AtomicReference<Runnable> afterNextStateRead = new AtomicReference<>();

    /** Every successful advance, in the order written. */
    public final List<Long> advances = new CopyOnWriteArrayList<>();

    /** How many advances were attempted, failed ones included. */
    public final AtomicLong attempts = new AtomicLong();

    private final AtomicLong renewals = new AtomicLong();

    /**
     * Creates a held lease of the given identity and mark 0.
     *
     * @param identity the identity
     */
    public FakeNodeLease(long identity) {
        this.identity = identity;
    }

    /** Sets whether the lease is held. */
    public FakeNodeLease held(boolean held) {
        this.held = held;
        return this;
    }

    /** Sets the high-water mark, as the store would hold it from an earlier holder. */
    public FakeNodeLease mark(long epochMillis) {
        mark.set(epochMillis);
        return this;
    }

    /** Counts one successful renewal, as a store that answered again would. */
    public FakeNodeLease renewed() {
        renewals.incrementAndGet();
        return this;
    }

    @Override
    public long renewalCount() {
        return renewals.get();
    }

    /** Makes later advances fail (true) or succeed (false). */
    public FakeNodeLease failAdvance(boolean fail) {
        this.failAdvance = fail;
        return this;
    }

    /** Makes every advance take this long (real time) before its mark is published. */
    public FakeNodeLease advanceDelayMillis(long millis) {
        this.advanceDelayMillis = millis;
        return this;
    }

    /**
     * Makes the lease stop being held after this much real time from now, as a lease whose renewals fail.
     *
     * @param left the time left
     * @return this lease
     */
    public FakeNodeLease heldFor(Duration left) {
        this.deadlineNanos = System.nanoTime() + left.toNanos();
        return this;
    }

    /**
     * Makes the lease stop being held once a clock's monotonic time reaches a deadline, as a lease whose renewals
     * fail; as with a real lease, its state does not show that until {@link #isHeld()} looks at the clock.
     *
     * @param clock the clock whose monotonic time counts
     * @param left the time left, from the clock's monotonic time now
     * @return this lease
     */
    public FakeNodeLease heldUntil(IdClock clock, Duration left) {
        this.clockDeadlineNanos = clock.monotonicNanos() + left.toNanos();
        this.deadlineClock = clock;
        return this;
    }

    /** Runs an action right after the next reading of the lease's state, as a thread paused there would meet it. */
    public void afterNextStateRead(Runnable action) {
        afterNextStateRead.set(action);
    }

    /** Makes later advances hang, before writing anything, until {@link #releaseHungAdvances()}. */
    public FakeNodeLease hangAdvances() {
        this.hang = new CountDownLatch(1);
        return this;
    }

    /** Lets hanging advances go on: they write their marks, held or not, as a write already sent would. */
    public void releaseHungAdvances() {
        CountDownLatch latch = hang;
        hang = null;
        if (latch != null) {
            latch.countDown();
        }
    }

    /** Tells whether {@link #close()} was called. */
    public boolean closed() {
        return closed;
    }

    @Override
    public long identity() {
        return identity;
    }

    @Override
    public boolean isHeld() {
        long deadline = deadlineNanos;
        IdClock clock = deadlineClock;
        return held && (deadline == 0 || System.nanoTime() - deadline < 0)
                && (clock == null || clock.monotonicNanos() - clockDeadlineNanos < 0);
    }

    /** {@inheritDoc} As a real lease: the held flag alone, no deadline, which only {@link #isHeld()} reads. */
    @Override
    public boolean isFoundNotHeld() {
        boolean notHeld = !held;
        Runnable action = afterNextStateRead.getAndSet(null);
        if (action != null) {
            action.run();
        }
        return notHeld;
    }

    /** {@inheritDoc} An hour while held without a deadline. */
    @Override
    public Duration remaining() {
        if (!isHeld()) {
            return Duration.ZERO;
        }
        long deadline = deadlineNanos;
        return deadline == 0 ? Duration.ofHours(1) : Duration.ofNanos(Math.max(deadline - System.nanoTime(), 0));
    }

    @Override
    public long highWaterMarkMillis() {
        return mark.get();
    }

    @Override
    public void advanceHighWaterMark(long epochMillis) {
        attempts.incrementAndGet();
        if (failAdvance) {
            throw new IllegalStateException("fake store down (mark " + java.time.Instant.ofEpochMilli(epochMillis)
                    + ")");
        }
        if (!isHeld()) {
            throw new IllegalStateException("fake lease not held");
        }
        // After the held check, as a real lease's write hangs in the store's connection once it has begun.
        CountDownLatch latch = hang;
        if (latch != null) {
            try {
                latch.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", e);
            }
        }
        long delay = advanceDelayMillis;
        if (delay > 0) {
            try {
                Thread.sleep(delay);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", e);
            }
        }
        mark.accumulateAndGet(epochMillis, Math::max);
        advances.add(epochMillis);
    }

    @Override
    public void close() {
        closed = true;
        held = false;
    }

    @Override
    public String toString() {
        return "FakeNodeLease[" + identity + "]";
    }
}
