package dev.ids.sequence;

import dev.ids.IdGenerationException;
import dev.ids.clock.ClockWatch;
import dev.ids.clock.IdClock;
import dev.ids.event.IdGeneratorListener;
import dev.ids.event.WaitCause;
import dev.ids.internal.Checks;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Hands out (time, sequence) slots that never repeat: the mechanism under every time-ordered generator.
 *
 * <p>A slot is a time (in the sequence's {@linkplain Resolution resolution}, counted from its epoch) and a sequence
 * number within the time unit that time falls in. Within one unit the sequence runs from its minimum to its maximum;
 * the first slot of a later unit starts again at the minimum.
 *
 * <ul>
 *   <li>Over capacity, calls queue in the order they arrive: a call that finds the current unit used up takes a
 *       <em>ticket</em>, the next free slot of a later unit, and pauses until the clock reaches that unit, so no
 *       slot is returned before the clock has reached its time and a call that came first is never served after
 *       one that came later. The listener hears of a {@link WaitCause#CAPACITY} wait. A call whose ticket would lie
 *       further ahead than the maximum wait fails at once, without taking it, saying so with the figures.</li>
 *   <li>When the wall clock reads earlier than the latest time already read, the listener hears of a clock
 *       regression (once per fall), and slots go on from the remaining sequence of the latest unit used; when that
 *       runs out, the caller takes a ticket as above, and its wait is a {@link WaitCause#CLOCK_REGRESSION}. When
 *       the clock stands so far behind that the wait would exceed the maximum wait, the call fails at once. No slot
 *       is ever issued twice.</li>
 *   <li>A sequence started {@linkplain Builder#notBefore(long) after a reading} (a node lease's high-water mark)
 *       issues nothing up to that reading's unit; waits for the unit after it are {@link WaitCause#LEASE_MARK}
 *       waits.</li>
 * </ul>
 *
 * <p>The state is one {@link AtomicLong} (the latest time used, whether it is a reading or a ticket, the last
 * sequence number taken), updated with compare-and-set: lock-free, and free of allocation on the fast path. How the
 * pieces fit ({@link SlotIssuer} holds the state and takes slots on the fast path, {@link SlotLayout} packs the
 * state, {@link TicketQueue} queues the calls that wait) is set out in
 * <a href="https://github.com/dev-ids/ids/blob/main/docs/TIME-SEQUENCE.md">docs/TIME-SEQUENCE.md</a>.
 */
public final class TimeSequence implements SlotSequence {

    /** The maximum wait of generators whose builder was given none. */
    public static final Duration DEFAULT_MAX_WAIT = Duration.ofSeconds(2);

    /** The longest maximum wait a sequence (or a generator's builder) accepts: a day, far beyond any useful wait. */
    public static final Duration MAX_WAIT_LIMIT = Duration.ofDays(1);

    /** The resolution of the wall-clock readings a sequence works in. */
    public enum Resolution {
        /** Milliseconds. */
        MILLIS,
        /** Microseconds. */
        MICROS
    }

    private final SlotLayout layout;
    /** The state and the algorithm that issues slots from it. */
    private final SlotIssuer issuer;

    private TimeSequence(Builder builder) {
        ClockWatch watch = builder.watch();
        this.layout = SlotLayout.of(builder.resolution == Resolution.MICROS, builder.epoch, builder.unitTicks,
                builder.maxUnit, builder.minSequence, builder.maxSequence);
        this.issuer = new SlotIssuer(layout, watch, new SlotRefusals(builder.description, layout, watch),
                builder.notBefore);
    }

    /**
     * Starts a builder.
     *
     * @param description what the sequence belongs to, for messages, for example {@code "sno generator (partition 7)"}
     * @return a builder
     */
    public static Builder builder(String description) {
        return new Builder(description);
    }

    /**
     * Issues one slot; over capacity, waits for the first unit that has one free, in the order calls arrived.
     *
     * @return the slot; read it with {@link #unitOf(long)} and {@link #sequenceOf(long)}
     * @throws IdGenerationException when the free slot lies further ahead than the maximum wait (over capacity, a
     *     clock behind, or the lease mark: the message says which), when the clock does not reach the slot's unit
     *     within the maximum wait, or when the clock lies outside the units this sequence can represent
     */
    @Override
    public long next() {
        return issuer.take(1, TicketQueue.NO_DEADLINE);
    }

    /**
     * Issues one slot as {@link #next()} does, but waits no later than {@code deadlineNanos} instead of the maximum
     * wait from now: for a caller that has already waited part of its maximum wait before asking (a generator whose
     * calls queue for a lock first), so that its whole call stays within the maximum wait.
     *
     * @param deadlineNanos the latest {@link IdClock#monotonicNanos()} reading of this sequence's clock at which a
     *     wait may still end
     * @return the slot
     * @throws IdGenerationException as {@link #next()}, with the time left before the deadline in place of the
     *     maximum wait
     */
    public long nextBefore(long deadlineNanos) {
        return issuer.take(1, deadlineNanos);
    }

    /**
     * Issues up to {@code wanted} consecutive slots of one time unit, as many as its sequence has left. The slots
     * issued are the returned one and the {@code count - 1} that follow it in sequence, where
     * {@code count = min(wanted, maxSequence - sequenceOf(first) + 1)}. Waits as {@link #next()} does.
     *
     * @param wanted how many slots the caller wants, at least 1
     * @return the first slot issued
     * @throws IllegalArgumentException when {@code wanted} is less than 1
     * @throws IdGenerationException as {@link #next()}
     */
    public long reserve(int wanted) {
        Checks.inRange("slots wanted", wanted, 1, Integer.MAX_VALUE);
        return issuer.take(wanted, TicketQueue.NO_DEADLINE);
    }

    /**
     * Issues one slot if that needs no wait, as {@link #next()} would issue it, or returns {@link #WOULD_WAIT}
     * where {@link #next()} would queue: the clock's unit is used up, the clock stands behind the latest unit used
     * and that unit is used up, or calls wait for later units already (a slot now would be served before them).
     * Never pauses; lock-free.
     *
     * @return the slot, or {@link #WOULD_WAIT}
     * @throws IdGenerationException when the clock lies outside the units this sequence can represent
     */
    @Override
    public long tryNext() {
        return issuer.tryTake();
    }

    /**
     * Returns the time unit of a slot: its reading divided by the unit length, counted from the epoch.
     *
     * @param slot a slot from {@link #next()} or {@link #reserve(int)}
     * @return the time unit
     */
    public long unitOf(long slot) {
        return layout.unitOfTick(layout.tickOf(slot));
    }

    /**
     * Returns the sequence number of a slot within its time unit.
     *
     * @param slot a slot from {@link #next()} or {@link #reserve(int)}
     * @return the sequence number
     */
    public int sequenceOf(long slot) {
        return layout.sequenceOf(slot);
    }

    /**
     * Returns how far the wall clock now stands behind the latest time this sequence read from it (or went on
     * from): zero unless the clock stepped back. Slots reserved ahead of the clock for waiting calls do not count:
     * none of them is returned before the clock reaches its time.
     *
     * @return the lead, never negative
     */
    @Override
    public Duration lead() {
        return issuer.lead();
    }

    /**
     * Returns the last millisecond a time unit covers: the time a lease's high-water mark must reach before a slot
     * of that unit is handed out.
     *
     * @param unit a time unit, from {@link #unitOf(long)}
     * @return its last millisecond, since the Unix epoch
     */
    public long lastMillisOf(long unit) {
        return layout.lastMillisOf(unit);
    }

    @Override
    public long lastMillisOfSlot(long slot) {
        return lastMillisOf(unitOf(slot));
    }

    /**
     * Checks a maximum wait against the limits every sequence and generator builder applies.
     *
     * @param maxWait the maximum wait
     * @return the same maximum wait
     * @throws IllegalArgumentException when negative or above {@link #MAX_WAIT_LIMIT}
     */
    public static Duration checkMaxWait(Duration maxWait) {
        Objects.requireNonNull(maxWait, "maxWait");
        if (maxWait.isNegative() || maxWait.compareTo(MAX_WAIT_LIMIT) > 0) {
            throw new IllegalArgumentException("maxWait out of range [PT0S, " + MAX_WAIT_LIMIT + "]: " + maxWait);
        }
        return maxWait;
    }

    /** Builds a {@link TimeSequence}; every setting but the description has a default. */
    public static final class Builder {

        private final String description;
        private IdClock clock = IdClock.system();
        private IdGeneratorListener listener = IdGeneratorListener.NONE;
        private Duration maxWait = DEFAULT_MAX_WAIT;
        private Resolution resolution = Resolution.MILLIS;
        private long epoch;
        private long unitTicks = 1;
        private long maxUnit = Long.MAX_VALUE / 2;
        private int minSequence;
        private int maxSequence;
        private long notBefore = Long.MIN_VALUE;

        private Builder(String description) {
            this.description = Objects.requireNonNull(description, "description");
        }

        /**
         * Sets the clock the sequence reads (default {@link IdClock#system()}).
         *
         * @param clock the clock
         * @return this builder
         */
        public Builder clock(IdClock clock) {
            this.clock = Objects.requireNonNull(clock, "clock");
            return this;
        }

        /**
         * Sets the listener told of waits, clock regressions and refusals (default {@link IdGeneratorListener#NONE}).
         *
         * @param listener the listener
         * @return this builder
         */
        public Builder listener(IdGeneratorListener listener) {
            this.listener = Objects.requireNonNull(listener, "listener");
            return this;
        }

        /**
         * Sets the longest one call may wait for the clock (default {@link #DEFAULT_MAX_WAIT}).
         *
         * @param maxWait the maximum wait, from zero to {@link #MAX_WAIT_LIMIT}
         * @return this builder
         * @throws IllegalArgumentException when negative or above the limit
         */
        public Builder maxWait(Duration maxWait) {
            this.maxWait = checkMaxWait(maxWait);
            return this;
        }

        // Read by LeasedSequence, which builds the lease's fence on the same settings.
        String description() {
            return description;
        }

        ClockWatch watch() {
            return new ClockWatch(clock, listener, maxWait);
        }

        /**
         * Sets the time base: readings of the given resolution, counted from an epoch, grouped into units.
         *
         * @param resolution the resolution of clock readings
         * @param epoch the epoch, in that resolution since the Unix epoch
         * @param unitTicks how many readings make one time unit, at least 1
         * @return this builder
         */
        public Builder timeBase(Resolution resolution, long epoch, long unitTicks) {
            this.resolution = Objects.requireNonNull(resolution, "resolution");
            this.epoch = epoch;
            this.unitTicks = Checks.inRange("unit length", unitTicks, 1, Integer.MAX_VALUE);
            return this;
        }

        /**
         * Sets the last time unit the scheme can represent; a clock beyond it makes generation fail.
         *
         * @param maxUnit the last representable unit
         * @return this builder
         */
        public Builder maxUnit(long maxUnit) {
            this.maxUnit = Checks.inRange("last time unit", maxUnit, 0, Long.MAX_VALUE / 2);
            return this;
        }

        /**
         * Sets the sequence numbers a unit offers (default: 0 to 0, one slot per unit).
         *
         * @param min the first sequence number of each unit, at least 0
         * @param max the last, at least {@code min}
         * @return this builder
         */
        public Builder sequence(int min, int max) {
            Checks.inRange("sequence minimum", min, 0, Integer.MAX_VALUE - 1);
            Checks.inRange("sequence maximum", max, min, Integer.MAX_VALUE - 1);
            this.minSequence = min;
            this.maxSequence = max;
            return this;
        }

        /**
         * Starts the sequence as if it had used up the time unit of the given reading, so that its first slot lies
         * in a later unit: calls wait for the clock to reach that unit (within the maximum wait, else they fail),
         * and report it as a {@link WaitCause#LEASE_MARK} wait, not a clock regression, since this clock never
         * showed the reading. Generators pass a lease's high-water mark here, so that they issue nothing for a time
         * at or before it.
         *
         * @param reading a clock reading in the resolution of {@link #timeBase}, since the Unix epoch (not the
         *     sequence's epoch); readings before the sequence's epoch change nothing
         * @return this builder
         */
        public Builder notBefore(long reading) {
            this.notBefore = reading;
            return this;
        }

        /**
         * Starts the sequence as {@link #notBefore(long)} does, after the whole millisecond of a lease's high-water
         * mark, whatever the resolution: a sequence in microseconds starts after the mark's last microsecond.
         *
         * @param markMillis the mark, in milliseconds since the Unix epoch
         * @return this builder
         */
        public Builder notBeforeMillis(long markMillis) {
            return notBefore(resolution == Resolution.MICROS
                    ? Math.addExact(Math.multiplyExact(markMillis, 1000L), 999L)
                    : markMillis);
        }

        /**
         * Builds the sequence.
         *
         * @return a new sequence that has issued nothing yet
         */
        public TimeSequence build() {
            return new TimeSequence(this);
        }
    }
}
