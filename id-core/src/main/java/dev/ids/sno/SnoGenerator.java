package dev.ids.sno;

import dev.ids.IdGenerationException;
import dev.ids.IdScheme;
import dev.ids.clock.ClockWatch;
import dev.ids.generator.LeasedSlotGenerator;
import dev.ids.generator.WaitingGeneratorBuilder;
import dev.ids.internal.Checks;
import dev.ids.internal.Classes;
import dev.ids.internal.OrderedMap;
import dev.ids.sequence.LeasedSequence;
import dev.ids.sequence.SlotSequence;
import dev.ids.sequence.TimeSequence;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Generates {@link Sno}s for one partition and one share of the sequence pool, as muyo/sno's {@code Generator}
 * does, without ever issuing a duplicate.
 *
 * <p>Each ID is stamped with the 4 ms unit of the wall clock and a sequence number within it. Over capacity, calls
 * queue in the order they arrive and wait for later units ({@link dev.ids.event.WaitCause#CAPACITY}), within the
 * maximum wait. When the wall clock steps back, the generator switches to sno's other timeline (flips the
 * tick-tock bit) if that one is free at the clock's time, and otherwise waits for the clock, within the maximum
 * wait ({@link dev.ids.event.WaitCause#CLOCK_REGRESSION}), or refuses with {@link IdGenerationException}; every fall
 * is reported to the listener once. Within one timeline the IDs each thread receives increase; IDs of one 4 ms unit
 * need not follow the order of calls across threads, as sno itself promises order by time unit only. The algorithm,
 * and the proof that no ID repeats, live in {@link TickTockSequence} and
 * <a href="https://github.com/dev-ids/ids/blob/main/docs/SNO.md">docs/SNO.md</a>.
 *
 * <p>A wall clock before 2010-01-01T00:00:00Z or after 2079-09-07T15:47:35.551Z (the end of the last representable
 * unit) makes generation fail with {@link IdGenerationException}; the Go reference wraps around instead.
 *
 * <p>Thread-safe. Build with {@link #builder()}; save the state with {@link #snapshot()} when shutting down and
 * pass it to {@link Builder#restore(Snapshot)} so a restarted generator continues without duplicates even if its
 * clock now stands behind. With a {@linkplain Builder#lease lease}, both timelines start after the lease's
 * high-water mark ({@code docs/LEASES.md}).
 */
public final class SnoGenerator extends LeasedSlotGenerator<Sno, TickTockSequence> {

    private final int partition;
    private final int sequenceMin;
    private final int sequenceMax;

    private SnoGenerator(Builder builder, SnoShare share) {
        super(IdScheme.SNO, slots(builder, share));
        this.partition = share.partition();
        this.sequenceMin = share.sequenceMin();
        this.sequenceMax = share.sequenceMax();
        Classes.initialise(Sno.class, SnoBlock.class); // see Classes: not left to the first next()
    }

    /** The tick-tock slots, fenced by the lease when there is one. */
    private static LeasedSequence<TickTockSequence> slots(Builder builder, SnoShare share) {
        String description = "sno generator (partition " + share.partition() + ")";
        ClockWatch watch = new ClockWatch(builder.clock(), builder.listener(), builder.maxWait());
        return LeasedSequence.build(builder.lease(), description, watch,
                fence -> new TickTockSequence(description, share.sequenceMin(), share.sequenceMax(), watch,
                        saved(builder.snapshot), fence));
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
        return issue(sequence().next(), metabyte);
    }

    /**
     * Returns a new sno with the given metabyte if one can be issued without a wait, or {@code null} where
     * {@link #next(int)} would wait or take a lock: the 4 ms unit's sequence numbers are used up, calls already wait
     * for later units, or the clock fell back into an earlier unit (a tick-tock flip or a wait); with a lease, also
     * where the lease's mark needs a write (see {@link dev.ids.IdGenerator#tryNext()}).
     *
     * @param metabyte the metabyte, 0..255
     * @return a sno this generator has never returned before, or {@code null}
     * @throws IllegalArgumentException when the metabyte is out of range
     * @throws IdGenerationException where {@link #next(int)} fails without waiting: the wall clock is outside
     *     2010..2079, or the lease is not held
     */
    public @Nullable Sno tryNext(int metabyte) {
        Checks.inRange("metabyte", metabyte, 0, 255);
        long slot = sequence().tryNext();
        return slot == SlotSequence.WOULD_WAIT ? null : issue(slot, metabyte);
    }

    /** Issues the sno of metabyte 0 that {@link #next()} and {@link #tryNext()} return: counted by them. */
    @Override
    protected Sno idAt(long slot) {
        return snoAt(slot, 0);
    }

    /** Issues the sno of a slot taken by {@link #next(int)} or {@link #tryNext(int)}, counting it. */
    private Sno issue(long slot, int metabyte) {
        generated().increment();
        return snoAt(slot, metabyte);
    }

    private Sno snoAt(long slot, int metabyte) {
        return Sno.create(TickTockSlots.unitsOf(slot), TickTockSlots.tickTockOf(slot), metabyte, partition,
                TickTockSlots.sequenceOf(slot));
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
        TickTockState state = sequence().sequence().state();
        return new Snapshot(partition, sequenceMin, sequenceMax, state.sequence(), state.lastTime(), state.drifts(),
                state.safeTime());
    }

    private static @Nullable TickTockState saved(@Nullable Snapshot snapshot) {
        return snapshot == null ? null
                : new TickTockState(snapshot.lastTime(), snapshot.sequence(), snapshot.drifts(),
                        snapshot.safeTime());
    }

    @Override
    public Map<String, Object> settings() {
        return OrderedMap.of("partition", partition, "sequenceMin", sequenceMin, "sequenceMax", sequenceMax);
    }

    @Override
    public String toString() {
        return "SnoGenerator[partition=" + partition + ", sequence=" + sequenceMin + ".." + sequenceMax + "]";
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
    public record Snapshot(int partition, int sequenceMin, int sequenceMax, int sequence, @Nullable Instant lastTime,
            long drifts, @Nullable Instant safeTime) {

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
            SnoShare.checkBounds(sequenceMin, sequenceMax);
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

        private @Nullable Integer partition;
        private @Nullable Integer sequenceMin;
        private @Nullable Integer sequenceMax;
        private @Nullable Snapshot snapshot;

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
            SnoShare.checkBounds(min, max);
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
            Integer leased = lease() == null ? null : (int) identityFromLease("partition", 0, Sno.MAX_PARTITION,
                    partition == null ? null : "partition(" + partition + ")");
            SnoShare restored = snapshot == null ? null
                    : new SnoShare(snapshot.partition(), snapshot.sequenceMin(), snapshot.sequenceMax());
            return new SnoGenerator(this, SnoShare.decide(partition, sequenceMin, sequenceMax, leased, restored));
        }
    }
}
