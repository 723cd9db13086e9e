package dev.ids.muid;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ids.IdGenerationException;
import dev.ids.clock.ManualClock;
import dev.ids.event.IdGeneratorListener;
import dev.ids.testing.CostlyReadingClock;
import dev.ids.testing.RecordingListener;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class MuidGeneratorTest {

    private static final Instant START = Instant.parse("2026-01-01T00:00:00Z");
    private static final long START_MICROS = START.getEpochSecond() * 1_000_000L;
    private static final long MEDALLION = 0x1BFC71B112DL;

    private final ManualClock clock = ManualClock.at(START);
    private final RecordingListener events = new RecordingListener();

    private MuidGenerator generator(Duration maxWait) {
        return MuidGenerator.builder().medallion(MEDALLION).clock(clock).listener(events).maxWait(maxWait).build();
    }

    @Test
    void nextCarriesTheClockTheMedallionAndOffsetZero() {
        Muid muid = generator(Duration.ofSeconds(2)).next();

        assertThat(muid.timestampMicros()).isEqualTo(START_MICROS);
        assertThat(muid.timestamp()).isEqualTo(START);
        assertThat(muid.medallion()).isEqualTo(MEDALLION);
        assertThat(muid.offset()).isZero();
        assertThat(events.overflows).isEmpty();
        assertThat(events.regressions).isEmpty();
    }

    @Test
    void timestampIsTheMicrosecondTheGeneratorStamped() {
        Instant stamped = Instant.parse("2026-03-01T12:00:00.123456Z");
        Muid muid = MuidGenerator.builder().medallion(MEDALLION).clock(ManualClock.at(stamped)).build().next();

        assertThat(muid.timestamp()).isEqualTo(stamped);
        assertThat(muid.timestampMicros()).isEqualTo(stamped.getEpochSecond() * 1_000_000L + 123_456);
    }

    @ParameterizedTest
    @ValueSource(longs = {1_000L, 1_000_000L})
    void clockStepBackWaitsForTheNextFreeMicrosecond(long backMicros) {
        MuidGenerator generator = generator(Duration.ofSeconds(2));
        Muid before = generator.next();
        clock.stepWallClock(Duration.ofNanos(-backMicros * 1000));
        Muid after1 = generator.next();
        Muid after2 = generator.next();

        assertThat(after1).isGreaterThan(before);
        assertThat(after2).isGreaterThan(after1);
        assertThat(after1.timestampMicros()).isEqualTo(before.timestampMicros() + 1);
        assertThat(after2.timestampMicros()).isEqualTo(before.timestampMicros() + 2);
        assertThat(events.regressions).containsExactly(Duration.ofNanos(backMicros * 1000));
        // The wait covered the step back and the one microsecond already used: a wait for the clock, not for
        // capacity.
        assertThat(events.regressionWaits).hasSize(1);
        assertThat(events.regressionWaits.get(0)).isGreaterThanOrEqualTo(Duration.ofNanos(backMicros * 1000));
    }

    @Test
    void clockStepBackOfAnHourFailsAtOnceInsteadOfIssuingADuplicate() {
        MuidGenerator generator = generator(Duration.ofSeconds(2));
        Muid before = generator.next();
        clock.stepWallClock(Duration.ofHours(-1));
        long monotonicBefore = clock.monotonicNanos();

        assertThatThrownBy(generator::next).isInstanceOf(IdGenerationException.class)
                .hasMessageContaining("maximum wait of PT2S").hasMessageContaining("medallion");
        assertThat(clock.monotonicNanos()).isEqualTo(monotonicBefore); // no waiting: known to exceed the limit
        assertThat(events.regressions).containsExactly(Duration.ofHours(1));

        clock.stepWallClock(Duration.ofHours(1));
        assertThat(generator.next()).isGreaterThan(before);
    }

    @Test
    void waitLongerThanMaxWaitFailsAndTheNextCallAfterTheClockCatchesUpSucceeds() {
        MuidGenerator generator = generator(Duration.ofMillis(500));
        Muid before = generator.next();
        clock.stepWallClock(Duration.ofSeconds(-1));

        assertThatThrownBy(generator::next).isInstanceOf(IdGenerationException.class)
                .hasMessageContaining("maximum wait of PT0.5S");
        clock.advance(Duration.ofSeconds(1));
        Muid after = generator.next();
        assertThat(after).isGreaterThan(before);
        assertThat(after.timestampMicros()).isEqualTo(before.timestampMicros() + 1);
    }

    @Test
    void frozenClockFailsAfterTheMaximumWait() {
        MuidGenerator generator = generator(Duration.ofMillis(20));
        generator.next();
        clock.freeze();
        long monotonicBefore = clock.monotonicNanos();

        assertThatThrownBy(generator::next).isInstanceOf(IdGenerationException.class);
        assertThat(clock.monotonicNanos() - monotonicBefore).isBetween(1L, Duration.ofMillis(21).toNanos());
    }

    @Test
    void burstAboveOneIdPerMicrosecondWaitsAndStaysStrictlyIncreasing() {
        MuidGenerator generator = generator(Duration.ofSeconds(2));
        List<Muid> burst = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            burst.add(generator.next());
        }

        for (int i = 0; i < burst.size(); i++) {
            assertThat(burst.get(i).timestampMicros()).isEqualTo(START_MICROS + i);
        }
        assertThat(burst).isSorted().doesNotHaveDuplicates();
        // Each ID after the first needed the clock to move on by a microsecond.
        assertThat(events.overflows).hasSize(9_999).allMatch(d -> d.compareTo(Duration.ofNanos(1000)) >= 0);
        assertThat(events.regressions).isEmpty();
    }

    @Test
    void saturatedByOneThreadItIssuesInEveryMicrosecond() {
        // Each reading of the clock costs 150 ns, as on a real machine: a pause of a whole microsecond from
        // somewhere inside one would carry every few calls past a microsecond.
        MuidGenerator generator = MuidGenerator.builder().medallion(MEDALLION).listener(events)
                .clock(new CostlyReadingClock(START_MICROS, 150)).build();
        long first = generator.next().timestampMicros();
        for (int i = 1; i < 10_000; i++) {
            long timestamp = generator.next().timestampMicros();
            if (timestamp != first + i) {
                throw new AssertionError("muid #" + i + " has microsecond " + (timestamp - first) + ": "
                        + (timestamp - first - i) + " skipped since the first");
            }
        }
        assertThat(events.refusals).isEmpty();
    }

    @Test
    void clockMovingFasterThanCallsIssuesWithoutWaiting() {
        MuidGenerator generator = generator(Duration.ofSeconds(2));
        Muid first = generator.next();
        clock.advance(Duration.ofMillis(5));
        Muid second = generator.next();

        assertThat(second.timestampMicros() - first.timestampMicros()).isEqualTo(5000);
        assertThat(events.overflows).isEmpty();
    }

    @Test
    void clockOutsideTheRepresentableRangeIsRefused() {
        ManualClock future = ManualClock.at(Instant.EPOCH.plusNanos(((1L << 52) - 1) * 1000));
        MuidGenerator generator = MuidGenerator.builder().medallion(1).clock(future).build();

        assertThatThrownBy(generator::next).isInstanceOf(IdGenerationException.class)
                .hasMessageContaining("outside the times this scheme can represent");
    }

    @Test
    void transactionSharesTimestampAndMedallionAndHandsOutOffsetsFromOne() {
        MuidGenerator generator = generator(Duration.ofSeconds(2));
        Muid before = generator.next();
        MuidTransaction transaction = generator.beginTransaction();
        Muid change1 = transaction.next();
        Muid change2 = transaction.next();
        Muid after = generator.next();

        assertThat(transaction.id().offset()).isZero();
        assertThat(transaction.id().timestampMicros()).isEqualTo(before.timestampMicros() + 1);
        assertThat(List.of(change1, change2)).allMatch(c -> c.timestampMicros() == transaction.id().timestampMicros()
                && c.medallion() == MEDALLION);
        assertThat(change1.offset()).isEqualTo(1);
        assertThat(change2.offset()).isEqualTo(2);
        assertThat(transaction.issued()).isEqualTo(2);
        assertThat(List.of(before, transaction.id(), change1, change2, after)).isSorted().doesNotHaveDuplicates();
    }

    @Test
    void transactionOffsetsAreUniqueAcrossThreads() throws Exception {
        MuidTransaction transaction = generator(Duration.ofSeconds(2)).beginTransaction();
        int threads = 4;
        int perThread = 25_000;
        ConcurrentLinkedQueue<Integer> offsets = new ConcurrentLinkedQueue<>();
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                done.add(pool.submit(() -> {
                    start.await();
                    for (int i = 0; i < perThread; i++) {
                        offsets.add(transaction.next().offset());
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> f : done) {
                f.get(30, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        List<Integer> sorted = new ArrayList<>(offsets);
        Collections.sort(sorted);
        assertThat(sorted).hasSize(threads * perThread);
        for (int i = 0; i < sorted.size(); i++) {
            assertThat(sorted.get(i)).isEqualTo(i + 1);
        }
    }

    @Test
    void transactionFailsClearlyPastTheLastOffset() {
        Muid id = Muid.of(START_MICROS, MEDALLION, 0);
        MuidTransaction transaction = new MuidTransaction(id, Integer.MAX_VALUE - 1);

        assertThat(transaction.next().toString()).endsWith("-7FFFFFFF");
        assertThatThrownBy(transaction::next).isInstanceOf(IdGenerationException.class)
                .hasMessageContaining("2147483647").hasMessageContaining("new transaction");
        assertThatThrownBy(transaction::next).isInstanceOf(IdGenerationException.class);
        assertThat(transaction.issued()).isEqualTo(Integer.MAX_VALUE);
    }

    @Test
    void medallionRangeIsChecked() {
        assertThatThrownBy(() -> MuidGenerator.builder().medallion(-1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("medallion out of range [0, 17592186044414]: -1");
        assertThatThrownBy(() -> MuidGenerator.builder().medallion((1L << 44) - 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("medallion out of range");
        assertThatThrownBy(() -> MuidGenerator.builder().medallion(1L << 44))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("17592186044416");
        assertThat(MuidGenerator.builder().medallion(0).build().medallion()).isZero();
        MuidGenerator highest = MuidGenerator.builder().medallion((1L << 44) - 2).clock(clock).build();
        assertThat(highest.medallion()).isEqualTo((1L << 44) - 2);
        assertThat(highest.isMedallionRandom()).isFalse();
        assertThat(highest.next().medallion()).isEqualTo((1L << 44) - 2);
    }

    @Test
    void defaultMedallionIsRandomInTheSpecifiedRange() {
        for (int i = 0; i < 200; i++) {
            MuidGenerator generator = MuidGenerator.builder().clock(clock).build();
            assertThat(generator.isMedallionRandom()).isTrue();
            assertThat(generator.medallion()).isBetween(0x10000000000L, 0x1FFFFFFFFFFL);
            assertThat(Long.toHexString(generator.medallion())).hasSize(11).startsWith("1");
        }
        MuidGenerator seeded = MuidGenerator.builder().medallion(5).randomMedallion(new SplittableRandom(42))
                .build();
        assertThat(seeded.isMedallionRandom()).isTrue();
        assertThat(seeded.medallion()).isEqualTo(new SplittableRandom(42).nextLong(1L << 40, 1L << 41));
        assertThat(MuidGenerator.builder().medallion(5).randomMedallion().build().isMedallionRandom()).isTrue();
    }

    @Test
    void builderRefusesNullsAndNegativeWait() {
        assertThatThrownBy(() -> MuidGenerator.builder().clock(null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> MuidGenerator.builder().listener(null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> MuidGenerator.builder().maxWait(Duration.ofMillis(-1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("maxWait");
    }
}
