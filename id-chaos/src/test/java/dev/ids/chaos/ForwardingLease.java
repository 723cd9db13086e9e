package dev.ids.chaos;

import dev.ids.node.NodeLease;
import java.time.Duration;
import java.util.Objects;
import java.util.function.LongSupplier;

/**
 * A node lease that forwards every call to a real one: the negative controls' leases extend it and take away the one
 * protection each of them must show the suite catching.
 */
abstract class ForwardingLease implements NodeLease {

    private final NodeLease delegate;

    ForwardingLease(NodeLease delegate) {
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
    public String notHeldReason() {
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
