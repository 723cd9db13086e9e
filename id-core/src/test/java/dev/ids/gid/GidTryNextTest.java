package dev.ids.gid;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.clock.ManualClock;
import java.security.SecureRandom;
import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/**
 * The GID generator's attempt: it never waits for the clock, so what it leaves to {@code next()} is whatever may
 * block in the random source: one lock and source for all threads, creating a source, drawing from a source other
 * than this library's AES-CTR keystream, and a rekey that reads fresh system randomness.
 */
class GidTryNextTest {

    private final ManualClock clock = ManualClock.atEpochMillis(1_777_636_800_000L);

    @Test
    void withOneSourceForAllThreadsTheAttemptAlwaysSaysWouldWait() {
        GidGenerator generator = GidGenerator.builder().clock(clock).random(new SplittableRandom(3)).build();

        assertThat(generator.tryNext()).isNull();
        assertThat(generator.next()).isNotNull();
        assertThat(generator.tryNext()).isNull();
        assertThat(generator.generatedCount()).isEqualTo(1);
    }

    @Test
    void withASourcePerThreadTheAttemptUsesOnlyTheBytesBufferedOnItsThread() {
        AtomicInteger created = new AtomicInteger();
        AtomicInteger draws = new AtomicInteger();
        GidGenerator generator = GidGenerator.builder().clock(clock).randomPerThread(() -> {
            created.incrementAndGet();
            return new CountingSource(new SplittableRandom(created.get()), draws);
        }).build();

        assertThat(generator.tryNext()).as("no source on this thread yet").isNull();
        assertThat(created).hasValue(0);

        Set<Gid> ids = new HashSet<>();
        ids.add(generator.next()); // creates the source and buffers 64 GIDs' worth, using the first
        for (int i = 1; i < GidGenerator.BUFFER_IDS; i++) {
            Gid gid = generator.tryNext();
            assertThat(gid).as("attempt %d", i).isNotNull();
            ids.add(gid);
        }
        assertThat(generator.tryNext()).as("the buffer is used up").isNull();

        assertThat(created).hasValue(1);
        assertThat(draws).hasValue(1);
        assertThat(ids).hasSize(GidGenerator.BUFFER_IDS);
        assertThat(generator.generatedCount()).isEqualTo(GidGenerator.BUFFER_IDS);
    }

    @Test
    void theSharedPoolServesAttemptsOnceAStripeIsKeyed() {
        GidGenerator generator = GidGenerator.builder().clock(clock).build();
        Gid first = generator.next(); // creates the pool if need be and keys this thread's stripe

        Gid attempted = generator.tryNext();

        assertThat(attempted).isNotNull().isNotEqualTo(first);
    }

    @Test
    void theKeystreamTellsWhetherADrawNeedsFreshSystemRandomness() throws Exception {
        AtomicInteger seeded = new AtomicInteger();
        SecureRandom seeder = new SecureRandom() {
            @Override
            public void nextBytes(byte[] bytes) {
                seeded.incrementAndGet();
                super.nextBytes(bytes);
            }
        };
        AesCtrRandom random = new AesCtrRandom(seeder);
        assertThat(seeded).as("keyed once").hasValue(1);
        random.nextBytes(new byte[AesCtrRandom.REKEY_BYTES - 100]);

        assertThat(random.drawsWithoutSeeding(99)).isTrue();
        assertThat(random.drawsWithoutSeeding(100)).isFalse();
        random.nextBytes(new byte[99]);
        assertThat(seeded).as("99 bytes drawn from the keystream alone").hasValue(1);
        assertThat(random.drawsWithoutSeeding(1)).isFalse();
        random.nextBytes(new byte[1]);
        assertThat(seeded).as("the 100th byte rekeys from the seeder").hasValue(2);
        assertThat(random.drawsWithoutSeeding(RandomBuffer.BYTES)).isTrue();
    }

    /** A source that counts its bulk draws. */
    private record CountingSource(RandomGenerator delegate, AtomicInteger draws) implements RandomGenerator {

        @Override
        public long nextLong() {
            return delegate.nextLong();
        }

        @Override
        public void nextBytes(byte[] bytes) {
            draws.incrementAndGet();
            delegate.nextBytes(bytes);
        }
    }
}
