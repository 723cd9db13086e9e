package dev.ids.sequence;

import dev.ids.IdGenerationException;
import dev.ids.WaitingGeneratorBuilder;
import dev.ids.clock.IdClock;
import dev.ids.event.IdGeneratorListener;
import dev.ids.internal.Checks;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Hands out (time, sequence) slots that never repeat: the mechanism under every time-ordered generator.
 *
 * <p>A slot is the wall-clock reading it was issued at (in the sequence's {@linkplain Resolution resolution},
 * counted from its epoch) and a sequence number within the time unit that reading falls in. Within one unit the
 * sequence runs from its minimum to its maximum; the first slot of a later unit starts again at the minimum.
 *
 * <ul>
 *   <li>When the sequence of a unit is used up, the caller waits for the next unit, and the listener hears of a
 *       sequence overflow with the time waited.</li>
 *   <li>When the wall clock reads earlier than the latest time already used, the listener hears of a clock
 *       regression (once per fall), and slots go on from the remaining sequence of the latest unit used; when that
 *       runs out, the caller waits for the clock to pass it. No slot is ever issued twice.</li>
 *   <li>A wait never exceeds the maximum wait: when the clock stands so far behind that the limit would be
 *       passed, {@link #next()} throws {@link IdGenerationException} at once.</li>
 * </ul>
 *
 * <p>The state is one {@link AtomicLong}, updated with compare-and-set: lock-free, and free of allocation on the
 * fast path. The state is read before the clock, so a clock reading below the state is a real regression, not a
 * race with another thread.
 */
public final class TimeSequence {

    /** The maximum wait of generators whose builder was given none. */
    public static final Duration DEFAULT_MAX_WAIT = Duration.ofSeconds(2);

    /** The resolution of the wall-clock readings a sequence works in. */
    public enum Resolution {
        /** Milliseconds. */
        MILLIS(1_000_000L),
        /** Microseconds. */
        MICROS(1_000L);

        private final long nanos;

        Resolution(long nanos) {
            this.nanos = nanos;
        }
    }

    private final String description;
    private final IdClock clock;
    private final IdGeneratorListener listener;
    private final boolean micros;
    private final long nanosPerTick;
    private final long epoch;
    private final long unitTicks;
    private final int unitShift;
    private final long maxTick;
    private final int minSequence;
    private final int maxSequence;
    private final int sequenceBits;
    private final long sequenceMask;
    private final long maxWaitNanos;
    private final AtomicLong state;
    private final AtomicLong regressionReportedAt = new AtomicLong(Long.MIN_VALUE);

    private TimeSequence(Builder builder) {
        this.description = builder.description;
        this.clock = builder.clock();
        this.listener = builder.listener();
        this.micros = builder.resolution == Resolution.MICROS;
        this.nanosPerTick = builder.resolution.nanos;
        this.epoch = builder.epoch;
        this.unitTicks = builder.unitTicks;
        this.unitShift = Long.bitCount(unitTicks) == 1 ? Long.numberOfTrailingZeros(unitTicks) : -1;
        this.minSequence = builder.minSequence;
        this.maxSequence = builder.maxSequence;
        this.sequenceBits = 32 - Integer.numberOfLeadingZeros(maxSequence);
        this.sequenceMask = (1L << sequenceBits) - 1;
        long ticksThatFit = (Long.MAX_VALUE >> sequenceBits) - unitTicks;
        this.maxTick = builder.maxUnit >= ticksThatFit / unitTicks
                ? ticksThatFit
                : builder.maxUnit * unitTicks + unitTicks - 1;
        this.maxWaitNanos = builder.maxWait().toNanos();
        // Nothing issued yet: the unit before the epoch, used up; or, after notBefore, the unit of that reading.
        long startTick = builder.notBefore == Long.MIN_VALUE || builder.notBefore - epoch < 0
                ? -unitTicks
                : Math.min(builder.notBefore - epoch, maxTick);
        this.state = new AtomicLong(pack(startTick, maxSequence));
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
     * Issues one slot.
     *
     * @return the slot; read it with {@link #unitOf(long)} and {@link #sequenceOf(long)}
     * @throws IdGenerationException when the clock stands further behind than the maximum wait, or beyond the last
     *     unit this sequence can represent
     */
    public long next() {
        return reserve(1);
    }

    /**
     * Issues up to {@code wanted} consecutive slots of one time unit, as many as its sequence has left. The slots
     * issued are the returned one and the {@code count - 1} that follow it in sequence, where
     * {@code count = min(wanted, maxSequence - sequenceOf(first) + 1)}.
     *
     * @param wanted how many slots the caller wants, at least 1
     * @return the first slot issued
     * @throws IllegalArgumentException when {@code wanted} is less than 1
     * @throws IdGenerationException as {@link #next()}
     */
    public long reserve(int wanted) {
        Checks.inRange("slots wanted", wanted, 1, Integer.MAX_VALUE);
        long waitedNanos = 0;
        while (true) {
            long current = state.get();
            long now = readTicks();
            long last = current >> sequenceBits;
            int sequence = (int) (current & sequenceMask);
            long tick;
            int first;
            if (now > last && unitOfTick(now) != unitOfTick(last)) {
                tick = now;
                first = minSequence;
            } else if (sequence < maxSequence) {
                if (now < last) {
                    reportRegression(last, now);
                }
                tick = Math.max(now, last);
                first = sequence + 1;
            } else {
                if (now < last) {
                    reportRegression(last, now);
                }
                waitedNanos = awaitUnitAfter(unitOfTick(last), now, waitedNanos);
                continue;
            }
            long issued = pack(tick, (int) Math.min((long) first + wanted - 1, maxSequence));
            if (state.compareAndSet(current, issued)) {
                if (waitedNanos > 0) {
                    listener.onSequenceOverflow(Duration.ofNanos(waitedNanos));
                }
                return pack(tick, first);
            }
        }
    }

    /**
     * Returns the time unit of a slot: its reading divided by the unit length, counted from the epoch.
     *
     * @param slot a slot from {@link #next()} or {@link #reserve(int)}
     * @return the time unit
     */
    public long unitOf(long slot) {
        return unitOfTick(slot >> sequenceBits);
    }

    /**
     * Returns the sequence number of a slot within its time unit.
     *
     * @param slot a slot from {@link #next()} or {@link #reserve(int)}
     * @return the sequence number
     */
    public int sequenceOf(long slot) {
        return (int) (slot & sequenceMask);
    }

    /**
     * Returns the latest time unit this sequence has issued slots in, or -1 before the first slot.
     *
     * @return the latest unit used
     */
    public long lastUnit() {
        return unitOf(state.get());
    }

    private long readTicks() {
        long reading = micros ? clock.wallTimeMicros() : clock.wallTimeMillis();
        long tick = reading - epoch;
        if (tick < 0 || tick > maxTick) {
            throw refuse(new IdGenerationException(description + ": the wall clock (" + clockText(reading)
                    + ") lies outside the times this scheme can represent"));
        }
        return tick;
    }

    private long unitOfTick(long tick) {
        return unitShift >= 0 ? tick >> unitShift : Math.floorDiv(tick, unitTicks);
    }

    private long pack(long tick, int sequence) {
        return tick << sequenceBits | sequence;
    }

    private void reportRegression(long last, long now) {
        long reported = regressionReportedAt.get();
        if (reported != last && regressionReportedAt.compareAndSet(reported, last)) {
            listener.onClockRegression(ticks(last - now));
        }
    }

    /**
     * Waits until the clock reaches the unit after {@code unit}, within what is left of the maximum wait after
     * {@code spentNanos} (the waits of this call so far); returns the call's total wait in nanoseconds.
     *
     * <p>The pause is measured from a microsecond reading, not from {@code now}: in milliseconds the next unit may
     * start a fraction of a tick later, and pausing whole ticks would idle a saturated generator for up to one tick
     * per unit.
     */
    private long awaitUnitAfter(long unit, long now, long spentNanos) {
        long target = (unit + 1) * unitTicks;
        long start = clock.monotonicNanos();
        long spent = spentNanos;
        while (now < target) {
            long remainingTicks = target - now;
            long allowedNanos = maxWaitNanos - spent;
            // Whole ticks first: a clock far behind is refused without multiplying a huge gap into nanoseconds.
            long remainingNanos = remainingTicks - 1 > allowedNanos / nanosPerTick
                    ? Long.MAX_VALUE
                    : nanosUntil(target);
            if (remainingNanos > allowedNanos) {
                throw refuse(new IdGenerationException(description + ": the wall clock (" + clockText(now + epoch)
                        + ") must reach the next free time unit, " + ticks(remainingTicks)
                        + " ahead, to issue a unique ID, which is beyond the maximum wait of "
                        + Duration.ofNanos(maxWaitNanos) + " (waited " + Duration.ofNanos(spent)
                        + "); refusing to issue a possible duplicate"));
            }
            // The microsecond reading may already have passed the target while the tick reading has not (a clock
            // whose two readings come from different sources): pause briefly and read again.
            clock.pause(Math.max(remainingNanos, 1_000L));
            spent = spentNanos + (clock.monotonicNanos() - start);
            now = readTicks();
        }
        return Math.max(spent, spentNanos + 1);
    }

    /** Nanoseconds from the clock's microsecond reading to the start of {@code tick} (near the clock's time). */
    private long nanosUntil(long tick) {
        long targetMicros = micros ? tick + epoch : (tick + epoch) * 1_000L;
        return (targetMicros - clock.wallTimeMicros()) * 1_000L;
    }

    private IdGenerationException refuse(IdGenerationException failure) {
        listener.onRefused(failure);
        return failure;
    }

    /**
     * Returns how far the latest time this sequence used runs ahead of the wall clock now: zero unless the clock
     * stepped back (or stood still) while slots went on from the latest time.
     *
     * @return the lead, never negative
     */
    public Duration lead() {
        long last = state.get() >> sequenceBits;
        long now = (micros ? clock.wallTimeMicros() : clock.wallTimeMillis()) - epoch;
        return last > now ? ticks(last - now) : Duration.ZERO;
    }

    private Duration ticks(long count) {
        return Duration.of(count, micros ? ChronoUnit.MICROS : ChronoUnit.MILLIS);
    }

    private String clockText(long reading) {
        return reading + (micros ? " µs" : " ms") + " since 1970-01-01T00:00:00Z";
    }

    /** Builds a {@link TimeSequence}; every setting but the description has a default. */
    public static final class Builder extends WaitingGeneratorBuilder<Builder> {

        private final String description;
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
         * in a later unit: the first call waits for the clock to reach that unit (within the maximum wait, else it
         * fails), and reports a clock regression when the clock stands behind the reading. Generators pass a
         * lease's high-water mark here, so that they issue nothing for a time at or before it.
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
         * Builds the sequence.
         *
         * @return a new sequence that has issued nothing yet
         * @throws IllegalStateException when a lease was set: a sequence has no node identity, its generator
         *     applies the lease
         */
        public TimeSequence build() {
            if (lease() != null) {
                throw new IllegalStateException(description + ": a TimeSequence takes no lease; set it on the "
                        + "generator's builder, and pass its high-water mark to notBefore(...)");
            }
            return new TimeSequence(this);
        }
    }
}
