package dev.ids.gid;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.testing.Threads;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

class RandomStripesTest {

    /** 8,000 GIDs take 72,000 bytes: past the 64 KiB after which an AES-CTR source rekeys. */
    private static final int PAST_REKEY = 8_000;

    private static Supplier<RandomGenerator> defaultSources(AtomicInteger created) {
        return () -> {
            created.incrementAndGet();
            return RandomStripes.defaultSource(AesCtrRandom.TRANSFORMATION);
        };
    }

    @Test
    void twentyThousandThreadsOneGidEachKeyAtMostOneSourcePerStripe() throws Exception {
        AtomicInteger created = new AtomicInteger();
        RandomStripes pool = new RandomStripes(4, defaultSources(created));
        int threads = 20_000;
        long[] high = new long[threads];
        long[] low = new long[threads];
        AtomicInteger drawn = new AtomicInteger();
        Threads.run(threads, slot -> {
            Gid gid = pool.gid(0L);
            high[slot] = gid.mostSignificantBits();
            low[slot] = gid.leastSignificantBits();
            drawn.incrementAndGet();
        });

        assertThat(created.get()).isBetween(1, 4);
        assertThat(drawn).hasValue(threads);
        assertThat(Uniqueness.duplicates(high, low)).isZero();
    }

    @Test
    void stripesNeverShareAKeystream() {
        AtomicInteger created = new AtomicInteger();
        int stripes = 8;
        RandomStripes pool = new RandomStripes(stripes, defaultSources(created));

        assertThat(duplicatesAcrossStripes(pool, stripes)).isZero();
        assertThat(created).hasValue(stripes);
    }

    @Test
    void theKeystreamCheckSeesStripesThatWereSeededAlike() {
        // What the test above guards against: stripes keyed from equal seeds repeat each other's bits.
        RandomStripes pool = new RandomStripes(2, () -> {
            try {
                return new AesCtrRandom(AesCtrRandomTest.seeder(7L));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });

        assertThat(duplicatesAcrossStripes(pool, 2)).isEqualTo(PAST_REKEY);
    }

    private static int duplicatesAcrossStripes(RandomStripes pool, int stripes) {
        long[] high = new long[stripes * PAST_REKEY];
        long[] low = new long[stripes * PAST_REKEY];
        for (int s = 0; s < stripes; s++) {
            for (int i = 0; i < PAST_REKEY; i++) {
                Gid gid = pool.gid(s, 0L);
                high[s * PAST_REKEY + i] = gid.mostSignificantBits();
                low[s * PAST_REKEY + i] = gid.leastSignificantBits();
            }
        }
        return Uniqueness.duplicates(high, low);
    }

    @Test
    void aStripeHandsOutItsAesCtrKeystreamAndRekeysAfter64KiB() throws Exception {
        long[] seeds = {11L, 12L};
        AtomicInteger created = new AtomicInteger();
        RandomStripes pool = new RandomStripes(2, () -> {
            try {
                return new AesCtrRandom(AesCtrRandomTest.seeder(seeds[created.getAndIncrement()]));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        pool.gid(0, 0L);
        pool.gid(1, 0L);
        byte[] expected = AesCtrRandomTest.expectedOutput(seeds[1], (PAST_REKEY + 1) * Gid.RANDOM_BYTES);

        for (int i = 1; i <= PAST_REKEY; i++) {
            byte[] random = Arrays.copyOfRange(expected, i * Gid.RANDOM_BYTES, (i + 1) * Gid.RANDOM_BYTES);
            random[0] |= (byte) 0x80;
            assertThat(pool.gid(1, 0L).randomBytes()).as("GID %d of stripe 1", i).isEqualTo(random);
        }
    }

    @Test
    void aCallWhoseStripeIsHeldTakesAFreeOneInsteadOfWaiting() throws Exception {
        CountDownLatch drawing = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        RandomGenerator stalling = new RandomGenerator() {
            private final SplittableRandom random = new SplittableRandom(1);

            @Override
            public long nextLong() {
                return random.nextLong();
            }

            @Override
            public void nextBytes(byte[] bytes) {
                drawing.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                random.nextBytes(bytes);
            }
        };
        AtomicInteger created = new AtomicInteger();
        RandomStripes pool = new RandomStripes(2,
                () -> created.getAndIncrement() == 0 ? stalling : new SplittableRandom(2));
        ExecutorService threads = Executors.newFixedThreadPool(2);
        try {
            Future<Gid> stalled = threads.submit(() -> pool.gid(0L));
            try {
                assertThat(drawing.await(10, TimeUnit.SECONDS)).isTrue();

                Future<Gid> other = threads.submit(() -> pool.gid(0L));

                assertThat(other.get(10, TimeUnit.SECONDS)).isNotNull();
                assertThat(stalled).isNotDone();
            } finally {
                release.countDown();
            }
            assertThat(stalled.get(10, TimeUnit.SECONDS)).isNotNull();
            assertThat(created).hasValue(2);
        } finally {
            threads.shutdownNow();
        }
    }

    @Test
    void aboutTwoStripesPerProcessorAsAPowerOfTwo() {
        assertThat(RandomStripes.stripesFor(1)).isEqualTo(2);
        assertThat(RandomStripes.stripesFor(2)).isEqualTo(4);
        assertThat(RandomStripes.stripesFor(3)).isEqualTo(8);
        assertThat(RandomStripes.stripesFor(4)).isEqualTo(8);
        assertThat(RandomStripes.stripesFor(24)).isEqualTo(64);
        assertThat(RandomStripes.stripesFor(1_000)).isEqualTo(256);
    }
}
