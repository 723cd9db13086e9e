package dev.ids;

import dev.ids.sequence.TimeSequence;
import java.time.Duration;
import java.util.Objects;

/**
 * The builder settings of generators that may wait for their clock (after a sequence overflow or a clock
 * regression): on top of the clock and listener, the longest a call may wait before it fails with
 * {@link IdGenerationException}.
 *
 * @param <B> the concrete builder type, returned by every setter
 */
public abstract class WaitingGeneratorBuilder<B extends WaitingGeneratorBuilder<B>> extends GeneratorBuilder<B> {

    /** The longest maximum wait a builder accepts: a day, far beyond any useful wait for a clock. */
    public static final Duration MAX_WAIT_LIMIT = Duration.ofDays(1);

    private Duration maxWait = TimeSequence.DEFAULT_MAX_WAIT;

    /** For subclasses. */
    protected WaitingGeneratorBuilder() {
    }

    /**
     * Sets the longest one call may wait for the clock before it fails (default
     * {@link TimeSequence#DEFAULT_MAX_WAIT}). When the wait a call needs is known to exceed it, for example because
     * the clock stepped back an hour, the call fails at once.
     *
     * @param maxWait the maximum wait, from zero (never wait) to {@link #MAX_WAIT_LIMIT}
     * @return this builder
     * @throws IllegalArgumentException when negative or above the limit
     */
    public B maxWait(Duration maxWait) {
        Objects.requireNonNull(maxWait, "maxWait");
        if (maxWait.isNegative() || maxWait.compareTo(MAX_WAIT_LIMIT) > 0) {
            throw new IllegalArgumentException("maxWait out of range [PT0S, " + MAX_WAIT_LIMIT + "]: " + maxWait);
        }
        this.maxWait = maxWait;
        @SuppressWarnings("unchecked")
        B self = (B) this;
        return self;
    }

    /**
     * Returns the maximum wait set on this builder.
     *
     * @return the maximum wait
     */
    public Duration maxWait() {
        return maxWait;
    }
}
