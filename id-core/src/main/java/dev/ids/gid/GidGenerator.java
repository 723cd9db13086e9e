package dev.ids.gid;

import dev.ids.GeneratorBuilder;
import dev.ids.IdGenerationException;
import dev.ids.IdGenerator;
import dev.ids.IdScheme;
import dev.ids.MonitoredIdGenerator;
import dev.ids.clock.IdClock;
import dev.ids.event.IdGeneratorListener;
import dev.ids.internal.OrderedMap;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.security.DrbgParameters;
import java.security.GeneralSecurityException;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;
import java.util.random.RandomGenerator;

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
 * By default each thread that calls {@link #next()} gets its own cryptographically secure source: the AES-256-CTR
 * keystream under a key drawn from the system {@link SecureRandom}, re-keyed every 64 KiB from its own keystream
 * mixed with fresh system randomness (fast key erasure; the generate step of NIST SP 800-90A's CTR_DRBG). It fills
 * a per-thread buffer of {@value #BUFFER_IDS} IDs' worth of bytes at a time; each ID takes 9 bytes of it. Threads
 * therefore never contend for a lock (the system {@code SecureRandom} is called once per 7,000 or so IDs), unlike
 * {@link java.util.UUID#randomUUID()}, which draws every UUID from one shared {@code SecureRandom} under its lock.
 * AES-CTR runs on the AES-NI intrinsics of the JVM, about a nanosecond per ID; the JDK's own {@code DRBG}
 * (Hash_DRBG, SHA-256) costs some fifty nanoseconds per ID, as much as the rest of {@link #next()}, and is used
 * only where AES-CTR is unavailable. The per-thread state is shared by all generators built without a random
 * source. A thread's first ID pays for keying its source (microseconds); many short-lived threads (or virtual
 * threads) pay it each time, so prefer pooled threads.
 *
 * <p>{@link Builder#randomPerThread(Supplier)} replaces the per-thread source: the supplier is called once per
 * thread (from that thread) and the source it returns is used by that thread only, through the same buffer.
 * {@link Builder#random(RandomGenerator)} sets one source for all threads: calls to it are serialised under a lock,
 * so it need not be thread-safe; meant for deterministic tests with a seeded generator, not for throughput. Either
 * way the GIDs are only as unique as the source is random: a non-cryptographic or badly seeded source gives up
 * the guarantee.
 */
public final class GidGenerator implements MonitoredIdGenerator<Gid> {

    /** The furthest the wall clock may fall behind the latest millisecond used before the generator follows it. */
    public static final long MAX_CLAMP_MILLIS = 1000;

    /** How many IDs' worth of random bytes a per-thread buffer holds. */
    public static final int BUFFER_IDS = 64;

    private static final int BUFFER_BYTES = BUFFER_IDS * Gid.RANDOM_BYTES;
    private static final VarHandle LONG_BE =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    /** Per-thread buffers over per-thread AES-CTR sources, shared by generators built without a source. */
    private static final ThreadLocal<RandomBuffer> DEFAULT_BUFFERS =
            ThreadLocal.withInitial(() -> new RandomBuffer(newThreadSource(AesCtrRandom.TRANSFORMATION)));

    private final GidType type;
    private final int prefix;
    private final IdClock clock;
    private final IdGeneratorListener listener;
    private final ThreadLocal<RandomBuffer> buffers;
    private final RandomGenerator sharedSource;
    private final Object sharedLock = new Object();
    /** The latest millisecond used (always a valid timestamp), or Long.MIN_VALUE before the first ID. */
    private final AtomicLong lastMillis = new AtomicLong(Long.MIN_VALUE);
    private final LongAdder generated = new LongAdder();
    private final AtomicLong regressionReportedAt = new AtomicLong(Long.MIN_VALUE);

    private GidGenerator(Builder builder) {
        this.type = builder.type;
        this.prefix = builder.type.prefix();
        this.clock = builder.clock();
        this.listener = builder.listener();
        this.sharedSource = builder.sharedSource;
        Supplier<? extends RandomGenerator> factory = builder.perThreadSource;
        this.buffers = factory == null
                ? DEFAULT_BUFFERS
                : ThreadLocal.withInitial(() -> new RandomBuffer(
                        Objects.requireNonNull(factory.get(), "the per-thread random source supplier returned null")));
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
        long millis = nextMillis();
        long byte7;
        long low;
        if (sharedSource == null) {
            RandomBuffer buffer = buffers.get();
            int position = buffer.position;
            if (position == BUFFER_BYTES) {
                buffer.source.nextBytes(buffer.bytes);
                position = 0;
            }
            byte7 = buffer.bytes[position] & 0xFF;
            low = (long) LONG_BE.get(buffer.bytes, position + 1);
            buffer.position = position + Gid.RANDOM_BYTES;
        } else {
            synchronized (sharedLock) {
                low = sharedSource.nextLong();
                byte7 = sharedSource.nextInt() & 0xFF;
            }
        }
        generated.increment();
        return new Gid((long) prefix << 56 | millis << 8 | byte7 | 0x80, low);
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
                reportRegression(last, now);
                if (last - now <= MAX_CLAMP_MILLIS) {
                    return last;
                }
            }
            if (now > Gid.MAX_TIMESTAMP_MILLIS || now < 0) {
                IdGenerationException failure = new IdGenerationException("GID generator ("
                        + type.displayName() + "): the wall clock (" + now + " ms) lies outside the times a GID "
                        + "can hold (0 to " + Gid.MAX_TIMESTAMP_MILLIS + " ms since 1970-01-01T00:00:00Z)");
                listener.onRefused(failure);
                throw failure;
            }
            if (lastMillis.compareAndSet(last, now)) {
                return now;
            }
        }
    }

    private void reportRegression(long last, long now) {
        long reported = regressionReportedAt.get();
        if (reported != last && regressionReportedAt.compareAndSet(reported, last)) {
            listener.onClockRegression(Duration.ofMillis(last - now));
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
        long last = lastMillis.get();
        long now = clock.wallTimeMillis();
        return last > now ? Duration.ofMillis(last - now) : Duration.ZERO;
    }

    @Override
    public String toString() {
        return "GidGenerator[" + type.displayName() + ", " + clock + "]";
    }

    /** The default per-thread source: AES-256-CTR with fast key erasure, or a DRBG where AES-CTR is missing. */
    static RandomGenerator newThreadSource(String transformation) {
        try {
            return new AesCtrRandom(Seeder.SHARED, transformation);
        } catch (GeneralSecurityException e) {
            byte[] personalization = new byte[32];
            Seeder.SHARED.nextBytes(personalization);
            try {
                return SecureRandom.getInstance("DRBG",
                        DrbgParameters.instantiation(-1, DrbgParameters.Capability.NONE, personalization));
            } catch (NoSuchAlgorithmException noDrbg) {
                return new SecureRandom();
            }
        }
    }

    /** Holds the shared seeding source, created on first use. */
    private static final class Seeder {
        static final SecureRandom SHARED = new SecureRandom();
    }

    /** A thread's random source and the bytes it has drawn but not yet handed out. Used by one thread only. */
    private static final class RandomBuffer {
        final RandomGenerator source;
        final byte[] bytes = new byte[BUFFER_BYTES];
        int position = BUFFER_BYTES;

        RandomBuffer(RandomGenerator source) {
            this.source = source;
        }
    }

    /** Builds a {@link GidGenerator}; every setting has a default. */
    public static final class Builder extends GeneratorBuilder<Builder> {

        private GidType type = GidType.VOLUME;
        private Supplier<? extends RandomGenerator> perThreadSource;
        private RandomGenerator sharedSource;

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
         * Sets a factory of per-thread random sources (default: AES-256-CTR keyed from {@link SecureRandom}, one
         * per thread; see the class documentation).
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
