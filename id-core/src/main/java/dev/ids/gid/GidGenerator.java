package dev.ids.gid;

import dev.ids.IdGenerationException;
import dev.ids.IdGenerator;
import dev.ids.IdScheme;
import dev.ids.MonitoredIdGenerator;
import dev.ids.clock.ClockWatch;
import dev.ids.clock.IdClock;
import dev.ids.event.IdGeneratorListener;
import dev.ids.generator.GeneratorBuilder;
import dev.ids.internal.Classes;
import dev.ids.internal.OrderedMap;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;
import java.util.random.RandomGenerator;
import org.jspecify.annotations.Nullable;

/**
 * Generates {@link Gid}s of one type: the wall-clock millisecond and 72 random bits, the top bit of byte 7 set,
 * as Graft's {@code Gid::random()} does.
 *
 * <pre>{@code
 * GidGenerator logs = GidGenerator.builder().type(GidType.LOG).build();
 * Gid id = logs.next();            // e.g. 74gfrC8X75-4Fwt5S13qxVrN
 * }</pre>
 *
 * <h2>Uniqueness and time</h2>
 * Uniqueness rests on the random bits: 71 of them vary (the top bit of byte 7 is always set), so n GIDs of one
 * type stamped with the same millisecond collide with a probability below n^2 / 2^72: about 2^-32 for a million
 * GIDs in one millisecond. There is therefore no per-millisecond sequence to run out, and the generator never
 * waits, which is why its builder has no {@code maxWait}: a wait could only serve to keep GIDs strictly increasing,
 * which GIDs do not promise within a millisecond (their order there is random).
 *
 * <p>The embedded time does not go back for small falls of the clock: the generator keeps the latest millisecond
 * it has used (one {@link AtomicLong}, updated lock-free), and when the wall clock reads up to
 * {@value #MAX_CLAMP_MILLIS} ms earlier (an NTP step, a VM resumed) it goes on stamping that latest millisecond
 * until the clock passes it, so GIDs of one generator keep non-decreasing timestamps. A longer fall would crowd
 * every GID into one millisecond, and crowding is what makes random IDs collide, so beyond that limit the generator
 * follows the wall clock back (GIDs of one millisecond stay as rare as ever). The listener hears of each
 * {@linkplain IdGeneratorListener#onClockRegression(Duration) clock regression} once, with how far back the clock
 * stood; GID generators never report a sequence overflow. A clock outside the representable range (before 1970,
 * or beyond 2^48 ms) makes {@link #next()} throw {@link IdGenerationException}.
 *
 * <h2>Random bits</h2>
 * By default the random bits come from a small pool of cryptographically secure sources shared by every thread
 * and by every generator built without a source of its own: a power of two of stripes, about twice as many as
 * there are processors (at most 256), each the AES-256-CTR keystream under its own key drawn from the system
 * {@link SecureRandom}, re-keyed every 64 KiB from its own keystream mixed with fresh system randomness (fast key
 * erasure; the generate step of NIST SP 800-90A's CTR_DRBG). A call goes to the stripe its thread's id hashes to,
 * or, when another thread holds that one, to the next free stripe (like {@code LongAdder}'s cells), and takes 9
 * bytes from the stripe's buffer of {@value #BUFFER_IDS} IDs' worth of keystream under the stripe's lock, held
 * for a few nanoseconds. A stripe keys its cipher on its first use, so a process pays at most one cipher set-up
 * per stripe, and the first ID on a fresh thread (a virtual thread per request, say) costs what any other does.
 * Threads seldom wait for one another, unlike with {@link java.util.UUID#randomUUID()}, which draws every UUID
 * from one shared {@code SecureRandom} under its lock. AES-CTR runs on the AES-NI intrinsics of the JVM, about a
 * nanosecond per ID; the JDK's own {@code DRBG} (Hash_DRBG, SHA-256) costs some fifty nanoseconds per ID and is
 * used only where AES-CTR is unavailable.
 *
 * <p>Sharing sources between threads does not make the bits guessable: a stripe's output is an AES keystream
 * under a 256-bit key that never leaves the stripe, so no GIDs seen, of this thread or any other, tell anything
 * about the bits of the next one, and which stripe serves which call does not matter. Each stripe is keyed from
 * {@code SecureRandom} on its own, so two stripes do not share a keystream. A key already replaced cannot be
 * recovered from the live state, so a heap dump does not reveal GIDs handed out before the last rekey.
 *
 * <p>The pool lives as long as the class: a snapshot of a running JVM that is restored more than once (VM
 * cloning, CRaC, SnapStart) restores the same keys and buffer positions in every copy, and each copy then hands
 * out the same random bits, to any thread, old or new, until each stripe's next rekey (up to 7,000 or so GIDs per
 * stripe); two copies stamping the same millisecond can then repeat a GID. Take such a snapshot before the first
 * GID is generated (stripes are keyed on first use), or give generators that run in restored copies a source of
 * their own that draws fresh system randomness on every call.
 *
 * <p>{@link Builder#randomPerThread(Supplier)} replaces the pool with a source per thread: the supplier is called
 * once per thread (from that thread, on its first ID) and the source it returns is used by that thread only,
 * through a buffer like a stripe's.
 * {@link Builder#random(RandomGenerator)} sets one source for all threads: calls to it are serialised under a lock,
 * so it need not be thread-safe; meant for deterministic tests with a seeded generator, not for throughput. Either
 * way the GIDs are only as unique as the source is random: a non-cryptographic or badly seeded source gives up
 * the guarantee.
 */
