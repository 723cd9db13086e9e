package dev.ids.sequence;

import dev.ids.IdGenerationException;
import dev.ids.clock.ClockWatch;
import dev.ids.event.WaitCause;
import java.time.Duration;

/**
 * The refusals of one {@link TimeSequence}, with the figures: each tells the listener (through the sequence's
 * {@link ClockWatch}) and returns the exception for the caller to throw. Apart from the slot arithmetic so that the
 * sequence reads as its algorithm; no method here runs unless a call is refused.
 */
record SlotRefusals(String description, SlotLayout layout, ClockWatch watch) {

    /** The wall clock reads a time before the epoch or after the last representable unit. */
    IdGenerationException outsideRange(long reading) {
        return refuse(": the wall clock (" + layout.readingText(reading)
                + ") lies outside the times this scheme can represent");
    }

    /** The queue reached the end of the last representable unit. */
    IdGenerationException lastUnitUsedUp() {
        return refuse(": the last time unit this scheme can represent is used up (it ends at "
                + layout.tickText(layout.maxTick()) + "); refusing to issue an ID");
    }

    /**
     * The next free slot lies further ahead than the call may wait.
     *
     * @param cause why the call would wait
     * @param start the first tick of the free slot's unit
     * @param now the clock's tick
     * @param latestReading the latest tick the clock showed before
     * @param aheadNanos how far ahead the slot's unit starts, or {@link Long#MAX_VALUE} when too far to count
     * @param allowedNanos what the call may still wait
     */
    IdGenerationException beyondMaxWait(WaitCause cause, long start, long now, long latestReading, long aheadNanos,
            long allowedNanos) {
        String ahead = aheadNanos == Long.MAX_VALUE ? layout.ticks(start - now).toString()
                : Duration.ofNanos(aheadNanos).toString();
        String why = switch (cause) {
            case CAPACITY -> "over capacity at " + layout.capacity() + " per " + layout.unitTicks()
                    + layout.unitSymbol() + " (" + layout.perSecond() + " per second): calls waiting their turn hold "
                    + "the slots before the unit starting at " + layout.tickText(start) + ", where the next free "
                    + "one lies, " + ahead + " ahead of the clock";
            case CLOCK_REGRESSION -> "the wall clock (" + layout.tickText(now) + ") stands "
                    + layout.ticks(latestReading - now) + " behind the latest time it read ("
                    + layout.tickText(latestReading) + "), and the next free time unit starts " + ahead
                    + " ahead of it";
            case LEASE_MARK -> "the wall clock (" + layout.tickText(now) + ") stands behind the unit after the "
                    + "high-water mark it must start after (a node lease's, up to which an earlier holder may have "
                    + "issued IDs), which starts " + ahead + " ahead of it";
        };
        long maxWaitNanos = watch.maxWaitNanos();
        String limit = allowedNanos >= maxWaitNanos ? "the maximum wait of " + Duration.ofNanos(maxWaitNanos)
                : "the " + Duration.ofNanos(Math.max(allowedNanos, 0)) + " left of this call's maximum wait of "
                        + Duration.ofNanos(maxWaitNanos);
        return refuse(": " + why + ", beyond " + limit + "; refusing to issue a possible duplicate or to wait longer");
    }

    /**
     * The clock did not reach the unit of a ticket within the wait allowed.
     *
     * @param cause why the call waited
     * @param start the first tick of the ticket's unit
     * @param waitedNanos how long the call waited
     */
    IdGenerationException clockDidNotReach(WaitCause cause, long start, long waitedNanos) {
        return refuse(": waiting for its turn (" + describe(cause) + "), it waited " + Duration.ofNanos(waitedNanos)
                + " of its maximum wait of " + Duration.ofNanos(watch.maxWaitNanos()) + " for the wall clock to "
                + "reach " + layout.tickText(start) + ", the start of the time unit of its slot, but the clock reads "
                + layout.readingText(layout.read(watch.clock())) + " (it stood still or stepped back); refusing to "
                + "issue an ID for a time the clock has not reached");
    }

    private static String describe(WaitCause cause) {
        return switch (cause) {
            case CAPACITY -> "over capacity";
            case CLOCK_REGRESSION -> "behind a clock that stepped back";
            case LEASE_MARK -> "behind a node lease's high-water mark";
        };
    }

    private IdGenerationException refuse(String why) {
        return watch.refuse(new IdGenerationException(description + why));
    }
}
