package dev.ids.chaos;

import dev.ids.node.NodeLease;

/**
 * A negative control's lease: a real lease whose generator does not see the high-water mark its claim read. It reports
 * only the marks it was asked to write, so the generator starts from nothing instead of waiting for the clock to pass
 * the mark a former holder left. Restarted with its clock behind the former holder's, such a generator issues IDs for
 * milliseconds the former holder has issued already: the checker must find them.
 */
final class MarklessLease extends ForwardingLease {

    /** The highest mark asked for; 0 before the first. */
    private volatile long asked;

    MarklessLease(NodeLease lease) {
        super(lease);
    }

    @Override
    public long highWaterMarkMillis() {
        return asked;
    }

    @Override
    public synchronized void advanceHighWaterMark(long epochMillis) {
        super.advanceHighWaterMark(epochMillis);
        asked = Math.max(asked, epochMillis);
    }
}
