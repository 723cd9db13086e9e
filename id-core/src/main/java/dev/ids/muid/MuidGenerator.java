package dev.ids.muid;

import dev.ids.IdGenerationException;
import dev.ids.IdScheme;
import dev.ids.generator.LeasedSlotGenerator;
import dev.ids.generator.WaitingGeneratorBuilder;
import dev.ids.internal.Checks;
import dev.ids.internal.Classes;
import dev.ids.internal.OrderedMap;
import dev.ids.sequence.LeasedSequence;
import dev.ids.sequence.TimeSequence;
import java.security.SecureRandom;
import java.util.Map;
import java.util.Objects;
import java.util.random.RandomGenerator;
import org.jspecify.annotations.Nullable;

/**
 * Generates {@link Muid}s for one Gink node: each carries the node's medallion and a timestamp in microseconds that
 * strictly increases from one call to the next, so the muids of one generator are unique and sorted in the order
 * they were issued.
 *
 * <ul>
 *   <li>{@link #next()} returns a muid of offset 0: a transaction by itself.</li>
 *   <li>{@link #beginTransaction()} takes a fresh timestamp for a transaction whose changes take offsets 1, 2,
 *       3... ({@link MuidTransaction#next()}).</li>
 *   <li>Each microsecond serves one call. When the clock has not moved on (or stepped back), the call takes the
 *       next free microsecond and waits for the clock to reach it, to its very start, in the order calls arrived
 *       and never longer than the maximum wait; the listener hears of the wait with its cause
 *       ({@link dev.ids.event.WaitCause}) and of a step back as a clock regression. A call that would have to wait
 *       longer fails at once with {@link IdGenerationException}: a generator never returns a possible
 *       duplicate. So does a call while the clock lies outside 1970 to 2112.</li>
 * </ul>
 *
 * <p>Uniqueness across nodes rests on distinct medallions. By default the medallion is drawn from
 * {@link SecureRandom} in [{@value #RANDOM_MEDALLION_MIN}, {@value #RANDOM_MEDALLION_MAX}]
 * ({@code 0x10000000000} to {@code 0x1FFFFFFFFFF}), as the Gink specification prescribes; see
 * {@link #medallion()} and {@link #isMedallionRandom()}. Thread-safe and lock-free.
 */
public final class MuidGenerator extends LeasedSlotGenerator<Muid, TimeSequence> {

    /** The smallest medallion drawn at random: {@code 0x10000000000}. */
    public static final long RANDOM_MEDALLION_MIN = 0x100_0000_0000L;

    /** The largest medallion drawn at random: {@code 0x1FFFFFFFFFF}. */
    public static final long RANDOM_MEDALLION_MAX = 0x1FF_FFFF_FFFFL;

    private final long medallion;
    private final boolean medallionRandom;
    private final long prefix;
    private final long low;

    private MuidGenerator(Builder builder, long medallion, boolean medallionRandom) {
        super(IdScheme.MUID, slots(builder, medallion));
        this.medallion = medallion;
        this.medallionRandom = medallionRandom;
        this.prefix = MuidLayout.high(0, medallion);
        this.low = MuidLayout.low(medallion, 0);
        Classes.initialise(Muid.class); // see Classes: not left to the first next()
    }

    /** One slot per microsecond, fenced by the lease when there is one. */
    private static LeasedSequence<TimeSequence> slots(Builder builder, long medallion) {
        String description = "muid generator (medallion " + medallion + ")";
        return LeasedSequence.build(TimeSequence.builder(description)
                .clock(builder.clock())
                .listener(builder.listener())
                .timeBase(TimeSequence.Resolution.MICROS, 0, 1)
                .maxUnit(Muid.MAX_TIMESTAMP)
                .sequence(0, 0)
                .maxWait(builder.maxWait()), builder.lease());
    }

    /**
     * Starts a builder; every setting has a default.
     *
     * @return a builder
     */
    public static Builder builder() {
        return new Builder();
    }

    @Override
    protected Muid idAt(long slot) {
        return new Muid(sequence().sequence().unitOf(slot) << 12 | prefix, low);
    }

