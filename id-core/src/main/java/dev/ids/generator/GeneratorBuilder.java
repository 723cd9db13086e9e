package dev.ids.generator;

import dev.ids.clock.IdClock;
import dev.ids.event.IdGeneratorListener;
import java.util.Objects;

/**
 * The settings every generator's builder has: the clock it reads and the listener it reports events to. The
 * builders of the five schemes extend it (most through {@link WaitingGeneratorBuilder}), so code that configures
 * generators of any scheme, such as the Spring Boot starter, can apply these settings in one place.
 *
 * @param <B> the concrete builder type, returned by every setter
 */
public abstract class GeneratorBuilder<B extends GeneratorBuilder<B>> {

    private IdClock clock = IdClock.system();
    private IdGeneratorListener listener = IdGeneratorListener.NONE;

    /** For subclasses. */
    protected GeneratorBuilder() {
    }

    /**
     * Sets the clock the generator reads (default: {@link IdClock#system()}; tests pass a
     * {@link dev.ids.clock.ManualClock}).
     *
     * @param clock the clock
     * @return this builder
     */
    public B clock(IdClock clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
        return self();
    }

    /**
     * Sets the listener for the generator's events: waits with their cause, clock regressions and refusals
     * (default: {@link IdGeneratorListener#NONE}).
     *
     * @param listener the listener
     * @return this builder
     */
    public B listener(IdGeneratorListener listener) {
        this.listener = Objects.requireNonNull(listener, "listener");
        return self();
    }

    /**
     * Returns the clock set on this builder.
     *
     * @return the clock
     */
    public IdClock clock() {
        return clock;
    }

    /**
     * Returns the listener set on this builder.
     *
     * @return the listener
     */
    public IdGeneratorListener listener() {
        return listener;
    }

    @SuppressWarnings("unchecked")
    private B self() {
        return (B) this;
    }
}
