package dev.ids.chaos;

import dev.ids.node.NodeLease;
import java.time.Duration;

/**
 * The negative control's lease: a real lease with its fence taken away. It never says it is lost, and a mark write
 * the store refuses passes for written, as a generator without the fence's deadline check would have it. A worker
 * on it, paused past its lease while another takes its identity, goes on issuing beside its successor: the run must
 * then report duplicates, or the suite could not tell a protected generator from an unprotected one.
 */
final class UnfencedLease extends ForwardingLease {

    /** The highest mark asked for, written or not. */
    private volatile long asked = -1;

    UnfencedLease(NodeLease lease) {
        super(lease);
    }

    @Override
    public long highWaterMarkMillis() {
        return Math.max(asked, super.highWaterMarkMillis());
    }

    @Override
    public boolean isHeld() {
        return true;
    }

    @Override
    public boolean isEnded() {
        return false;
    }

    @Override
    public Duration remaining() {
        return Duration.ofDays(1);
    }

    @Override
    public String notHeldReason() {
        return null;
    }

    @Override
    public synchronized void advanceHighWaterMark(long epochMillis) {
        asked = Math.max(asked, epochMillis);
        try {
            super.advanceHighWaterMark(epochMillis);
        } catch (RuntimeException refused) {
            // the store refused (another holder has the identity now): carried on as if written
        }
    }
}