public final class GidGenerator implements MonitoredIdGenerator<Gid> {

    /** The furthest the wall clock may fall behind the latest millisecond used before the generator follows it. */
    public static final long MAX_CLAMP_MILLIS = 1000;

    /** How many IDs' worth of random bytes a buffer (a stripe's, or a thread's own source's) holds. */
    public static final int BUFFER_IDS = 64;

    private final GidType type;
    private final int prefix;
    private final IdClock clock;
    /** Reports falls of the clock and refusals; GID generators never wait, so its maximum wait is zero. */
    private final ClockWatch watch;
    /** Per-thread buffers when built with a per-thread source factory, else null. */
    private final @Nullable ThreadLocal<RandomBuffer> buffers;
    private final @Nullable RandomGenerator sharedSource;
    /** The process-wide pool, when built with neither a source nor a per-thread source factory, else null. */
    private final @Nullable RandomStripes pool;
    private final Object sharedLock = new Object();
    /** The latest millisecond used (always a valid timestamp), or Long.MIN_VALUE before the first ID. */
    private final AtomicLong lastMillis = new AtomicLong(Long.MIN_VALUE);
    private final LongAdder generated = new LongAdder();

    private GidGenerator(Builder builder) {
        this.type = builder.type;
        this.prefix = builder.type.prefix();
        this.clock = builder.clock();
        this.watch = new ClockWatch(builder.clock(), builder.listener(), Duration.ZERO);
        this.sharedSource = builder.sharedSource;
        Supplier<? extends RandomGenerator> factory = builder.perThreadSource;
        this.buffers = factory == null
                ? null
                : ThreadLocal.withInitial(() -> new RandomBuffer(factory));
        // Taken here, on the thread that builds the generator, rather than by the first next(): the first use
        // initialises the pool's class and the system SecureRandom, and virtual threads that wait for a class to be
        // initialised hold their carrier threads meanwhile (JDK 21 to 25).
        this.pool = sharedSource == null && factory == null ? RandomStripes.shared() : null;
        // Likewise the classes of the first next() (see Classes; JFR: "Waited for initialization of
        // dev.ids.gid.Gid", seen once in four CI runs).
        Classes.initialise(Gid.class, AesCtrRandom.class);
    }

    /**
     * Starts a builder for Volume GIDs; {@link Builder#type(GidType)} chooses another type.
     *
     * @return a builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Returns the type of the GIDs this generator makes.
     *
     * @return the type
     */
    public GidType type() {
        return type;
    }

    /**
     * Returns a new GID: the current millisecond (or the latest one used, when the clock stepped back) and 72
     * random bits with the top bit of byte 7 set.
     *
     * @return the GID
     * @throws IdGenerationException when the wall clock lies before 1970 or beyond 2^48 ms
     */
    @Override
    public Gid next() {
        long high = (long) prefix << 56 | nextMillis() << 8;
        Gid gid;
        if (sharedSource != null) {
            long low;
            long byte7;
            synchronized (sharedLock) {
                low = sharedSource.nextLong();
                byte7 = sharedSource.nextInt() & 0xFF;
            }
            gid = new Gid(high | byte7 | 0x80, low);
        } else if (pool != null) {
            gid = pool.gid(high);
        } else {
            gid = threadBuffer().gid(high);
        }
        generated.increment();
        return gid;
    }

