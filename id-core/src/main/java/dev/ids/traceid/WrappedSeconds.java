package dev.ids.traceid;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * Arithmetic on the TraceId timestamp, Unix seconds modulo 2^25: wrapping a second into it, and turning a wrapped
 * value back into an instant against a reference, since the value alone does not say which 388-day period it is in.
 *
 * <p>Kept apart from {@link TraceId} because the modular reasoning is the subtle part of the scheme and is shared by
 * {@link TraceIdRange}; it works on plain seconds and refers to no TraceId, so the dependency runs one way only.
 */
final class WrappedSeconds {

    /** The period of the wrapped timestamp, in seconds. */
    static final long PERIOD = 1L << 25;

    private WrappedSeconds() {
    }

    /** The wrapped timestamp of a Unix second. */
    static long wrap(long epochSecond) {
        return epochSecond & PERIOD - 1;
    }

    /** The wrapped timestamp of an instant's second; a null instant is refused by the name {@code instant}. */
    static long wrap(Instant instant) {
        return wrap(Objects.requireNonNull(instant, "instant").getEpochSecond());
    }

    /** The most recent second at or before the reference whose wrapped value is {@code wrapped}. */
    static Instant atOrBefore(long wrapped, Instant reference) {
        long referenceSecond = Objects.requireNonNull(reference, "reference").getEpochSecond();
        long behind = Math.floorMod(referenceSecond - wrapped, PERIOD);
        return Instant.ofEpochSecond(referenceSecond - behind);
    }

    /** The second with the wrapped value {@code wrapped} nearest the reference's second, half a period each way. */
    static Instant nearest(long wrapped, Instant reference) {
        long referenceSecond = Objects.requireNonNull(reference, "reference").getEpochSecond();
        long ahead = Math.floorMod(wrapped - referenceSecond, PERIOD);
        return Instant.ofEpochSecond(referenceSecond + (ahead >= PERIOD / 2 ? ahead - PERIOD : ahead));
    }

    /**
     * Whether a wrapped value lies within {@code maxLag} whole seconds of {@code now}, measured round the circle in
     * whichever direction is shorter, so that both a stale ID and one from a clock ahead fail.
     */
    static boolean isWithin(long wrapped, Instant now, Duration maxLag) {
        Objects.requireNonNull(now, "now");
        if (Objects.requireNonNull(maxLag, "maxLag").isNegative()) {
            throw new IllegalArgumentException("maximum lag must not be negative: " + maxLag);
        }
        long behind = Math.floorMod(now.getEpochSecond() - wrapped, PERIOD);
        return Math.min(behind, PERIOD - behind) <= maxLag.getSeconds();
    }
}
