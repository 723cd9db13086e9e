package dev.ids.lable;

import dev.ids.IdGenerationException;
import dev.ids.IdScheme;
import dev.ids.generator.LeasedSlotGenerator;
import dev.ids.generator.WaitingGeneratorBuilder;
import dev.ids.internal.Checks;
import dev.ids.internal.Classes;
import dev.ids.internal.OrderedMap;
import dev.ids.sequence.LeasedSequence;
import dev.ids.sequence.TimeSequence;
import java.time.Instant;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Issues {@link LableId}s for one generator id and cluster id: the current millisecond and a sequence number of
 * 0 to 63 within it, so at most 64 IDs per millisecond.
 *
 * <p>When the 64 IDs of a millisecond are used up, calls wait their turn: each takes the next free slot of a later
 * millisecond and waits for the clock to reach it, in the order the calls arrived, and the listener hears of a
 * {@link dev.ids.event.WaitCause#CAPACITY} wait. Unlike LableOrg's generators, this one notices a wall clock that
 * steps back: it reports the regression, uses what is left of the latest millisecond it used, then waits for the
 * clock to pass it (a {@link dev.ids.event.WaitCause#CLOCK_REGRESSION} wait), so it never reissues an ID. A wait
 * never exceeds the maximum wait; when the clock stands further behind, or the queue reaches further ahead,
 * {@link #next()} throws {@link IdGenerationException} at once, saying which; so it does for a clock outside
 * 1970-01-01 to 2109-05-15.
 *
 * <p>Within one generator, the (timestamp, sequence) pairs of the IDs issued strictly increase in the order their
 * slots were taken; in mode {@link LableMode#TIME_SEQUENTIAL} so do the IDs themselves, and {@link #min(Instant)}
 * and {@link #max(Instant)} bound time-range queries over them (a SPREAD generator refuses to). Thread-safe and
 * lock-free; {@link #next()} allocates only the returned ID. Build one with {@link #builder()}.
 */
public final class LableIdGenerator extends LeasedSlotGenerator<LableId, TimeSequence> {

    /** The largest batch {@link #next(int)} hands out in one call. */
    public static final int MAX_BATCH = 1 << 20;

    private final int generatorId;
    private final int clusterId;
    private final LableMode mode;
    private final long lowBits;

    private LableIdGenerator(Builder builder, int generatorId) {
        super(IdScheme.LABLE, slots(builder, generatorId));
        this.generatorId = generatorId;
        this.clusterId = builder.clusterId;
        this.mode = builder.mode;
        this.lowBits = LableLayout.lowBits(generatorId, clusterId, mode);
        Classes.initialise(LableId.class, LableLayout.class); // see Classes: not left to the first next()
    }

    /** The (millisecond, sequence) slots, fenced by the lease when there is one. */
    private static LeasedSequence<TimeSequence> slots(Builder builder, int generatorId) {
        String description = "lable generator (generator id " + generatorId + ", cluster id " + builder.clusterId
                + ")";
        return LeasedSequence.build(TimeSequence.builder(description)
                .clock(builder.clock())
                .listener(builder.listener())
                .timeBase(TimeSequence.Resolution.MILLIS, 0, 1)
                .maxUnit(LableId.MAX_TIMESTAMP)
                .sequence(0, LableId.MAX_SEQUENCE)
                .maxWait(builder.maxWait()), builder.lease());
    }

    /**
     * Starts a builder. The generator id must be set; the cluster id defaults to 0 and the mode to
     * {@link LableMode#SPREAD}.
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Returns {@code count} new IDs, reserving the free sequence numbers of each millisecond in one step. The IDs
     * are in the order they were issued; a batch above 64 spans several milliseconds and waits for them.
     *
     * @param count how many IDs, 0 to {@link #MAX_BATCH}
     * @return an unmodifiable list of {@code count} IDs this generator has never returned before
     * @throws IllegalArgumentException when {@code count} is out of range
     * @throws IdGenerationException as {@link #next()}; the IDs reserved before the failure are not reissued
     */
    public List<LableId> next(int count) {
        Checks.inRange("batch size", count, 0, MAX_BATCH);
        LableId[] ids = new LableId[count];
        int filled = 0;
        while (filled < count) {
            int wanted = count - filled;
            long first = sequence().take(slots -> slots.reserve(wanted));
            int run = Math.min(wanted, LableId.MAX_SEQUENCE - sequence().sequence().sequenceOf(first) + 1);
            for (int i = 0; i < run; i++) {
                ids[filled++] = idAt(first, i);
            }
            generated().add(run);
        }
        return Collections.unmodifiableList(Arrays.asList(ids));
    }

    /**
     * Returns the generator id every ID of this generator carries.
     *
     * @return 0 to 63
     */
    public int generatorId() {
        return generatorId;
    }

    /**
     * Returns the cluster id every ID of this generator carries.
     *
     * @return 0 to 15
     */
    public int clusterId() {
        return clusterId;
    }

    /**
     * Returns the mode of the IDs this generator issues.
     *
     * @return the mode
     */
    public LableMode mode() {
        return mode;
    }

    /**
     * Returns the lowest ID that any Lable generator in this generator's mode issues in the millisecond of an
     * instant: with {@link #max(Instant)}, the bounds of a time-range query over keys from all the generators of
     * the key space, such as {@code findByIdBetween(generator.min(from), generator.max(to.minusNanos(1)))}.
     *
     * @param instant the instant, truncated to its millisecond
     * @return the lowest time-sequential ID of that millisecond
     * @throws IllegalStateException when this generator issues {@link LableMode#SPREAD} IDs, which are not ordered
     *     by time: a range of them selects unrelated IDs (the message names the setting that gives time-sequential
     *     IDs)
     * @throws IllegalArgumentException when the instant lies before 1970 or after 2^42-1 ms
     */
    public LableId min(Instant instant) {
        return LableId.min(instant, timeOrderedMode());
    }

    /**
     * Returns the highest ID that any Lable generator in this generator's mode issues in the millisecond of an
     * instant. See {@link #min(Instant)}.
     *
     * @param instant the instant, truncated to its millisecond
     * @return the highest time-sequential ID of that millisecond
     * @throws IllegalStateException when this generator issues {@link LableMode#SPREAD} IDs, as {@link #min(Instant)}
     * @throws IllegalArgumentException when the instant lies before 1970 or after 2^42-1 ms
     */
    public LableId max(Instant instant) {
        return LableId.max(instant, timeOrderedMode());
    }

    @Override
    public Map<String, Object> settings() {
        return OrderedMap.of("generatorId", generatorId, "clusterId", clusterId, "mode", mode.name());
    }

    /**
     * Describes this generator by its node identity and mode.
     *
     * @return for example {@code LableIdGenerator[generatorId=42, clusterId=3, mode=SPREAD]}
     */
    @Override
    public String toString() {
        return "LableIdGenerator[generatorId=" + generatorId + ", clusterId=" + clusterId + ", mode=" + mode + "]";
    }

    private LableMode timeOrderedMode() {
        if (mode == LableMode.SPREAD) {
            throw new IllegalStateException(
                    "No time-range bound from " + this + ": " + LableTimeRanges.spreadHasNoTimeRange());
        }
        return mode;
    }

    @Override
    protected LableId idAt(long slot) {
        return idAt(slot, 0);
    }

    private LableId idAt(long slot, int offset) {
        long millis = sequence().sequence().unitOf(slot);
        int number = sequence().sequence().sequenceOf(slot) + offset;
        return LableId.ofTrustedBits(LableLayout.compose(millis, number, lowBits, mode));
    }

    /** Configures a {@link LableIdGenerator}; only the generator id is required. */
    public static final class Builder extends WaitingGeneratorBuilder<Builder> {

        private int generatorId = -1;
        private int clusterId;
        private LableMode mode = LableMode.SPREAD;

        private Builder() {
        }

        /**
         * Sets the generator id, unique among the generators of a cluster that run at the same time. Required:
         * there is no default, because two processes that fell back on the same one would issue duplicates.
         *
         * @param generatorId 0 to 63
         * @return this builder
         * @throws IllegalArgumentException when out of range
         */
        public Builder generatorId(int generatorId) {
            this.generatorId = Checks.inRange("generator id", generatorId, 0, LableId.MAX_GENERATOR_ID);
            return this;
        }

        /**
         * Sets the cluster id (default 0, as LableOrg's ZooKeeper {@code cluster-id} node).
         *
         * @param clusterId 0 to 15
         * @return this builder
         * @throws IllegalArgumentException when out of range
         */
        public Builder clusterId(int clusterId) {
            this.clusterId = Checks.inRange("cluster id", clusterId, 0, LableId.MAX_CLUSTER_ID);
            return this;
        }

        /**
         * Sets how the IDs store their timestamp (default {@link LableMode#SPREAD}, which spreads writes over the
         * key space but has no time ranges; a primary key queried by time needs {@link LableMode#TIME_SEQUENTIAL}).
         *
         * @param mode the mode
         * @return this builder
         */
        public Builder mode(LableMode mode) {
            this.mode = Objects.requireNonNull(mode, "mode");
            return this;
        }

        /**
         * Builds the generator.
         *
         * @return a new generator
         * @throws IllegalStateException when neither a generator id nor a {@linkplain #lease lease} was set, or
         *     both were, or the lease's identity lies outside 0..63
         */
        public LableIdGenerator build() {
            if (lease() != null) {
                return new LableIdGenerator(this, (int) identityFromLease("generator id", 0,
                        LableId.MAX_GENERATOR_ID, generatorId >= 0 ? "generatorId(" + generatorId + ")" : null));
            }
            if (generatorId < 0) {
                throw new IllegalStateException("generator id not set: call generatorId(0..63) with an id no other "
                        + "running generator of cluster " + clusterId + " uses");
            }
            return new LableIdGenerator(this, generatorId);
        }
    }
}
