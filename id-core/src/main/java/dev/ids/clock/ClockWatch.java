package dev.ids.clock;

import dev.ids.IdGenerationException;
import dev.ids.event.IdGeneratorListener;
import dev.ids.event.WaitCause;
import dev.ids.internal.Classes;
import java.time.Duration;
import java.time.temporal.TemporalUnit;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One generator's dealings with its clock: it waits for the clock within the generator's maximum wait, and tells
 * the generator's listener of each wait, of each fall of the clock (once per fall) and of each refusal.
 *
 * <p>Every generator that waits or watches for a clock that stepped back (the time sequences, sno's tick-tock, the
 * GID generator, a lease fence waiting for its start mark) holds one, so that the bounds, the overflow-safe
 * arithmetic and the events are written once. Thread-safe; the methods that report call the listener on the
 * calling thread.
 */
public final class ClockWatch {

    private final IdClock clock;
    private final IdGeneratorListener listener;
    private final long maxWaitNanos;
    /** The latest reading whose fall was last reported, so that each fall is reported once. */
    private final AtomicLong regressionReportedAt = new AtomicLong(Long.MIN_VALUE);

    /**
     * Creates the watch of one generator.
     *
     * @param clock the clock the generator reads
     * @param listener the generator's listener
     * @param maxWait the longest one call of the generator may wait for the clock
     */
    public ClockWatch(IdClock clock, IdGeneratorListener listener, Duration maxWait) {
        this.clock = Objects.requireNonNull(clock, "clock");
        this.listener = Objects.requireNonNull(listener, "listener");
        this.maxWaitNanos = maxWait.toNanos();
        // The classes of a wait, which the first calls over capacity would otherwise initialise together (see
        // Classes for why a generator initialises its classes as it is built).
        Classes.initialise(WaitCause.class, ClockWaits.class);
    }

    /**
     * Returns the clock watched.
     *
     * @return the clock
     */
    public IdClock clock() {
        return clock;
    }

    /**
     * Returns the listener told of waits, falls and refusals.
     *
     * @return the listener
     */
    public IdGeneratorListener listener() {
        return listener;
    }

    /**
     * Returns the longest one call may wait.
     *
     * @return the maximum wait in nanoseconds
     */
    public long maxWaitNanos() {
        return maxWaitNanos;
    }

    /**
     * Returns how long the wall clock needs from now to reach a time, or {@link Long#MAX_VALUE} when the gap,
     * counted in whole ticks first, already exceeds what is allowed: a clock far behind is refused without
     * multiplying a huge gap into nanoseconds.
     *
     * @param targetMicros the time to reach, in microseconds since the Unix epoch
     * @param ticksAhead the same gap in the caller's ticks (target minus its latest reading)
     * @param nanosPerTick the length of one of the caller's ticks
     * @param allowedNanos what the caller may still wait
     * @return the nanoseconds needed (negative when the clock is past the target), or {@link Long#MAX_VALUE}
     */
    public long nanosUntil(long targetMicros, long ticksAhead, long nanosPerTick, long allowedNanos) {
        if (ticksAhead - 1 > Math.max(allowedNanos, 0) / nanosPerTick) {
            return Long.MAX_VALUE;
        }
        return (targetMicros - clock.wallTimeMicros()) * 1_000L;
    }

    /**
     * Pauses until the wall clock reaches a time, or the monotonic clock a deadline, whichever comes first (see
     * {@link ClockWaits#pauseUntil}).
     *
     * @param targetMicros the time to reach, in microseconds since the Unix epoch
     * @param deadlineNanos the {@link IdClock#monotonicNanos()} reading at which to give up
     * @return {@code true} when the wall clock reached the target
     */
    public boolean pauseUntil(long targetMicros, long deadlineNanos) {
        return ClockWaits.pauseUntil(clock, targetMicros, deadlineNanos);
    }

    /**
     * Returns the nanoseconds since a monotonic reading, at least 1: the length of a wait that ended now.
     *
     * @param beganNanos the {@link IdClock#monotonicNanos()} reading when the wait began
     * @return the time waited
     */
    public long waitedSince(long beganNanos) {
        return Math.max(clock.monotonicNanos() - beganNanos, 1);
    }

    /**
     * Tells the listener of a wait that ended now.
     *
     * @param cause why the call waited
     * @param beganNanos the {@link IdClock#monotonicNanos()} reading when the wait began
     */
    public void reportWait(WaitCause cause, long beganNanos) {
        listener.onWait(cause, Duration.ofNanos(waitedSince(beganNanos)));
    }

    /**
     * Tells the listener that the clock reads earlier than a reading already seen, unless this fall (from this
     * latest reading) was reported already.
     *
     * @param latest the latest reading seen before
     * @param now the reading now, earlier than {@code latest}
     * @param unit the unit of both readings
     */
    public void reportRegression(long latest, long now, TemporalUnit unit) {
        long reported = regressionReportedAt.get();
        if (reported != latest && regressionReportedAt.compareAndSet(reported, latest)) {
            listener.onClockRegression(Duration.of(latest - now, unit));
        }
    }

    /**
     * Returns how far a reading a generator went on from lies ahead of the clock's reading now.
     *
     * @param latest the latest reading the generator used
     * @param now the clock's reading now, in the same unit
     * @param unit the unit of both readings
     * @return the lead, never negative
     */
    public static Duration lead(long latest, long now, TemporalUnit unit) {
        return latest > now ? Duration.of(latest - now, unit) : Duration.ZERO;
    }

    /**
     * Tells the listener of a refusal and returns the exception, for the caller to throw.
     *
     * @param message what was refused and why, with the figures
     * @return the exception
     */
    public IdGenerationException refuse(String message) {
        return refuse(new IdGenerationException(message));
    }

    /**
     * Tells the listener of a refusal and returns the exception, for the caller to throw.
     *
     * @param failure the exception
     * @return the same exception
     */
    public IdGenerationException refuse(IdGenerationException failure) {
        listener.onRefused(failure);
        return failure;
    }
}
