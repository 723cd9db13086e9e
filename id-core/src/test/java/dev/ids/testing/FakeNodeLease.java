package dev.ids.testing;

import dev.ids.node.NodeLease;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A {@link NodeLease} for generator tests: the held flag, the high-water mark and a failing advance are set by the
 * test; every advance is recorded. An advance can be made slow, and publishes its mark only at its end, so that a
 * generator returning an ID beyond the mark before the write completes is caught.
 */
public final class FakeNodeLease implements NodeLease {

    private final long identity;
    private final AtomicLong mark = new AtomicLong();
    private volatile boolean held = true;
    private volatile boolean failAdvance;
    private volatile long advanceDelayMillis;
    private volatile boolean closed;

    /** Every successful advance, in the order written. */
    public final List<Long> advances = new CopyOnWriteArrayList<>();

    /** How many advances were attempted, failed ones included. */
    public final AtomicLong attempts = new AtomicLong();

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
        return held;
    }

    @Override
    public long highWaterMarkMillis() {
        return mark.get();
    }

    @Override
    public void advanceHighWaterMark(long epochMillis) {
        attempts.incrementAndGet();
        if (failAdvance) {
            throw new IllegalStateException("fake store down");
        }
        if (!held) {
            throw new IllegalStateException("fake lease not held");
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
