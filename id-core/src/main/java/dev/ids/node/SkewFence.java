package dev.ids.node;

import dev.ids.clock.IdClock;
import java.lang.System.Logger.Level;
import java.time.Instant;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Fences a lease while this application's wall clock is further from its store's clock than the reclaim grace.
 * IDs and the high-water mark are stamped with the application's clock, while expiry is decided on the store's;
 * past the grace, IDs stamped here could collide with another holder's. The lease keeps its identity (and keeps
 * renewing) but is not held until a later measurement finds the clocks within the grace again. One warning is
 * logged when the fence goes up and one line when it comes down.
 *
 * <p>A store that cannot read its own clock records a skew of 0 and is never fenced. Thread-safe: the state is two
 * volatile fields, written by the one thread that renews the lease.
 */
public final class SkewFence {

    private final IdClock clock;
    private final long graceMillis;
    private final String storeClock;
    private final System.Logger log;
    private volatile long skewMillis;
    private volatile @Nullable String reason;

    /**
     * Creates a fence, down until a skew beyond the grace is recorded.
     *
     * @param clock the application's clock, whose wall time the message names
     * @param graceMillis the reclaim grace, in milliseconds
     * @param storeClock whose clock the skew is measured against, possessive, for messages: {@code the database's}
     * @param log where the fence going up or down is logged
     */
    public SkewFence(IdClock clock, long graceMillis, String storeClock, System.Logger log) {
        this.clock = Objects.requireNonNull(clock, "clock");
        this.graceMillis = graceMillis;
        this.storeClock = Objects.requireNonNull(storeClock, "storeClock");
        this.log = Objects.requireNonNull(log, "log");
    }

    /**
     * Records a measured skew, raising or lowering the fence.
     *
     * @param skew how far the application's wall clock is ahead of the store's, in ms (negative when behind)
     * @param lease the lease, named in the log
     */
    public void record(long skew, Object lease) {
        skewMillis = skew;
        boolean fenced = reason != null;
        if (Math.abs(skew) > graceMillis) {
            long now = clock.wallTimeMillis();
            String why = "this application's wall clock (" + Instant.ofEpochMilli(now) + ") is " + Math.abs(skew)
                    + " ms " + (skew > 0 ? "ahead of" : "behind") + " " + storeClock + " ("
                    + Instant.ofEpochMilli(now - skew) + "), more than the reclaim grace of " + graceMillis
                    + " ms; IDs stamped by this clock could collide with another holder's";
            reason = why;
            if (!fenced) {
                log.log(Level.WARNING, () -> "Fenced " + lease + ": " + why + "; synchronise the clock"
                        + " (NTP): the lease is kept and held again once the clocks agree within the grace");
            }
        } else if (fenced) {
            reason = null;
            log.log(Level.INFO, () -> "No longer fenced " + lease + ": the application's clock is " + skew
                    + " ms from " + storeClock + ", within the reclaim grace of " + graceMillis + " ms");
        }
    }

    /**
     * Tells whether the fence is up.
     *
     * @return whether the last recorded skew exceeded the grace
     */
    public boolean isUp() {
        return reason != null;
    }

    /**
     * Returns why the fence is up.
     *
     * @return the reason, naming both clocks and the grace; {@code null} while down
     */
    public @Nullable String reason() {
        return reason;
    }

    /**
     * Returns the skew last recorded.
     *
     * @return milliseconds the application's clock was ahead of the store's (negative when behind)
     */
    public long skewMillis() {
        return skewMillis;
    }
}
