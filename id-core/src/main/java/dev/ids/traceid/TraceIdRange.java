package dev.ids.traceid;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * The TraceIds from one to another inclusive, as a time-range query selects them ({@code id BETWEEN min AND max}).
 *
 * <p>A TraceId keeps Unix seconds modulo 2<sup>25</sup> (about 388 days), so its numbers start again from 0 at the
 * start of every such window (the last one began at 2026-05-10T03:48:16Z). {@link #covering} gives the one range of
 * an interval inside a window, or the two ranges of an interval across the start of one, which a single
 * {@code TraceId.min(from)} to {@code TraceId.max(to)} would miss: that range would be empty.
 *
 * @param min the lowest TraceId of the range
 * @param max the highest TraceId of the range, not below {@code min}
 */
public record TraceIdRange(TraceId min, TraceId max) {

    /** The length of a window of TraceId timestamps. */
    public static final Duration WINDOW = Duration.ofSeconds(TraceId.MAX_TIMESTAMP + 1);

    /**
     * Checks the bounds.
     *
     * @param min the lowest TraceId of the range
     * @param max the highest TraceId of the range
     * @throws IllegalArgumentException when {@code min} sorts after {@code max}
     */
    public TraceIdRange {
        Objects.requireNonNull(min, "min");
        Objects.requireNonNull(max, "max");
        if (min.compareTo(max) > 0) {
            throw new IllegalArgumentException("The range's min " + min + " sorts after its max " + max);
        }
    }

    /**
     * Returns the ranges of the TraceIds whose timestamps lie from one instant to another, both seconds included:
     * one range, or two when the interval crosses the start of a window.
     *
     * @param from the first instant
     * @param to the last instant, not before {@code from}
     * @return one or two ranges, in the order of their times
     * @throws IllegalArgumentException when {@code to} is before {@code from}, or when the interval is a window or
     *     longer, as TraceIds a window apart cannot be told apart
     */
    public static List<TraceIdRange> covering(Instant from, Instant to) {
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        long first = from.getEpochSecond();
        long last = to.getEpochSecond();
        if (last < first) {
            throw new IllegalArgumentException("The interval ends (" + to + ") before it starts (" + from + ")");
        }
        if (last - first > TraceId.MAX_TIMESTAMP) {
            throw new IllegalArgumentException("The interval from " + from + " to " + to + " is longer than a "
                    + "TraceId window of 2^25 seconds (" + WINDOW.toDays() + " days): TraceIds of seconds 2^25 apart "
                    + "cannot be told apart, so query a shorter interval");
        }
        if (WrappedSeconds.wrap(first) <= WrappedSeconds.wrap(last)) {
            return List.of(new TraceIdRange(TraceId.min(from), TraceId.max(to)));
        }
        Instant windowStart = Instant.ofEpochSecond(last - WrappedSeconds.wrap(last));
        return List.of(new TraceIdRange(TraceId.min(from), TraceId.max(windowStart.minusSeconds(1))),
                new TraceIdRange(TraceId.min(windowStart), TraceId.max(to)));
    }

    /**
     * Tells whether a TraceId lies in the range.
     *
     * @param id the TraceId
     * @return whether it is from {@code min} to {@code max}
     */
    public boolean contains(TraceId id) {
        return id.compareTo(min) >= 0 && id.compareTo(max) <= 0;
    }
}
