package dev.ids.sequence;

import dev.ids.IdGenerationException;
import dev.ids.clock.ClockWatch;
import dev.ids.clock.IdClock;
import dev.ids.event.IdGeneratorListener;
import dev.ids.event.WaitCause;
import dev.ids.internal.Checks;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
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
 *   <li>Over capacity, calls queue in the order they arrive. A call that finds the current unit used up takes a
 *       <em>ticket</em>: the next free slot of a later unit, taken at once by advancing the shared state beyond the
 *       clock. It then pauses until the clock reaches that unit, so no slot is returned before the clock has reached
 *       its time, every wait is as long as the rate requires, and a call that came first is never served after one
 *       that came later. The listener hears of a {@link WaitCause#CAPACITY} wait. A call whose ticket would lie
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
 * <p>The state is one {@link AtomicLong}, updated with compare-and-set: lock-free, and free of allocation on the
 * fast path. It holds the latest time used, a flag that says whether that time is a clock reading or the start of a
 * unit reserved ahead of the clock (a ticket, or the lease mark), and the last sequence number taken. A second
 * {@code AtomicLong}, written only by calls that queue, keeps the latest reading that a ticket overwrote, so that a
 * clock behind the queue is told apart from a clock that stepped back. Both are read before the clock, so a clock
 * reading below them is a real regression, not a race with another thread.
 */
public final class TimeSequence implements SlotSequence {

    /** The maximum wait of generators whose builder was given none. */
    public static final Duration DEFAULT_MAX_WAIT = Duration.ofSeconds(2);

    /** The longest maximum wait a sequence (or a generator's builder) accepts: a day, far beyond any useful wait. */
    public static final Duration MAX_WAIT_LIMIT = Duration.ofDays(1);

    /** Marks a call with no deadline of its own: it may wait the maximum wait from the moment it queues. */
    private static final long NO_DEADLINE = Long.MIN_VALUE;

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
    private final ClockWatch watch;
    private final boolean micros;
    private final long nanosPerTick;
    private final long epoch;
    private final long unitTicks;
    private final int unitShift;
    private final long maxTick;
    private final int minSequence;
    private final int maxSequence;
    private final long sequenceMask;
    /** Set in the state when its time is not a clock reading: a unit reserved ahead of the clock, or the mark. */
    private final long aheadFlag;
    private final int timeShift;
    private final long maxWaitNanos;
    /** The unit of the {@linkplain Builder#notBefore(long) reading to start after}; Long.MIN_VALUE without one. */
    private final long markUnit;
    /** {@code time << timeShift | ahead << sequenceBits | last sequence taken}. */
    private final AtomicLong state;
    /**
     * The latest clock reading a queuing call saw or overwrote with a ticket: while the state's time is a ticket,
     * the latest reading this sequence has seen. Never above the state's time when that is a reading, since a
     * reading written after a ticket lies in the ticket's unit or later.
     */
    private final AtomicLong latestQueuedReading = new AtomicLong(Long.MIN_VALUE);

    private TimeSequence(Builder builder) {
        this.description = builder.description;
        this.clock = builder.clock;
        this.watch = new ClockWatch(builder.clock, builder.listener, builder.maxWait);
        this.micros = builder.resolution == Resolution.MICROS;
        this.nanosPerTick = builder.resolution.nanos;
        this.epoch = builder.epoch;
        this.unitTicks = builder.unitTicks;
        this.unitShift = Long.bitCount(unitTicks) == 1 ? Long.numberOfTrailingZeros(unitTicks) : -1;
        this.minSequence = builder.minSequence;
        this.maxSequence = builder.maxSequence;
        int sequenceBits = 32 - Integer.numberOfLeadingZeros(maxSequence);
        this.sequenceMask = (1L << sequenceBits) - 1;
        this.aheadFlag = 1L << sequenceBits;
        this.timeShift = sequenceBits + 1;
        long ticksThatFit = (Long.MAX_VALUE >> timeShift) - unitTicks;
        this.maxTick = builder.maxUnit >= ticksThatFit / unitTicks
                ? ticksThatFit
                : builder.maxUnit * unitTicks + unitTicks - 1;
        this.maxWaitNanos = builder.maxWait.toNanos();
        if (builder.notBefore == Long.MIN_VALUE || builder.notBefore - epoch < 0) {
            // Nothing issued yet: the unit before the epoch, used up.
            this.markUnit = Long.MIN_VALUE;
            this.state = new AtomicLong(pack(-unitTicks, maxSequence));
        } else {
            // The mark's unit, used up; its time is no reading of this clock, so a clock behind it is no regression.
            long markTick = Math.min(builder.notBefore - epoch, maxTick);
            this.markUnit = unitOfTick(markTick);
            this.state = new AtomicLong(pack(markTick, maxSequence) | aheadFlag);
        }
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
        return reserve(1);
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
        return reserve(1, deadlineNanos);
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
        return reserve(wanted, NO_DEADLINE);
    }

    /** {@code deadlineNanos}: a monotonic reading, or {@link #NO_DEADLINE} for the maximum wait from the queueing. */
    private long reserve(int wanted, long deadlineNanos) {
        Checks.inRange("slots wanted", wanted, 1, Integer.MAX_VALUE);
        while (true) {
            long current = state.get();
            boolean ahead = (current & aheadFlag) != 0;
            // Read before the clock, as the state is, so that no reading in it is later than this call's own.
            long latestReading = ahead ? latestQueuedReading.get() : current >> timeShift;
            long now = readTicks();
            long last = current >> timeShift;
            int sequence = (int) (current & sequenceMask);
            long lastUnit = unitOfTick(last);
            long nowUnit = unitOfTick(now);
            if (nowUnit > lastUnit) {
                if (state.compareAndSet(current, pack(now, lastTaken(minSequence, wanted)))) {
                    return pack(now, minSequence);
                }
                continue;
            }
            if (sequence < maxSequence && (nowUnit == lastUnit || !ahead)) {
                // The clock reads the latest unit used, or stepped back behind a reading: go on from its sequence.
                if (now < last) {
                    reportRegression(last, now);
                }
                long tick = Math.max(now, last);
                if (state.compareAndSet(current, pack(tick, lastTaken(sequence + 1, wanted)))) {
                    return pack(tick, sequence + 1);
                }
                continue;
            }
            long slot = queue(current, now, latestReading, wanted, deadlineNanos);
            if (slot != -1) {
                return slot;
            }
        }
    }

    /**
     * Takes a ticket, the next free slot of a unit the clock has not reached (the rest of the unit the queue has
     * reached, or the unit after it), then waits for that unit.
     *
     * @param latestReading the latest reading of the clock the state shows (read before {@code now})
     * @return the slot, or -1 when another thread changed the state first
     */
    private long queue(long current, long now, long latestReading, int wanted, long deadlineNanos) {
        long last = current >> timeShift;
        boolean ahead = (current & aheadFlag) != 0;
        int sequence = (int) (current & sequenceMask);
        long lastUnit = unitOfTick(last);
        boolean restOfLast = sequence < maxSequence; // only when ahead of the clock: see reserve
        long unit = restOfLast ? lastUnit : lastUnit + 1;
        int first = restOfLast ? sequence + 1 : minSequence;
        long start = unit * unitTicks;
        if (start > maxTick) {
            throw watch.refuse(new IdGenerationException(description + ": the last time unit this scheme can represent "
                    + "is used up (it ends at " + clockText(maxTick + epoch) + "); refusing to issue an ID"));
        }
        WaitCause cause = markUnit != Long.MIN_VALUE && unit <= markUnit + 1 ? WaitCause.LEASE_MARK
                : now < latestReading ? WaitCause.CLOCK_REGRESSION
                : WaitCause.CAPACITY;
        if (cause == WaitCause.CLOCK_REGRESSION) {
            reportRegression(latestReading, now);
        }
        long began = clock.monotonicNanos();
        long deadline = deadlineNanos == NO_DEADLINE ? began + maxWaitNanos : deadlineNanos;
        checkWithinMaxWait(cause, start, now, latestReading, deadline - began);
        long seen = Math.max(now, ahead ? Long.MIN_VALUE : last);
        if (seen > latestQueuedReading.get()) {
            latestQueuedReading.accumulateAndGet(seen, Math::max);
        }
        long ticket = pack(start, lastTaken(first, wanted)) | aheadFlag;
        if (!state.compareAndSet(current, ticket)) {
            return -1;
        }
        if (!watch.pauseUntil(startMicros(start), deadline)) {
            state.compareAndSet(ticket, current); // hands the slots back unless a later call queued behind them
            throw watch.refuse(new IdGenerationException(description + ": waiting for its turn ("
                    + describe(cause) + "), it waited " + Duration.ofNanos(clock.monotonicNanos() - began)
                    + " of its maximum wait of " + Duration.ofNanos(maxWaitNanos) + " for the wall clock to reach "
                    + clockText(start + epoch) + ", the start of the time unit of its slot, but the clock reads " + clockText(currentReading())
                    + " (it stood still or stepped back); refusing to issue an ID for a time the clock has not "
                    + "reached"));
        }
        watch.reportWait(cause, began);
        return pack(start, first);
    }

    /** Refuses a ticket whose unit starts further ahead than the maximum wait, saying why with the figures. */
    private void checkWithinMaxWait(WaitCause cause, long start, long now, long latestReading, long allowedNanos) {
        long aheadTicks = start - now;
        long aheadNanos = watch.nanosUntil(startMicros(start), aheadTicks, nanosPerTick, allowedNanos);
        if (aheadNanos <= allowedNanos) {
            return;
        }
        String ahead = aheadNanos == Long.MAX_VALUE ? ticks(aheadTicks).toString() : Duration.ofNanos(aheadNanos)
                .toString();
        String why = switch (cause) {
            case CAPACITY -> "over capacity at " + (maxSequence - minSequence + 1) + " per " + unitTicks
                    + (micros ? " µs" : " ms") + " (" + perSecond() + " per second): calls waiting their turn hold "
                    + "the slots before the unit starting at " + clockText(start + epoch) + ", where the next free "
                    + "one lies, " + ahead + " ahead of the clock";
            case CLOCK_REGRESSION -> "the wall clock (" + clockText(now + epoch) + ") stands "
                    + ticks(latestReading - now) + " behind the latest time it read ("
                    + clockText(latestReading + epoch) + "), and the next free time unit starts " + ahead
                    + " ahead of it";
            case LEASE_MARK -> "the wall clock (" + clockText(now + epoch) + ") stands behind the unit after the "
                    + "high-water mark it must start after (a node lease's, up to which an earlier holder may have "
                    + "issued IDs), which starts " + ahead + " ahead of it";
        };
        String limit = allowedNanos >= maxWaitNanos ? "the maximum wait of " + Duration.ofNanos(maxWaitNanos)
                : "the " + Duration.ofNanos(Math.max(allowedNanos, 0)) + " left of this call's maximum wait of "
                        + Duration.ofNanos(maxWaitNanos);
        throw watch.refuse(new IdGenerationException(description + ": " + why + ", beyond " + limit
                + "; refusing to issue a possible duplicate or to wait longer"));
    }

    private static String describe(WaitCause cause) {
        return switch (cause) {
            case CAPACITY -> "over capacity";
            case CLOCK_REGRESSION -> "behind a clock that stepped back";
            case LEASE_MARK -> "behind a node lease's high-water mark";
        };
    }

    private long perSecond() {
        long unitNanos = unitTicks * nanosPerTick;
        return (maxSequence - minSequence + 1L) * 1_000_000_000L / unitNanos;
    }

    /**
     * Returns the time unit of a slot: its reading divided by the unit length, counted from the epoch.
     *
     * @param slot a slot from {@link #next()} or {@link #reserve(int)}
     * @return the time unit
     */
    public long unitOf(long slot) {
        return unitOfTick(slot >> timeShift);
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

    private long readTicks() {
        long reading = currentReading();
        long tick = reading - epoch;
        if (tick < 0 || tick > maxTick) {
            throw watch.refuse(new IdGenerationException(description + ": the wall clock (" + clockText(reading)
                    + ") lies outside the times this scheme can represent"));
        }
        return tick;
    }

    private long currentReading() {
        return micros ? clock.wallTimeMicros() : clock.wallTimeMillis();
    }

    private long unitOfTick(long tick) {
        return unitShift >= 0 ? tick >> unitShift : Math.floorDiv(tick, unitTicks);
    }

    private long pack(long tick, int sequence) {
        return tick << timeShift | sequence;
    }

    private int lastTaken(int first, int wanted) {
        return (int) Math.min((long) first + wanted - 1, maxSequence);
    }

    private long startMicros(long tick) {
        return micros ? tick + epoch : (tick + epoch) * 1_000L;
    }

    private void reportRegression(long latest, long now) {
        watch.reportRegression(latest, now, micros ? ChronoUnit.MICROS : ChronoUnit.MILLIS);
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
        long current = state.get();
        long latest = latestQueuedReading.get();
        if ((current & aheadFlag) == 0) {
            latest = Math.max(latest, current >> timeShift);
        }
        return ClockWatch.lead(latest, currentReading() - epoch, micros ? ChronoUnit.MICROS : ChronoUnit.MILLIS);
    }

    private Duration ticks(long count) {
        return Duration.of(count, micros ? ChronoUnit.MICROS : ChronoUnit.MILLIS);
    }

    private String clockText(long reading) {
        return reading + (micros ? " µs" : " ms") + " since 1970-01-01T00:00:00Z";
    }

    /**
     * Returns the last millisecond a time unit covers: the time a lease's high-water mark must reach before a slot
     * of that unit is handed out.
     *
     * @param unit a time unit, from {@link #unitOf(long)}
     * @return its last millisecond, since the Unix epoch
     */
    public long lastMillisOf(long unit) {
        long lastReading = epoch + unit * unitTicks + unitTicks - 1;
        return micros ? Math.floorDiv(lastReading, 1000L) : lastReading;
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

        IdClock clock() {
            return clock;
        }

        IdGeneratorListener listener() {
            return listener;
        }

        Duration maxWait() {
            return maxWait;
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
