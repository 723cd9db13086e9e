package dev.ids.node;

import java.time.Duration;
import java.util.Objects;
import java.util.function.LongSupplier;
import org.jspecify.annotations.Nullable;

/**
 * A node lease that forwards every call to another, for a store's own lease type: it keeps the type (and accessors
 * such as a znode's path) that users and tests know, while the lifecycle lives in the {@link StoredNodeLease} it
 * forwards to.
 */
public abstract class ForwardingNodeLease implements NodeLease {

    private final NodeLease delegate;

    /**
     * Creates a lease forwarding to another.
     *
     * @param delegate the lease that does the work
     */
    protected ForwardingNodeLease(NodeLease delegate) {
        this.delegate = Objects.requireNonNull(delegate, "delegate");
    }

    @Override
    public long identity() {
        return delegate.identity();
    }

    @Override
    public boolean isHeld() {
        return delegate.isHeld();
    }

    @Override
    public boolean isFoundNotHeld() {
        return delegate.isFoundNotHeld();
    }

    @Override
    public long highWaterMarkMillis() {
        return delegate.highWaterMarkMillis();
    }

    @Override
    public void advanceHighWaterMark(long epochMillis) {
        delegate.advanceHighWaterMark(epochMillis);
    }

    @Override
    public boolean isEnded() {
        return delegate.isEnded();
    }

    @Override
    public long renewalCount() {
        return delegate.renewalCount();
    }

    @Override
    public long renewalFailureCount() {
        return delegate.renewalFailureCount();
    }

    @Override
    public Duration remaining() {
        return delegate.remaining();
    }

    @Override
    public @Nullable String notHeldReason() {
        return delegate.notHeldReason();
    }

    @Override
    public Duration clockSkew() {
        return delegate.clockSkew();
    }

    @Override
    public void lowerMarkOnClose(LongSupplier latestIssuedMillis) {
        delegate.lowerMarkOnClose(latestIssuedMillis);
    }

    @Override
    public void close() {
        delegate.close();
    }

    @Override
    public String toString() {
        return delegate.toString();
    }
}
