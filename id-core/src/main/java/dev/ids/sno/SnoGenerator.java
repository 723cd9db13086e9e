package dev.ids.sno;

import dev.ids.IdGenerationException;
import dev.ids.IdGenerator;
import dev.ids.IdScheme;
import dev.ids.MonitoredIdGenerator;
import dev.ids.WaitingGeneratorBuilder;
import dev.ids.clock.IdClock;
import dev.ids.event.IdGeneratorListener;
import dev.ids.event.WaitCause;
import dev.ids.internal.Checks;
import dev.ids.internal.ClockWaits;
import dev.ids.internal.LeaseFence;
import dev.ids.internal.OrderedMap;
import dev.ids.sequence.TimeSequence;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * Generates {@link Sno}s for one partition and one share of the sequence pool, as muyo/sno's {@code Generator}
 * does, without ever issuing a duplicate.
 *
 * <h2>Time, sequence and tick-tock</h2>
 * Each ID is stamped with the 4 ms unit of the wall clock. The first ID of a unit takes the sequence minimum, the
 * next ones count up to the maximum. Over capacity, calls queue in the order they arrive: a call that finds the
 * unit used up takes the next free number of a later unit at once (a ticket, which moves the state ahead of the
 * clock) and pauses until the clock reaches that unit, so it waits exactly as long as the rate requires and is never
 * overtaken by a later call; the listener hears of a {@link WaitCause#CAPACITY} wait. A call whose ticket would lie
 * further ahead than the maximum wait fails at once, saying so with the figures. The tick-tock bit splits the ID
 * space into two timelines:
 * <ul>
 *   <li>When the wall clock falls back into an earlier unit than the latest one used, and that earlier unit lies
 *       beyond every unit the other timeline has used, the generator switches to the other timeline (flips the
 *       tick-tock bit), starts again at the sequence minimum and goes on at once, stamping the clock's time.</li>
 *   <li>When the clock falls back again into a window the other timeline has already used, the generator waits:
 *       until the clock reaches the latest unit of the current timeline again (then it goes on with that unit's
 *       sequence) or passes the other timeline's window (then it flips), whichever comes first. The wait is a
 *       pause of the {@link IdClock}, never longer than the maximum wait, reported as a
 *       {@link WaitCause#CLOCK_REGRESSION} wait; when the needed wait is longer, the call fails at once with
 *       {@link IdGenerationException}.</li>
 * </ul>
 * Every fall of the clock is reported to the listener once, with how far back it went. A state ahead of the clock
 * because calls queue for later units is no fall: only a clock behind a time it showed before is. Within one
 * timeline the IDs each thread receives increase; after a flip they sort just after the other timeline's IDs of the
 * same unit.
 * Across threads, IDs of one 4 ms unit need not follow the order of the calls: threads that contend take blocks of
 * that unit's sequence numbers (below), as sno itself promises order by time unit only.
 *
 * <h2>Why no ID repeats</h2>
 * The state is the latest wall-clock time used (its unit {@code hi}), the current tick-tock bit {@code t} and the
 * last sequence issued in {@code hi}, all in one {@link AtomicLong} (with a flag set while that time is a unit
 * reserved ahead of the clock for queuing calls, or a lease's mark, rather than a reading), plus {@code safe}: the
 * latest unit any ID of the other timeline may carry. Two invariants hold after every issued ID: (A) every ID with
 * tick-tock {@code t} is at or below ({@code hi}, last sequence) in (unit, sequence) order; (B) every ID with tick-tock
 * {@code 1 - t} has a unit at or below {@code safe}. A unit after {@code hi} starts fresh; the unit {@code hi}
 * continues after its last sequence; a flip happens only to a unit {@code now > safe}, so the new timeline (bounded
 * by {@code safe}, by B) is free from {@code now} on, and {@code safe} becomes the old {@code hi}, which bounds
 * the old timeline (by A). Fast-path updates are compare-and-set on the one state word; flips (rare: one per clock
 * fall) also update {@code safe} and the drift count, under a small lock that only flips and
 * {@link #snapshot()} take, so the fast path never locks. Threads that contend for the state word take small
 * blocks of consecutive sequence numbers of one unit in one compare-and-set and issue them from a thread-local
 * block; a taken number counts as issued for both invariants, so no other thread can issue it, and a block is used
 * only while the wall clock still reads its unit (checked on every call; the rest is dropped when the unit
 * passes), which keeps each thread's IDs increasing. A thread that meets no contention takes one number at a time.
 * A ticket is a taken number too: it moves {@code hi} to a unit ahead of the clock, so (A) covers it, and a flip
 * while calls wait makes that unit {@code safe}. A waiter that gives up hands its number back only while it is still
 * the last one taken.
 *
 * <h2>Range</h2>
 * A wall clock before 2010-01-01T00:00:00Z or after 2079-09-07T15:47:35.551Z (the end of the last representable
 * unit) makes generation fail with {@link IdGenerationException}; the Go reference wraps around instead.
 *
 * <p>Thread-safe. Build with {@link #builder()}; save the state with {@link #snapshot()} when shutting down and
 * pass it to {@link Builder#restore(Snapshot)} so a restarted generator continues without duplicates even if its
 * clock now stands behind.
 */
public final class SnoGenerator implements MonitoredIdGenerator<Sno> {

    private static final int SEQUENCE_BITS = 17;
    private static final long SEQUENCE_MASK = (1L << SEQUENCE_BITS) - 1;
    /** Set in the state while its time is no clock reading: a unit reserved ahead of the clock, or the mark. */
    private static final long AHEAD = 1L << SEQUENCE_BITS + 1;
    private static final int TIME_SHIFT = SEQUENCE_BITS + 2;
    private static final int MIN_POOL = 4;

    private final int partition;
    private final int sequenceMin;
    private final int sequenceMax;
    private final IdClock clock;
    private final IdGeneratorListener listener;
    private final long maxWaitNanos;
    private final String description;
    /** The lease's fence, or {@code null} without a lease. */
    private final LeaseFence fence;

    /**
     * {@code lastMillis << 19 | ahead << 18 | tickTock << 17 | nextSequence}: the latest wall-clock time used
     * (milliseconds since 2010; a reading unless {@link #AHEAD} is set), the current tick-tock bit, and one more
     * than the last sequence issued in the unit of that time (0 when nothing was issued yet).
     */
    private final AtomicLong state;
    /**
     * The latest clock reading (milliseconds since 2010) a queuing call saw or overwrote with a ticket, since the
     * last flip: while the state's time is a ticket, the latest reading of the current timeline; never above the
     * state's time when that is a reading.
     */
    private final AtomicLong latestQueuedReading = new AtomicLong(Long.MIN_VALUE);
    /** The unit of the lease's start mark, up to which nothing is issued; Long.MIN_VALUE without a lease. */
    private long markUnit = Long.MIN_VALUE;
    /** Each thread's block of sequence numbers taken from {@link #state} but not issued yet. */
    private final ThreadLocal<Block> blocks = ThreadLocal.withInitial(Block::new);
    /** Set when a compare-and-set on {@link #state} first fails: from then on threads use {@link #blocks}. */
    private volatile boolean contended;
    private final LongAdder generated = new LongAdder();
    /** Guards {@link #safeUnits} and {@link #drifts}; taken only to flip the tick-tock bit and for snapshots. */
    private final Object flipLock = new Object();
    /** The latest unit that an ID of the other timeline may carry; -1 when none. */
    private long safeUnits;
    /** How many times the tick-tock bit flipped; its lowest bit is the current tick-tock bit. */
    private long drifts;
    /** The reading ({@code lastMillis}) whose fall was last reported, so each fall is reported once. */
    private final AtomicLong regressionReportedFor = new AtomicLong(Long.MIN_VALUE);

    private SnoGenerator(Builder builder, int partition, int sequenceMin, int sequenceMax) {
        this.partition = partition;
        this.sequenceMin = sequenceMin;
        this.sequenceMax = sequenceMax;
        this.clock = builder.clock();
        this.listener = builder.listener();
        this.maxWaitNanos = builder.maxWait().toNanos();
        this.description = "sno generator (partition " + partition + ")";
        Snapshot snapshot = builder.snapshot;
        if (snapshot == null || snapshot.lastTime() == null) {
            long tick = snapshot == null ? 0 : snapshot.drifts() & 1;
            this.state = new AtomicLong(pack(0, (int) tick, 0));
        } else {
            long lastMillis = snapshot.lastTime().toEpochMilli() - Sno.EPOCH_MILLIS;
            this.state = new AtomicLong(pack(lastMillis, (int) (snapshot.drifts() & 1), snapshot.sequence() + 1));
        }
        this.safeUnits = snapshot == null || snapshot.safeTime() == null ? -1 : Sno.unitsOf(snapshot.safeTime());
        this.drifts = snapshot == null ? 0 : snapshot.drifts();
        this.fence = builder.lease() == null ? null
                : new LeaseFence(builder.lease(), description, builder.listener(), builder.clock(), builder.maxWait());
        if (fence != null) {
            startAfterMark(fence.startMarkMillis() - Sno.EPOCH_MILLIS);
        }
    }

    /**
     * Starts both timelines after the high-water mark (milliseconds since 2010). The previous holder of the
     * partition may have issued IDs on either timeline up to the mark's unit, and its tick-tock state is unknown
     * here, so tick-tock cannot be proved safe below the mark: the current timeline is set to the mark's unit with
     * its sequence used up (invariant A) and {@code safe} to the mark's unit (invariant B). A clock behind the mark
     * then waits (within the maximum wait) instead of flipping; once past it, later falls of the clock may flip as
     * usual, since both timelines are free above the mark.
     */
    private void startAfterMark(long markMillis) {
        if (markMillis < 0) {
            return; // no mark, or one before any sno time: nothing to stay clear of
        }
        long clamped = Math.min(markMillis, Sno.MAX_MILLIS);
        long current = state.get();
        long lastMillis = current >>> TIME_SHIFT;
        boolean issued = (current & SEQUENCE_MASK) != 0;
        // A restored snapshot's unit is kept only when it lies beyond the mark's unit, which another holder may
        // have used in full.
        if (!issued || lastMillis / Sno.UNIT_MILLIS <= clamped / Sno.UNIT_MILLIS) {
            long startMillis = issued ? Math.max(lastMillis, clamped) : clamped;
            // Flagged ahead: the clock never showed the mark to this generator, so a clock behind it is no fall.
            state.set(pack(startMillis, (int) (current >>> SEQUENCE_BITS) & 1, sequenceMax + 1) | AHEAD);
        }
        safeUnits = Math.max(safeUnits, clamped / Sno.UNIT_MILLIS);
        markUnit = clamped / Sno.UNIT_MILLIS;
    }

    /**
     * Starts a builder: sequence bounds 0..65535, the system clock, no listener, the default maximum wait
     * ({@link TimeSequence#DEFAULT_MAX_WAIT}). The partition has no default: set it, or restore a snapshot.
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Returns a new sno with metabyte 0.
     *
     * @return a sno this generator has never returned before
     * @throws IdGenerationException when the wall clock is outside 2010..2079, stands behind for longer than the
     *     maximum wait, or when the next free number lies further ahead than the maximum wait (over capacity)
     */
    @Override
    public Sno next() {
        return next(0);
    }

    /**
     * Returns a new sno with the given metabyte.
     *
     * @param metabyte the metabyte, 0..255
     * @return a sno this generator has never returned before
     * @throws IllegalArgumentException when the metabyte is out of range
     * @throws IdGenerationException when the wall clock is outside 2010..2079, stands behind for longer than the
     *     maximum wait, or when the next free number lies further ahead than the maximum wait (over capacity)
     */
    public Sno next(int metabyte) {
        Checks.inRange("metabyte", metabyte, 0, 255);
        if (fence != null) {
            fence.checkHeld();
        }
        // Blocks only once threads have contended: a generator used by one thread at a time never pays for the
        // thread-local lookup.
        Block block = contended ? blocks.get() : null;
        if (block != null && block.next < block.end) {
            long nowUnit = readMillis() / Sno.UNIT_MILLIS;
            if (nowUnit == block.unit) {
                return issue(nowUnit, block.tick, metabyte, block.next++, 0);
            }
            block.end = block.next; // the clock left the block's unit: its numbers are never used
        }
        // The shared path: take the next sequence numbers from the state (one, or a block for this thread once
        // threads contend), queuing, waiting or flipping the tick-tock bit as the clock requires, and issue the first.
        long regressionWaitNanos = 0;
        while (true) {
            long current = state.get();
            boolean ahead = (current & AHEAD) != 0;
            long lastMillis = current >>> TIME_SHIFT;
            // Read before the clock, as the state is, so that no reading in it is later than this call's own. A
            // reading in the state is the latest (tickets are taken after it, a flip clears the queued one).
            long latestReading = ahead ? latestQueuedReading.get() : lastMillis;
            long nowMillis = readMillis();
            long lastUnit = lastMillis / Sno.UNIT_MILLIS;
            long nowUnit = nowMillis / Sno.UNIT_MILLIS;
            int tick = (int) (current >>> SEQUENCE_BITS) & 1;
            if (nowUnit > lastUnit) {
                int count = block == null ? 1 : block.sizeFor(nowUnit, sequenceMax - sequenceMin + 1);
                if (state.compareAndSet(current, pack(nowMillis, tick, sequenceMin + count))) {
                    if (block != null) {
                        block.hold(nowUnit, tick, sequenceMin + 1, sequenceMin + count);
                    }
                    return issue(nowUnit, tick, metabyte, sequenceMin, regressionWaitNanos);
                }
                block = lostRace(block, nowUnit);
                continue;
            }
            boolean fell = nowMillis < latestReading;
            if (fell) {
                reportRegression(latestReading, nowMillis);
            }
            int sequence = Math.max((int) (current & SEQUENCE_MASK), sequenceMin);
            if (nowUnit == lastUnit && sequence <= sequenceMax) {
                int count = block == null ? 1 : block.sizeFor(lastUnit, sequenceMax - sequence + 1);
                long next = pack(Math.max(lastMillis, nowMillis), tick, sequence + count);
                if (state.compareAndSet(current, next)) {
                    if (block != null) {
                        block.hold(lastUnit, tick, sequence + 1, sequence + count);
                    }
                    return issue(lastUnit, tick, metabyte, sequence, regressionWaitNanos);
                }
                block = lostRace(block, lastUnit);
                continue;
            }
            if (nowUnit == lastUnit || ahead && !fell) {
                // The unit is used up, or calls already queue for later units: take a ticket behind them.
                Sno queued = queue(current, nowMillis, latestReading, fell, metabyte, regressionWaitNanos);
                if (queued != null) {
                    return queued;
                }
                continue;
            }
            // The clock fell back into an earlier unit: flip to the other timeline if it is free there, else wait.
            long resumeUnit;
            synchronized (flipLock) {
                if (state.get() != current) {
                    continue; // another thread moved on, perhaps flipped: decide again on its state
                }
                if (fence != null) {
                    // Another holder may have used either timeline up to its mark (a lease claimed again).
                    long foreign = fence.foreignMarkMillis() - Sno.EPOCH_MILLIS;
                    if (foreign >= 0) {
                        safeUnits = Math.max(safeUnits, Math.min(foreign, Sno.MAX_MILLIS) / Sno.UNIT_MILLIS);
                    }
                }
                if (nowUnit > safeUnits) {
                    int flipped = tick ^ 1;
                    if (state.compareAndSet(current, pack(nowMillis, flipped, sequenceMin + 1))) {
                        if (block != null) {
                            block.hold(nowUnit, flipped, sequenceMin + 1, sequenceMin + 1);
                        }
                        safeUnits = lastUnit;
                        drifts++;
                        latestQueuedReading.set(Long.MIN_VALUE); // readings of the old timeline bound it no more
                        tick = flipped;
                        resumeUnit = -1;
                    } else {
                        continue;
                    }
                } else {
                    resumeUnit = Math.min(lastUnit, safeUnits + 1);
                }
            }
            if (resumeUnit < 0) {
                return issue(nowUnit, tick, metabyte, sequenceMin, regressionWaitNanos);
            }
            regressionWaitNanos += awaitFallenClock(resumeUnit * Sno.UNIT_MILLIS, regressionWaitNanos);
        }
    }

    /**
     * Takes a ticket, the next free number of a unit the clock has not reached (the rest of the unit the queue has
     * reached, or the unit after it), then waits for that unit and issues the number.
     *
     * @return the sno, or {@code null} when another thread changed the state first
     */
    private Sno queue(long current, long nowMillis, long latestReading, boolean fell, int metabyte,
            long regressionWaitNanos) {
        long lastMillis = current >>> TIME_SHIFT;
        int tick = (int) (current >>> SEQUENCE_BITS) & 1;
        int next = Math.max((int) (current & SEQUENCE_MASK), sequenceMin);
        boolean restOfLast = next <= sequenceMax; // only when the state is ahead of the clock: see next(int)
        long unit = lastMillis / Sno.UNIT_MILLIS + (restOfLast ? 0 : 1);
        int sequence = restOfLast ? next : sequenceMin;
        long startMillis = unit * Sno.UNIT_MILLIS;
        if (startMillis > Sno.MAX_MILLIS) {
            throw outOfRange(Sno.EPOCH_MILLIS + startMillis);
        }
        WaitCause cause = markUnit != Long.MIN_VALUE && unit <= markUnit + 1 ? WaitCause.LEASE_MARK
                : fell ? WaitCause.CLOCK_REGRESSION
                : WaitCause.CAPACITY;
        long startMicros = (Sno.EPOCH_MILLIS + startMillis) * 1000;
        // One maximum wait for the whole call: what this call already waited behind a fallen clock counts.
        long allowedNanos = Math.max(maxWaitNanos - regressionWaitNanos, 0);
        // Milliseconds first: a clock far behind is refused without multiplying a huge gap into nanoseconds.
        long aheadNanos = startMillis - nowMillis > allowedNanos / 1_000_000L + 1
                ? Long.MAX_VALUE
                : (startMicros - clock.wallTimeMicros()) * 1000;
        if (aheadNanos > allowedNanos) {
            throw refuse(new IdGenerationException(description + ": " + why(cause, nowMillis, latestReading, unit)
                    + ", " + (aheadNanos == Long.MAX_VALUE ? Duration.ofMillis(startMillis - nowMillis)
                            : Duration.ofNanos(aheadNanos))
                    + " ahead of the clock, beyond the maximum wait of " + Duration.ofNanos(maxWaitNanos)
                    + (regressionWaitNanos > 0 ? " (" + Duration.ofNanos(regressionWaitNanos) + " of it already "
                            + "spent behind a clock that stepped back)" : "")
                    + "; refusing to issue a possible duplicate or to wait longer"));
        }
        long seen = ahead(current) ? nowMillis : Math.max(nowMillis, lastMillis);
        if (seen > latestQueuedReading.get()) {
            latestQueuedReading.accumulateAndGet(seen, Math::max);
        }
        long ticket = pack(startMillis, tick, sequence + 1) | AHEAD;
        if (!state.compareAndSet(current, ticket)) {
            return null;
        }
        long began = clock.monotonicNanos();
        if (!ClockWaits.pauseUntil(clock, startMicros, began + allowedNanos)) {
            state.compareAndSet(ticket, current); // hands the number back unless a later call queued behind it
            throw refuse(new IdGenerationException(description + ": " + why(cause, nowMillis, latestReading, unit)
                    + "; it took the number and waited the maximum wait of " + Duration.ofNanos(maxWaitNanos)
                    + ", but the wall clock did not reach that unit: it reads "
                    + Instant.ofEpochMilli(clock.wallTimeMillis()) + " (it stood still or stepped back); refusing to "
                    + "issue an ID for a time the clock has not reached"));
        }
        listener.onWait(cause, Duration.ofNanos(Math.max(clock.monotonicNanos() - began, 1)));
        return issue(unit, tick, metabyte, sequence, regressionWaitNanos);
    }

    private static boolean ahead(long state) {
        return (state & AHEAD) != 0;
    }

    private int poolSize() {
        return sequenceMax - sequenceMin + 1;
    }

    /** Why a call must wait for {@code unit}, with the figures. */
    private String why(WaitCause cause, long nowMillis, long latestReading, long unit) {
        Instant start = Instant.ofEpochMilli(Sno.EPOCH_MILLIS + unit * Sno.UNIT_MILLIS);
        Instant now = Instant.ofEpochMilli(Sno.EPOCH_MILLIS + nowMillis);
        return switch (cause) {
            case CAPACITY -> "the sequence of its 4 ms unit is used up: over capacity at " + poolSize()
                    + " per 4 ms (" + poolSize() * (1000 / Sno.UNIT_MILLIS) + " per second), calls waiting their "
                    + "turn hold the numbers before the unit starting at " + start + ", where the next free one lies";
            case CLOCK_REGRESSION -> "the wall clock (" + now + ") stands "
                    + Duration.ofMillis(latestReading - nowMillis) + " behind the latest time it read ("
                    + Instant.ofEpochMilli(Sno.EPOCH_MILLIS + latestReading)
                    + "), and the next free number lies in the unit starting at " + start;
            case LEASE_MARK -> "the wall clock (" + now + ") stands behind the node lease's high-water mark, up to "
                    + "which an earlier holder may have issued IDs; the first free unit after it starts at " + start;
        };
    }

    /**
     * Returns the partition every ID of this generator carries.
     *
     * @return 0..65535
     */
    public int partition() {
        return partition;
    }

    /**
     * Returns the first sequence number of each time unit.
     *
     * @return the lower bound of the sequence pool
     */
    public int sequenceMin() {
        return sequenceMin;
    }

    /**
     * Returns the last sequence number of each time unit.
     *
     * @return the upper bound of the sequence pool
     */
    public int sequenceMax() {
        return sequenceMax;
    }

    /**
     * Captures the generator's state, to restore it with {@link Builder#restore(Snapshot)}. Take it when the
     * generator has stopped issuing IDs; a snapshot of a running generator is stale at once.
     *
     * @return the current state
     */
    public Snapshot snapshot() {
        synchronized (flipLock) {
            long current = state.get();
            int next = (int) (current & SEQUENCE_MASK);
            Instant lastTime = next == 0
                    ? null
                    : Instant.ofEpochMilli(Sno.EPOCH_MILLIS + (current >>> TIME_SHIFT));
            Instant safeTime = safeUnits < 0
                    ? null
                    : Instant.ofEpochMilli(Sno.EPOCH_MILLIS + safeUnits * Sno.UNIT_MILLIS);
            return new Snapshot(partition, sequenceMin, sequenceMax, next == 0 ? sequenceMin : next - 1,
                    lastTime, drifts, safeTime);
        }
    }

    @Override
    public IdScheme scheme() {
        return IdScheme.SNO;
    }

    @Override
    public Map<String, Object> settings() {
        return OrderedMap.of("partition", partition, "sequenceMin", sequenceMin, "sequenceMax", sequenceMax);
    }

    @Override
    public long generatedCount() {
        return generated.sum();
    }

    /**
     * Returns how far the wall clock now stands behind the latest time this generator read from it (or went on
     * from): numbers reserved ahead of the clock for waiting calls do not count, since none is returned before the
     * clock reaches its unit.
     *
     * @return the lead, never negative
     */
    @Override
    public Duration lead() {
        long current = state.get();
        long latest = latestQueuedReading.get();
        if (!ahead(current)) {
            latest = Math.max(latest, current >>> TIME_SHIFT);
        }
        long now = clock.wallTimeMillis() - Sno.EPOCH_MILLIS;
        return latest > now ? Duration.ofMillis(latest - now) : Duration.ZERO;
    }

    @Override
    public String toString() {
        return "SnoGenerator[partition=" + partition + ", sequence=" + sequenceMin + ".." + sequenceMax + "]";
    }

    private static long pack(long millis, int tick, int nextSequence) {
        return millis << TIME_SHIFT | (long) tick << SEQUENCE_BITS | nextSequence;
    }

    private Sno issue(long units, int tick, int metabyte, int sequence, long regressionWaitNanos) {
        if (fence != null) {
            // Per ID (one volatile read): another thread may have opened this unit and still be writing the mark.
            fence.cover(Sno.EPOCH_MILLIS + units * Sno.UNIT_MILLIS + Sno.UNIT_MILLIS - 1);
        }
        if (regressionWaitNanos > 0) {
            listener.onWait(WaitCause.CLOCK_REGRESSION, Duration.ofNanos(regressionWaitNanos));
        }
        generated.increment();
        return Sno.create(units, tick, metabyte, partition, sequence);
    }

    private void reportRegression(long lastMillis, long nowMillis) {
        if (regressionReportedFor.get() != lastMillis && regressionReportedFor.getAndSet(lastMillis) != lastMillis) {
            listener.onClockRegression(Duration.ofMillis(lastMillis - nowMillis));
        }
    }

    /** Reads the wall clock in milliseconds since 2010, refusing times no sno can hold. */
    private long readMillis() {
        long epochMillis = clock.wallTimeMillis();
        long millis = epochMillis - Sno.EPOCH_MILLIS;
        if (millis < 0 || millis > Sno.MAX_MILLIS) {
            throw outOfRange(epochMillis);
        }
        return millis;
    }

    private IdGenerationException outOfRange(long epochMillis) {
        return refuse(new IdGenerationException(description + ": the wall clock reads "
                + Instant.ofEpochMilli(epochMillis) + ", outside the times a sno can hold (" + Sno.EPOCH + " to "
                + Instant.ofEpochMilli(Sno.EPOCH_MILLIS + Sno.MAX_MILLIS) + "); refusing to issue an ID"));
    }

    private IdGenerationException refuse(IdGenerationException failure) {
        listener.onRefused(failure);
        return failure;
    }

    /**
     * Pauses, after the clock fell back into units both timelines have used, until it reaches {@code targetMillis}
     * (since 2010).
     *
     * @return the nanoseconds waited, at least 1
     * @throws IdGenerationException when the wait would exceed what is left of the maximum wait
     */
    private long awaitFallenClock(long targetMillis, long waitedBefore) {
        long nowMillis = readMillis();
        long targetMicros = (Sno.EPOCH_MILLIS + targetMillis) * 1000;
        long allowedNanos = maxWaitNanos - waitedBefore;
        // Milliseconds first: a clock far behind is refused without multiplying a huge gap into nanoseconds.
        long neededNanos = targetMillis - nowMillis > allowedNanos / 1_000_000L + 1
                ? Long.MAX_VALUE
                : (targetMicros - clock.wallTimeMicros()) * 1000;
        long began = clock.monotonicNanos();
        if (neededNanos > allowedNanos || !ClockWaits.pauseUntil(clock, targetMicros, began + allowedNanos)) {
            throw refuse(new IdGenerationException(description + ": the wall clock fell back into 4 ms units both "
                    + "tick-tock timelines have already used; it reads " + Instant.ofEpochMilli(clock.wallTimeMillis())
                    + " and must reach " + Instant.ofEpochMilli(Sno.EPOCH_MILLIS + targetMillis) + ", "
                    + (neededNanos == Long.MAX_VALUE ? Duration.ofMillis(targetMillis - nowMillis)
                            : Duration.ofNanos(neededNanos))
                    + " ahead, to issue a unique ID, which is beyond the maximum wait of "
                    + Duration.ofNanos(maxWaitNanos) + " (waited " + Duration.ofNanos(waitedBefore)
                    + " before); refusing to issue a possible duplicate"));
        }
        return Math.max(clock.monotonicNanos() - began, 1);
    }

    private static void checkBounds(int min, int max) {
        Checks.inRange("sequence minimum", min, 0, Sno.MAX_SEQUENCE);
        Checks.inRange("sequence maximum", max, 0, Sno.MAX_SEQUENCE);
        if (min > max) {
            throw new IllegalArgumentException("sequence minimum " + min + " must not exceed the sequence maximum "
                    + max);
        }
        if (max - min + 1 < MIN_POOL) {
            throw new IllegalArgumentException("sequence pool [" + min + ", " + max + "] holds " + (max - min + 1)
                    + " numbers; a sno generator needs at least " + MIN_POOL);
        }
    }

    /** After a lost compare-and-set in {@code unit}: this thread's block, with a doubled size for that unit. */
    private Block lostRace(Block block, long unit) {
        Block mine = block;
        if (mine == null) {
            contended = true;
            mine = blocks.get();
            mine.sizeFor(unit, 1);
        }
        mine.contended();
        return mine;
    }

    /**
     * Sequence numbers of one unit and timeline that one thread took from the shared state in a single
     * compare-and-set, to issue without touching the shared state again: threads that contend for the state take
     * blocks, so they stop bouncing its cache line at every ID. The numbers are taken, so no other thread issues
     * them; they are issued only while the clock still reads the block's unit, in increasing order, and dropped
     * when the unit passes. A thread that meets no contention takes one number at a time, exactly as without
     * blocks; each lost compare-and-set doubles its next block, up to {@link #MAX_SIZE}, and each new unit starts
     * again at one, so a unit loses at most a block per contending thread when the clock moves on.
     */
    private static final class Block {

        /** Small beside a unit's 65,536 numbers, large enough that contention costs little per ID. */
        static final int MAX_SIZE = 64;

        long unit = -1;
        int tick;
        /** The next number to issue. */
        int next;
        /** One past the last number of the block; {@code next == end} when the block is used up. */
        int end;
        /** The unit {@link #size} was last reset for. */
        long sizedFor = -1;
        int size = 1;

        /** How many numbers to take now from a unit with {@code left} numbers left. */
        int sizeFor(long currentUnit, int left) {
            if (currentUnit != sizedFor) {
                sizedFor = currentUnit;
                size = 1;
            }
            return Math.min(size, left);
        }

        void contended() {
            size = Math.min(size * 2, MAX_SIZE);
        }

        void hold(long blockUnit, int blockTick, int from, int to) {
            unit = blockUnit;
            tick = blockTick;
            next = from;
            end = to;
        }
    }

    /**
     * The state of a {@link SnoGenerator} at one moment, to restore it later with {@link Builder#restore(Snapshot)}
     * (muyo/sno's {@code GeneratorSnapshot}). Persist it when a generator shuts down; a generator restored from it
     * continues without reissuing any ID the saved one issued, even when its clock now stands behind.
     *
     * @param partition the partition, 0..65535
     * @param sequenceMin the first sequence number of each unit, 0..65535
     * @param sequenceMax the last sequence number of each unit, at least {@code sequenceMin + 3}, at most 65535
     * @param sequence the last sequence number issued in the 4 ms unit of {@code lastTime}, within the bounds;
     *     {@code sequenceMin} (and meaningless) when {@code lastTime} is null
     * @param lastTime the latest wall-clock time the generator used (millisecond precision), or null when it has
     *     issued nothing
     * @param drifts how many times the generator flipped its tick-tock bit; the lowest bit is the current tick-tock
     *     bit; not negative
     * @param safeTime the start of the latest 4 ms unit that IDs with the other tick-tock bit may carry, or null
     *     when no ID carries it (muyo/sno's {@code WallSafe})
     */
    public record Snapshot(int partition, int sequenceMin, int sequenceMax, int sequence, Instant lastTime,
            long drifts, Instant safeTime) {

        /**
         * Checks every field.
         *
         * @param partition the partition
         * @param sequenceMin the lower sequence bound
         * @param sequenceMax the upper sequence bound
         * @param sequence the last sequence issued in the unit of {@code lastTime}
         * @param lastTime the latest time used, or null
         * @param drifts the number of tick-tock flips
         * @param safeTime the end of the other timeline's window, or null
         * @throws IllegalArgumentException naming the field that is out of range
         */
        public Snapshot {
            Checks.inRange("partition", partition, 0, Sno.MAX_PARTITION);
            checkBounds(sequenceMin, sequenceMax);
            Checks.inRange("sequence", sequence, sequenceMin, sequenceMax);
            Checks.inRange("drifts", drifts, 0, Long.MAX_VALUE);
            if (lastTime != null) {
                checkTime("lastTime", lastTime);
            }
            if (safeTime != null) {
                checkTime("safeTime", safeTime);
            }
        }

        private static void checkTime(String name, Instant time) {
            try {
                Sno.unitsOf(time);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(name + ": " + e.getMessage(), e);
            }
        }
    }

    /** Configures a {@link SnoGenerator}; every setting has a default. */
    public static final class Builder extends WaitingGeneratorBuilder<Builder> {

        private Integer partition;
        private Integer sequenceMin;
        private Integer sequenceMax;
        private Snapshot snapshot;

        private Builder() {
        }

        /**
         * Sets the partition every ID carries (required unless a snapshot is restored). Generators running at the
         * same time need distinct partitions, or the same partition with disjoint
         * {@linkplain #sequenceBounds(int, int) sequence bounds}; there is no default, because a default shared by
         * every process would give them all the same IDs.
         *
         * @param partition 0..65535
         * @return this builder
         * @throws IllegalArgumentException when out of range
         */
        public Builder partition(int partition) {
            this.partition = Checks.inRange("partition", partition, 0, Sno.MAX_PARTITION);
            return this;
        }

        /**
         * Sets this generator's share of the sequence pool (default 0..65535), for generators sharing a partition.
         *
         * @param min the first sequence number of each unit, 0..65535
         * @param max the last, 0..65535, with at least 4 numbers from {@code min} to {@code max}
         * @return this builder
         * @throws IllegalArgumentException when a bound is out of range, {@code min > max}, or the pool holds
         *     fewer than 4 numbers
         */
        public Builder sequenceBounds(int min, int max) {
            checkBounds(min, max);
            this.sequenceMin = min;
            this.sequenceMax = max;
            return this;
        }

        /**
         * Continues from a saved state: the partition and sequence bounds come from the snapshot (setting different
         * ones on this builder is an error), and the new generator issues no ID the saved one could have issued.
         *
         * @param snapshot a snapshot from {@link SnoGenerator#snapshot()}
         * @return this builder
         */
        public Builder restore(Snapshot snapshot) {
            this.snapshot = Objects.requireNonNull(snapshot, "snapshot");
            return this;
        }

        /**
         * Builds the generator.
         *
         * @return a new generator
         * @throws IllegalArgumentException when a restored snapshot disagrees with the partition or sequence
         *     bounds set on this builder
         * @throws IllegalStateException when neither a partition, a {@linkplain #lease lease} nor a snapshot was
         *     given; when a partition and a lease were both set; when the lease's identity lies outside 0..65535 or
         *     differs from a restored snapshot's partition
         */
        public SnoGenerator build() {
            if (lease() != null) {
                int leased = (int) identityFromLease("partition", 0, Sno.MAX_PARTITION,
                        partition == null ? null : "partition(" + partition + ")");
                if (snapshot == null) {
                    return new SnoGenerator(this, leased,
                            sequenceMin == null ? 0 : sequenceMin,
                            sequenceMax == null ? Sno.MAX_SEQUENCE : sequenceMax);
                }
                if (snapshot.partition() != leased) {
                    throw new IllegalStateException("the restored snapshot's partition " + snapshot.partition()
                            + " differs from the lease's identity " + leased + "; restore a snapshot of the leased "
                            + "partition, or none");
                }
            }
            if (snapshot == null) {
                if (partition == null) {
                    throw new IllegalStateException("partition must be set (0 to 65535; distinct for every process "
                            + "that generates snos into one space, or shared with disjoint sequence bounds)");
                }
                return new SnoGenerator(this, partition,
                        sequenceMin == null ? 0 : sequenceMin, sequenceMax == null ? Sno.MAX_SEQUENCE : sequenceMax);
            }
            if (partition != null && partition != snapshot.partition()) {
                throw new IllegalArgumentException("partition " + partition
                        + " differs from the restored snapshot's partition " + snapshot.partition());
            }
            if (sequenceMin != null
                    && (sequenceMin != snapshot.sequenceMin() || sequenceMax != snapshot.sequenceMax())) {
                throw new IllegalArgumentException("sequence bounds [" + sequenceMin + ", " + sequenceMax
                        + "] differ from the restored snapshot's [" + snapshot.sequenceMin() + ", "
                        + snapshot.sequenceMax() + "]");
            }
            return new SnoGenerator(this, snapshot.partition(), snapshot.sequenceMin(), snapshot.sequenceMax());
        }
    }
}
