package dev.ids.event;

import dev.ids.IdGenerationException;
import java.time.Duration;

/**
 * Receives the events a generator reports: a sequence that ran out within a time unit, a wall clock that
 * stepped back, and a refusal to issue an ID. Each generator has one listener, set on its builder; the Spring Boot starter turns these events
 * into Micrometer meters.
 *
 * <p>Methods are called on the generating thread, after the event, and must return quickly. Events are rare: a
 * generator reports a clock regression once for each time the clock falls behind, not once per ID.
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
     * Called after a generator waited for the next time unit because the sequence of the current one was used up
     * (or was used up while the wall clock stood behind it).
     *
     * @param waited how long the generator waited
     */
    default void onSequenceOverflow(Duration waited) {
    }

    /**
     * Called when a generator reads a wall-clock time earlier than one it has already used.
     *
     * @param backwards how far the clock stood behind the latest time the generator had used
     */
    default void onClockRegression(Duration backwards) {
    }

    /**
     * Called when a generator refuses to issue an ID, just before it throws the exception: the clock stands too
     * far behind, or outside the times the scheme can represent.
     *
     * @param failure the exception the generator is about to throw
     */
    default void onRefused(IdGenerationException failure) {
    }
}
