package dev.ids.gid;

import java.security.DrbgParameters;
import java.security.GeneralSecurityException;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Objects;
import java.util.concurrent.locks.AbstractQueuedSynchronizer;
import java.util.function.Supplier;
import java.util.random.RandomGenerator;
import org.jspecify.annotations.Nullable;

/**
 * A small pool of random sources that any number of threads share, striped like {@code LongAdder}'s cells: a
 * power-of-two array of stripes, each a source with its buffer under its own lock. A call starts at the stripe its
 * thread's id hashes to and, when another thread holds that one, tries the following stripes in turn (a rehash for
 * this call only, as no per-thread state is kept); only when every stripe is busy does it wait for its own. Each
 * stripe creates its source on its first use, so a process pays at most one cipher set-up per stripe, however many
 * threads come and go.
 *
 * <p>Every stripe's source is seeded separately: with the default sources each has its own AES key and counter
 * drawn from the system {@link SecureRandom}, so no two stripes share a keystream.
 */
final class RandomStripes {

    /** More stripes than this would only spread the same few running threads thinner. */
    private static final int MAX_STRIPES = 256;

    private final Stripe[] stripes;

    /**
     * Creates a pool.
     *
     * @param count the number of stripes, a power of two
     * @param sources called once per stripe, on its first use, under its lock; returns a new, separately seeded
     *        source each time
     */
    RandomStripes(int count, Supplier<? extends RandomGenerator> sources) {
        if (count <= 0 || Integer.bitCount(count) != 1) {
            throw new IllegalArgumentException("count must be a power of two, got " + count);
        }
        Objects.requireNonNull(sources, "sources");
        this.stripes = new Stripe[count];
        for (int i = 0; i < count; i++) {
            stripes[i] = new Stripe(sources);
        }
    }

    /** Returns the pool of default sources, shared by every generator built without a source of its own. */
    static RandomStripes shared() {
        return Shared.POOL;
    }

    /** The smallest power of two at least twice the processor count, at most {@value #MAX_STRIPES}. */
    static int stripesFor(int processors) {
        int wanted = Math.max(2, 2 * processors);
        return Math.min(MAX_STRIPES, Integer.highestOneBit(wanted - 1) << 1);
    }

    /**
     * Returns a GID with the given type and time and the next 9 bytes of one stripe's source as its random part.
     *
     * @param high the prefix and millisecond, bytes 0..6 of the GID; byte 7 zero
     */
    Gid gid(long high) {
        int mask = stripes.length - 1;
        int home = probe();
        for (int i = 0; i <= mask; i++) {
            Stripe stripe = stripes[(home + i) & mask];
            if (stripe.tryAcquire(1)) {
                return drawLocked(stripe, high);
            }
        }
        Stripe stripe = stripes[home & mask];
        stripe.acquire(1);
        return drawLocked(stripe, high);
    }

    /**
     * Like {@link #gid(long)} if a stripe is free and can draw without blocking ({@link RandomBuffer#tryGid}), else
     * {@code null}: never waits for a stripe's lock, nor keys a stripe's source (which reads the system
     * {@code SecureRandom}).
     *
     * @param high the prefix and millisecond, bytes 0..6 of the GID; byte 7 zero
     */
    @Nullable Gid tryGid(long high) {
        int mask = stripes.length - 1;
        int home = probe();
        for (int i = 0; i <= mask; i++) {
            Stripe stripe = stripes[(home + i) & mask];
            if (stripe.tryAcquire(1)) {
                Gid gid;
                try {
                    gid = stripe.buffer.tryGid(high);
                } finally {
                    stripe.release(1);
                }
                if (gid != null) {
                    return gid;
                }
            }
        }
        return null;
    }

    /** Like {@link #gid(long)}, from the given stripe: lets tests read each stripe's stream. */
    Gid gid(int stripeIndex, long high) {
        Stripe stripe = stripes[stripeIndex];
        stripe.acquire(1);
        return drawLocked(stripe, high);
    }

    /** Draws from a stripe whose lock the caller holds, and releases it. */
    private Gid drawLocked(Stripe stripe, long high) {
        try {
            return stripe.buffer.gid(high);
        } finally {
            stripe.release(1);
        }
    }

    /** The calling thread's home stripe before masking: its id, spread by Fibonacci hashing. */
    private static int probe() {
        @SuppressWarnings("deprecation") // threadId() arrived in Java 19; getId() is the same number.
        long id = Thread.currentThread().getId();
        return (int) (id * 0x9E3779B97F4A7C15L >>> 32);
    }

    /**
     * The default source: AES-256-CTR keyed from the system {@code SecureRandom}, with fast key erasure, or the
     * JDK's DRBG where this JVM offers no AES-CTR.
     */
    static RandomGenerator defaultSource(String transformation) {
        try {
            return new AesCtrRandom(Shared.SEEDER, transformation);
        } catch (GeneralSecurityException e) {
            byte[] personalization = new byte[32];
            Shared.SEEDER.nextBytes(personalization);
            try {
                return SecureRandom.getInstance("DRBG",
                        DrbgParameters.instantiation(-1, DrbgParameters.Capability.NONE, personalization));
            } catch (NoSuchAlgorithmException noDrbg) {
                return new SecureRandom();
            }
        }
    }

    /**
     * A non-reentrant lock and the buffer it guards. The buffer is allocated with the stripe (its source only on
     * first use), which keeps the lock words of neighbouring stripes some 600 bytes, many cache lines, apart.
     */
    private static final class Stripe extends AbstractQueuedSynchronizer {
        final RandomBuffer buffer;

        Stripe(Supplier<? extends RandomGenerator> sources) {
            buffer = new RandomBuffer(sources);
        }

        @Override
        protected boolean tryAcquire(int ignored) {
            return compareAndSetState(0, 1);
        }

        @Override
        protected boolean tryRelease(int ignored) {
            setState(0);
            return true;
        }
    }

    /**
     * Holds the process-wide seeder and pool, created on first use, which {@code GidGenerator}'s constructor makes:
     * on the thread that builds a generator, not on the virtual threads that draw the first GIDs.
     */
    private static final class Shared {
        static final SecureRandom SEEDER = new SecureRandom();
        static final RandomStripes POOL = new RandomStripes(
                stripesFor(Runtime.getRuntime().availableProcessors()),
                () -> defaultSource(AesCtrRandom.TRANSFORMATION));
    }
}
