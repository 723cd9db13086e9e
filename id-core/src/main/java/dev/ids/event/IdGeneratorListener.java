package dev.ids.event;

import dev.ids.IdGenerationException;
import java.time.Duration;

/**
 * Receives the events a generator reports: a wait for the clock and its cause, a wall clock that stepped back, and
 * a refusal to issue an ID. Each generator has one listener, set on its builder; the Spring Boot starter turns these
 * events into Micrometer meters.
 *
 * <p>Methods are called on the generating thread, after the event, and must return quickly. Events are rare: a
 * generator reports a clock regression once for each time the clock falls behind, not once per ID, and a wait once
 * per call that waited.
 */
public interface IdGeneratorListener {

    /** A listener that ignores every event. */
    IdGeneratorListener NONE = new IdGeneratorListener() {
        @Override
        public String toString() {
            return "IdGeneratorListener.NONE";
        }
    };

    /**
     * Called when a call has waited for the clock, once the wait is over. A wait that ends in failure (the clock
     * did not get there within the maximum wait) is reported as a refusal instead.
     *
     * @param cause why it waited: over capacity, a clock that stepped back, or a node lease's high-water mark
     * @param waited how long it waited
     */
    default void onWait(WaitCause cause, Duration waited) {
    }

    /**
     * Called when a generator reads a wall-clock time earlier than one it has already read, once for each fall. Any
     * wait the fall causes is reported on its own, as {@link WaitCause#CLOCK_REGRESSION}.
     *
     * @param backwards how far the clock stood behind the latest time the generator had read or used
     */
    default void onClockRegression(Duration backwards) {
    }

    /**
     * Called when a generator refuses to issue an ID, just before it throws the exception: over capacity beyond
     * the maximum wait, a clock that stands too far behind or outside the times the scheme can represent, or a node
     * lease that is not held or whose mark cannot be written; the message says which, with the figures.
     *
     * @param failure the exception the generator is about to throw
     */
    default void onRefused(IdGenerationException failure) {
    }
}
