package dev.ids.sno;

import dev.ids.IdGenerationException;
import dev.ids.clock.ClockWatch;
import dev.ids.event.WaitCause;
import java.time.Duration;
import java.time.Instant;

/**
 * The refusals of one {@link TickTockSequence}, with the figures: each tells the listener (through the sequence's
 * {@link ClockWatch}) and returns the exception for the caller to throw. Times are milliseconds since 2010, as in
 * the sequence's state; no method here runs unless a call is refused.
 */
final class TickTockRefusals {

    private final String description;
    private final ClockWatch watch;
    private final int poolSize;

    TickTockRefusals(String description, ClockWatch watch, int sequenceMin, int sequenceMax) {
        this.description = description;
        this.watch = watch;
        this.poolSize = sequenceMax - sequenceMin + 1;
    }

    /** The wall clock reads a time no sno can hold. */
    IdGenerationException outOfRange(long epochMillis) {
        return refuse(": the wall clock reads " + Instant.ofEpochMilli(epochMillis) + ", outside the times a sno can "
                + "hold (" + Sno.EPOCH + " to " + Instant.ofEpochMilli(Sno.EPOCH_MILLIS + Sno.MAX_MILLIS)
                + "); refusing to issue an ID");
    }

    /**
     * The next free number lies further ahead than what is left of the call's maximum wait.
     *
     * @param aheadNanos how far ahead its unit starts, or {@link Long#MAX_VALUE} when too far to count
     * @param regressionWaitNanos what the call already waited behind a fallen clock
     */
    IdGenerationException beyondMaxWait(WaitCause cause, long nowMillis, long latestReading, long unit,
            long aheadNanos, long regressionWaitNanos) {
        long startMillis = unit * Sno.UNIT_MILLIS;
        return refuse(": " + why(cause, nowMillis, latestReading, unit) + ", "
                + (aheadNanos == Long.MAX_VALUE ? Duration.ofMillis(startMillis - nowMillis)
                        : Duration.ofNanos(aheadNanos))
                + " ahead of the clock, beyond the maximum wait of " + maxWait()
                + (regressionWaitNanos > 0 ? " (" + Duration.ofNanos(regressionWaitNanos) + " of it already "
                        + "spent behind a clock that stepped back)" : "")
                + "; refusing to issue a possible duplicate or to wait longer");
    }

    /** A call took a ticket, but the clock did not reach its unit within the maximum wait. */
    IdGenerationException clockDidNotReach(WaitCause cause, long nowMillis, long latestReading, long unit) {
        return refuse(": " + why(cause, nowMillis, latestReading, unit)
                + "; it took the number and waited the maximum wait of " + maxWait()
                + ", but the wall clock did not reach that unit: it reads " + clockNow()
                + " (it stood still or stepped back); refusing to issue an ID for a time the clock has not reached");
    }

    /**
     * The clock fell back into units both timelines have used, and does not reach a free one in time.
     *
     * @param neededNanos how long the wait would be, or {@link Long#MAX_VALUE} when too long to count
     * @param waitedBefore what the call already waited behind a fallen clock
     */
    IdGenerationException fallenTooFar(long targetMillis, long nowMillis, long neededNanos, long waitedBefore) {
        return refuse(": the wall clock fell back into 4 ms units both tick-tock timelines have already used; it "
                + "reads " + clockNow() + " and must reach " + Instant.ofEpochMilli(Sno.EPOCH_MILLIS + targetMillis)
                + ", " + (neededNanos == Long.MAX_VALUE ? Duration.ofMillis(targetMillis - nowMillis)
                        : Duration.ofNanos(neededNanos))
                + " ahead, to issue a unique ID, which is beyond the maximum wait of " + maxWait() + " (waited "
                + Duration.ofNanos(waitedBefore) + " before); refusing to issue a possible duplicate");
    }

    /** Why a call must wait for {@code unit}, with the figures. */
    private String why(WaitCause cause, long nowMillis, long latestReading, long unit) {
        Instant start = Instant.ofEpochMilli(Sno.EPOCH_MILLIS + unit * Sno.UNIT_MILLIS);
        Instant now = Instant.ofEpochMilli(Sno.EPOCH_MILLIS + nowMillis);
        return switch (cause) {
            case CAPACITY -> "the sequence of its 4 ms unit is used up: over capacity at " + poolSize
                    + " per 4 ms (" + poolSize * (1000 / Sno.UNIT_MILLIS) + " per second), calls waiting their "
                    + "turn hold the numbers before the unit starting at " + start + ", where the next free one lies";
            case CLOCK_REGRESSION -> "the wall clock (" + now + ") stands "
                    + Duration.ofMillis(latestReading - nowMillis) + " behind the latest time it read ("
                    + Instant.ofEpochMilli(Sno.EPOCH_MILLIS + latestReading)
                    + "), and the next free number lies in the unit starting at " + start;
            case LEASE_MARK -> "the wall clock (" + now + ") stands behind the node lease's high-water mark, up to "
                    + "which an earlier holder may have issued IDs; the first free unit after it starts at " + start;
        };
    }

    private Duration maxWait() {
        return Duration.ofNanos(watch.maxWaitNanos());
    }

    private Instant clockNow() {
        return Instant.ofEpochMilli(watch.clock().wallTimeMillis());
    }

    private IdGenerationException refuse(String why) {
        return watch.refuse(new IdGenerationException(description + why));
    }
}