    /**
     * Begins a transaction: takes a fresh timestamp, as {@link #next()} does, for the transaction's muid (offset 0)
     * and the muids of its changes (offsets 1, 2, 3...).
     *
     * @return the transaction
     * @throws IdGenerationException as {@link #next()}
     */
    public MuidTransaction beginTransaction() {
        return new MuidTransaction(next(), generated(), sequence());
    }

    /**
     * Returns the medallion this generator writes into every muid, whether configured or drawn at random.
     *
     * @return the medallion, 0 to 2^44 - 2
     */
    public long medallion() {
        return medallion;
    }

    /**
     * Tells whether the medallion was drawn at random (the default) rather than configured.
     *
     * @return {@code true} when drawn at random
     */
    public boolean isMedallionRandom() {
        return medallionRandom;
    }

    @Override
    public Map<String, Object> settings() {
        return OrderedMap.of("medallion", medallion);
    }

    /**
     * Describes the generator by its medallion.
     *
     * @return a short description
     */
    @Override
    public String toString() {
        return "MuidGenerator[medallion=" + medallion + (medallionRandom ? " (random)]" : "]");
    }

    /** Builds a {@link MuidGenerator}. */
    public static final class Builder extends WaitingGeneratorBuilder<Builder> {

        private long medallion = -1;
        private @Nullable RandomGenerator random;

        private Builder() {
        }

        /**
         * Sets the medallion, the node's identity; it must differ from that of every other node writing muids to
         * the same database. A fixed medallion also relies on the wall clock not stepping back across a restart:
         * a restarted generator knows nothing of the timestamps its predecessor used (the default random medallion
         * does not have this weakness).
         *
         * @param medallion 0 to 2^44 - 2 (2^44 - 1 is the global -1)
         * @return this builder
         * @throws IllegalArgumentException when out of range
         */
        public Builder medallion(long medallion) {
            this.medallion = Checks.inRange("medallion", medallion, 0, Muid.MAX_MEDALLION);
            this.random = null;
            return this;
        }

        /**
         * Draws the medallion at random from {@link SecureRandom} in [{@code 0x10000000000},
         * {@code 0x1FFFFFFFFFF}] when the generator is built, as the Gink specification prescribes. This is the
         * default; calling it undoes {@link #medallion(long)}.
         *
         * @return this builder
         */
        public Builder randomMedallion() {
            this.medallion = -1;
            this.random = null;
            return this;
        }

        /**
         * Draws the medallion at random from the given source in [{@code 0x10000000000}, {@code 0x1FFFFFFFFFF}]
         * when the generator is built (for tests, or a source of the caller's choice).
         *
         * @param random the random source
         * @return this builder
         */
        public Builder randomMedallion(RandomGenerator random) {
            this.medallion = -1;
            this.random = Objects.requireNonNull(random, "random");
            return this;
        }

        /** The lease's identity, checked: no explicit medallion (nor random source) as well, and in range. */
        private long leaseMedallion() {
            String explicit = medallion >= 0 ? "medallion(" + medallion + ")"
                    : random != null ? "randomMedallion(" + random + ")" : null;
            return identityFromLease("medallion", 0, Muid.MAX_MEDALLION, explicit);
        }

        /**
         * Builds the generator, drawing the medallion now if it is random and no {@linkplain #lease lease} is set.
         *
         * @return a new generator
         * @throws IllegalStateException when a lease and an explicit medallion (or random source) are both set, or
         *     the lease's identity lies outside 0..2^44 - 2
         */
        public MuidGenerator build() {
            if (lease() != null) {
                return new MuidGenerator(this, leaseMedallion(), false);
            }
            if (medallion >= 0) {
                return new MuidGenerator(this, medallion, false);
            }
            RandomGenerator source = random != null ? random : new SecureRandom();
            return new MuidGenerator(this, source.nextLong(RANDOM_MEDALLION_MIN, RANDOM_MEDALLION_MAX + 1), true);
        }
    }
}
