package dev.ids;

import java.time.Duration;
import java.util.Map;

/**
 * A generator that can tell what it is and how it is doing, for metrics, health checks and management endpoints.
 * Every generator of this library implements it.
 *
 * @param <T> the identifier type
 */
public interface MonitoredIdGenerator<T> extends IdGenerator<T> {

    /**
     * Returns the scheme of the IDs this generator makes.
     *
     * @return the scheme
     */
    IdScheme scheme();

    /**
     * Returns the settings that shape this generator's IDs, such as its node identity and mode, in layout order,
     * named as in the decoded view (for example {@code partition}, {@code sequenceMin}, {@code sequenceMax}).
     *
     * @return the settings; values are {@link Integer}, {@link Long} or {@link String}
     */
    Map<String, Object> settings();

    /**
     * Returns how many IDs this generator has returned so far (a {@link java.util.concurrent.atomic.LongAdder}
     * sum: exact when no call is under way).
     *
     * @return the number of IDs returned
     */
    long generatedCount();

    /**
     * Returns how far the time in this generator's latest IDs runs ahead of the wall clock now: zero normally,
     * positive after the clock stepped back while the generator went on from the latest time it had used.
     *
     * @return the lead, never negative
     */
    Duration lead();
}
