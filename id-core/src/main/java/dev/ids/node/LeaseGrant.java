package dev.ids.node;

import java.time.Duration;

/**
 * What a store grants a holder with a claim or a renewal: how long the lease holds, counted from the moment the
 * claim or renewal was asked for, and the clock skew measured on the way.
 *
 * @param leaseNanos how long the lease holds without another renewal, in nanoseconds; it must not exceed the time
 *     after which the store lets another process take the identity, counted from the same moment
 * @param skewMillis how far this application's wall clock was ahead of the store's (negative when behind), in ms;
 *     0 for a store that does not measure it
 */
public record LeaseGrant(long leaseNanos, long skewMillis) {

    /**
     * A grant of a lease length without a skew measurement.
     *
     * @param lease how long the lease holds
     * @return the grant
     */
    public static LeaseGrant of(Duration lease) {
        return new LeaseGrant(lease.toNanos(), 0);
    }
}
