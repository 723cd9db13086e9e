package dev.ids.benchmarks;

import dev.ids.node.NodeLease;
import java.time.Duration;

/**
 * A lease that is always held and keeps its high-water mark in memory, as a healthy store's lease looks to the
 * generator between renewals: {@link #isHeld()} and {@link #isFoundNotHeld()} cost what a real lease's do (a
 * volatile read and a reading of the monotonic clock; two volatile reads), and a mark write returns at once. It
 * isolates what fencing adds to each call.
 */
final class HeldLease implements NodeLease {

    private final long identity;
    private volatile long deadlineNanos = System.nanoTime() + Duration.ofDays(1).toNanos();
    private volatile long mark;
    /** A real lease's state: ended (lost or closed) and fenced for clock skew; never set while the run lasts. */
    private volatile boolean ended;
    private volatile boolean fenced;

    HeldLease(long identity) {
        this.identity = identity;
    }

    @Override
    public long identity() {
        return identity;
    }

    @Override
    public boolean isHeld() {
        return System.nanoTime() - deadlineNanos < 0;
    }

    /** As a real lease's: its state, two volatile reads, no clock. */
    @Override
    public boolean isFoundNotHeld() {
        return ended || fenced;
    }

    @Override
    public long highWaterMarkMillis() {
        return mark;
    }

    @Override
    public synchronized void advanceHighWaterMark(long epochMillis) {
        if (epochMillis > mark) {
            mark = epochMillis;
        }
    }

    @Override
    public Duration remaining() {
        return Duration.ofNanos(Math.max(0, deadlineNanos - System.nanoTime()));
    }

    @Override
    public void close() {
        ended = true;
        deadlineNanos = System.nanoTime();
    }
}