    /**
     * Returns a new GID as {@link #next()} does if its random bits can be had without a wait, or {@code null}: a
     * GID generator never waits for its clock, but its random source may block. The attempt uses the bytes already
     * buffered, and refills a buffer only from this library's AES-CTR keystream when that needs no fresh system
     * randomness (no rekey, no source to create); it takes a stripe of the shared pool only if one is free. So it
     * says "would wait" while no free stripe of the shared pool can draw (a stripe is keyed by the first
     * {@link #next()} that takes it); always with {@linkplain Builder#random one source for all threads} (whose
     * lock and source may block); and with a {@linkplain Builder#randomPerThread source per thread} once the
     * calling thread's buffer, which only {@link #next()} on that thread refills, is used up (see
     * {@link IdGenerator#tryNext()}).
     *
     * @return a GID, or {@code null}
     * @throws IdGenerationException when the wall clock lies before 1970 or beyond 2^48 ms
     */
    @Override
    public @Nullable Gid tryNext() {
        if (sharedSource != null) {
            return null;
        }
        long high = (long) prefix << 56 | nextMillis() << 8;
        Gid gid = pool != null ? pool.tryGid(high) : threadBuffer().tryGid(high);
        if (gid != null) {
            generated.increment();
        }
        return gid;
    }

    /** The calling thread's buffer: built with a per-thread source factory, as neither source nor pool is set. */
    private RandomBuffer threadBuffer() {
        return Objects.requireNonNull(buffers, "buffers: set when neither a shared source nor the pool is").get();
    }

    /** Returns the millisecond to stamp: the clock's, or the latest used when the clock reads earlier. */
    private long nextMillis() {
        while (true) {
            long last = lastMillis.get();
            long now = clock.wallTimeMillis();
            if (now <= last) {
                if (now == last) {
                    return last;
                }
                watch.reportRegression(last, now, ChronoUnit.MILLIS);
                if (last - now <= MAX_CLAMP_MILLIS) {
                    return last;
                }
            }
            if (now > Gid.MAX_TIMESTAMP_MILLIS || now < 0) {
                throw watch.refuse("GID generator (" + type.displayName() + "): the wall clock (" + now
                        + " ms) lies outside the times a GID can hold (0 to " + Gid.MAX_TIMESTAMP_MILLIS
                        + " ms since 1970-01-01T00:00:00Z)");
            }
            if (lastMillis.compareAndSet(last, now)) {
                return now;
            }
        }
    }

    @Override
    public IdScheme scheme() {
        return IdScheme.GID;
    }

    @Override
    public Map<String, Object> settings() {
        return OrderedMap.of("type", type.displayName(), "prefix", prefix);
    }

    @Override
    public long generatedCount() {
        return generated.sum();
    }

    @Override
    public Duration lead() {
        return ClockWatch.lead(lastMillis.get(), clock.wallTimeMillis(), ChronoUnit.MILLIS);
    }

    @Override
    public String toString() {
        return "GidGenerator[" + type.displayName() + ", " + clock + "]";
    }

    /** Builds a {@link GidGenerator}; every setting has a default. */
    public static final class Builder extends GeneratorBuilder<Builder> {

        private GidType type = GidType.VOLUME;
        private @Nullable Supplier<? extends RandomGenerator> perThreadSource;
        private @Nullable RandomGenerator sharedSource;

        private Builder() {
        }

        /**
         * Sets the type of the GIDs (default {@link GidType#VOLUME}).
         *
         * @param type {@link GidType#VOLUME}, {@link GidType#LOG} or {@link GidType#SEGMENT}
         * @return this builder
         */
        public Builder type(GidType type) {
            this.type = Objects.requireNonNull(type, "type");
            return this;
        }

        /**
         * Sets a factory of per-thread random sources (default: a pool of AES-256-CTR sources keyed from
         * {@link SecureRandom} and shared by all threads; see the class documentation). Each new thread pays for
         * creating its source, so this suits pooled threads rather than a thread per task.
         * The generator calls it once in each thread that generates, from that thread, and uses the returned
         * source from that thread only, drawing 576 bytes (64 GIDs' worth) at a time with
         * {@link RandomGenerator#nextBytes(byte[])}. Replaces a source set with {@link #random(RandomGenerator)}.
         *
         * @param factory returns a new source on each call, for example {@code SecureRandom::new}
         * @return this builder
         */
        public Builder randomPerThread(Supplier<? extends RandomGenerator> factory) {
            this.perThreadSource = Objects.requireNonNull(factory, "factory");
            this.sharedSource = null;
            return this;
        }

        /**
         * Sets one random source for all threads, for tests that need repeatable GIDs. Calls to it are serialised
         * under a lock, so it need not be thread-safe, and generation does not scale across threads. Each GID
         * takes {@link RandomGenerator#nextLong()} for bytes 8..15, then the low 8 bits of
         * {@link RandomGenerator#nextInt()} for byte 7 (its top bit then set). Replaces a factory set with
         * {@link #randomPerThread(Supplier)}.
         *
         * @param source the source
         * @return this builder
         */
        public Builder random(RandomGenerator source) {
            this.sharedSource = Objects.requireNonNull(source, "source");
            this.perThreadSource = null;
            return this;
        }

        /**
         * Builds the generator.
         *
         * @return a new generator
         */
        public GidGenerator build() {
            return new GidGenerator(this);
        }
    }
}
