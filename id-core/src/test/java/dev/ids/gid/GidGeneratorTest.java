package dev.ids.gid;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ids.IdGenerationException;
import dev.ids.clock.ManualClock;
import dev.ids.event.IdGeneratorListener;
import dev.ids.internal.Hex;
import dev.ids.testing.RecordingListener;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class GidGeneratorTest {

    private static final Instant START = Instant.parse("2026-01-01T00:00:00Z");

    private final ManualClock clock = ManualClock.at(START);
    private final RecordingListener events = new RecordingListener();

    private GidGenerator generator(GidType type) {
        return GidGenerator.builder().type(type).clock(clock).listener(events).build();
    }

    @Test
    void gidCarriesTheTypeTheClockMillisecondAndRandomWithTopBitSet() {
        GidGenerator segments = generator(GidType.SEGMENT);
        clock.advance(Duration.ofNanos(1_234_567));

        Gid gid = segments.next();

        assertThat(segments.type()).isEqualTo(GidType.SEGMENT);
        assertThat(gid.type()).isEqualTo(GidType.SEGMENT);
        assertThat(gid.timestampMillis()).isEqualTo(START.toEpochMilli() + 1);
        assertThat(gid.randomBytes()[0] & 0x80).isEqualTo(0x80);
        assertThat(Gid.parse(gid.toString(), GidType.SEGMENT)).isEqualTo(gid);
    }

    @ParameterizedTest(name = "clock steps back {0} ms")
    @ValueSource(longs = {1, 1_000})
    void clockStepBackWithinTheClampKeepsTheLatestMillisecondReportsOnceAndNeverWaits(long backMillis) {
        GidGenerator logs = generator(GidType.LOG);
        List<Gid> issued = new ArrayList<>();
        clock.advance(Duration.ofMillis(5));
        issued.add(logs.next());
        long latest = START.toEpochMilli() + 5;
        long monotonicBefore = clock.monotonicNanos();

        clock.stepWallClock(Duration.ofMillis(-backMillis));
        for (int i = 0; i < 1000; i++) {
            issued.add(logs.next());
        }

        assertThat(issued).extracting(Gid::timestampMillis).containsOnly(latest);
        assertThat(events.regressions).containsExactly(Duration.ofMillis(backMillis));
        assertThat(clock.monotonicNanos()).as("no wait").isEqualTo(monotonicBefore);
        assertThat(new HashSet<>(issued)).hasSize(issued.size());

        // Once the clock passes the latest millisecond, GIDs follow it again.
        clock.advance(Duration.ofMillis(backMillis + 2));
        Gid after = logs.next();
        assertThat(after.timestampMillis()).isEqualTo(latest + 2);
        assertThat(events.regressions).hasSize(1);
        assertThat(events.overflows).isEmpty();
    }

    @Test
    void clockStepBackBeyondTheClampFollowsTheWallClockSoGidsDoNotCrowdIntoOneMillisecond() {
        GidGenerator logs = generator(GidType.LOG);
        logs.next();
        long latest = START.toEpochMilli();
        long monotonicBefore = clock.monotonicNanos();

        clock.stepWallClock(Duration.ofHours(-1));
        Gid first = logs.next();
        clock.advance(Duration.ofMillis(3));
        Gid second = logs.next();

        assertThat(first.timestampMillis()).isEqualTo(latest - 3_600_000);
        assertThat(second.timestampMillis()).isEqualTo(latest - 3_600_000 + 3);
        assertThat(events.regressions).containsExactly(Duration.ofHours(1));
        assertThat(clock.monotonicNanos() - monotonicBefore).as("no wait beyond the clock's own advance")
                .isEqualTo(Duration.ofMillis(3).toNanos());
    }

    @Test
    void eachFallBehindIsReportedOnce() {
        GidGenerator logs = generator(GidType.LOG);
        logs.next();
        clock.stepWallClock(Duration.ofMillis(-3));
        logs.next();
        logs.next();
        clock.stepWallClock(Duration.ofMillis(10));
        logs.next();
        clock.stepWallClock(Duration.ofMillis(-4));
        logs.next();

        assertThat(events.regressions).containsExactly(Duration.ofMillis(3), Duration.ofMillis(4));
    }

    @Test
    void timestampsDecreaseOnlyWhenTheClockFallsFurtherThanTheClamp() {
        GidGenerator volumes = generator(GidType.VOLUME);
        SplittableRandom steps = new SplittableRandom(7);
        long previous = -1;
        int followedBack = 0;
        for (int i = 0; i < 10_000; i++) {
            clock.stepWallClock(Duration.ofMillis(i % 1000 == 999 ? -1500 : steps.nextInt(-30, 31)));
            long timestamp = volumes.next().timestampMillis();
            if (previous - clock.wallTimeMillis() > GidGenerator.MAX_CLAMP_MILLIS) {
                assertThat(timestamp).isEqualTo(clock.wallTimeMillis());
                followedBack++;
            } else {
                assertThat(timestamp).isEqualTo(Math.max(previous, clock.wallTimeMillis()));
            }
            previous = timestamp;
        }
        assertThat(followedBack).as("the walk fell further than the clamp at least once").isPositive();
    }

    @Test
    void frozenClockBurstIsUniqueInOneMillisecondWithoutWaiting() {
        GidGenerator logs = generator(GidType.LOG);
        clock.freeze();
        int count = 200_000;
        long[] high = new long[count];
        long[] low = new long[count];
        for (int i = 0; i < count; i++) {
            Gid gid = logs.next();
            high[i] = gid.mostSignificantBits();
            low[i] = gid.leastSignificantBits();
        }

        assertThat(Uniqueness.duplicates(high, low)).isZero();
        assertThat(Arrays2.distinct(high)).as("one millisecond, random byte 7: at most 128 distinct high halves")
                .isLessThanOrEqualTo(128);
        assertThat(clock.monotonicNanos()).isZero();
        assertThat(events.overflows).isEmpty();
        assertThat(events.regressions).isEmpty();
    }

    @Test
    void seededSourceGivesRepeatableGids() {
        GidGenerator logs = GidGenerator.builder().type(GidType.LOG).clock(clock)
                .random(new SplittableRandom(42)).build();
        SplittableRandom expected = new SplittableRandom(42);

        for (int i = 0; i < 3; i++) {
            long low = expected.nextLong();
            int byte7 = expected.nextInt() & 0xFF | 0x80;
            ByteBuffer bytes = ByteBuffer.allocate(16).put((byte) 0xA0)
                    .put(ByteBuffer.allocate(8).putLong(START.toEpochMilli()).array(), 2, 6)
                    .put((byte) byte7).putLong(low);
            assertThat(Hex.of(logs.next().toBytes())).isEqualTo(Hex.of(bytes.array()));
        }
    }

    @Test
    void perThreadSourceIsCreatedOncePerThreadAndReadInBulk() throws Exception {
        AtomicInteger created = new AtomicInteger();
        GidGenerator volumes = GidGenerator.builder().type(GidType.VOLUME).clock(clock)
                .randomPerThread(() -> new SplittableRandom(1000 + created.getAndIncrement())).build();
        List<Gid> fromMain = new ArrayList<>();
        for (int i = 0; i < 65; i++) {
            fromMain.add(volumes.next());
        }
        Thread other = new Thread(() -> {
            for (int i = 0; i < 10; i++) {
                volumes.next();
            }
        });
        other.start();
        other.join();

        assertThat(created).hasValue(2);
        // This thread's source is SplittableRandom(1000): 64 GIDs per 576-byte draw, 9 bytes each.
        SplittableRandom source = new SplittableRandom(1000);
        byte[] draw = new byte[576];
        source.nextBytes(draw);
        for (int i = 0; i < 64; i++) {
            byte[] random = java.util.Arrays.copyOfRange(draw, 9 * i, 9 * i + 9);
            random[0] |= (byte) 0x80;
            assertThat(fromMain.get(i).randomBytes()).isEqualTo(random);
        }
        source.nextBytes(draw);
        byte[] random = java.util.Arrays.copyOfRange(draw, 0, 9);
        random[0] |= (byte) 0x80;
        assertThat(fromMain.get(64).randomBytes()).isEqualTo(random);
    }

    @Test
    void topBitOfByte7IsSetEvenWhenTheSourceGivesZeros() {
        RandomGenerator zeros = () -> 0L;
        Gid gid = GidGenerator.builder().type(GidType.LOG).clock(clock).random(zeros).build().next();

        assertThat(Hex.of(gid.randomBytes())).isEqualTo("800000000000000000");
    }

    @Test
    void defaultSourceLooksRandomInEveryFreeBit() {
        GidGenerator logs = GidGenerator.builder().type(GidType.LOG).clock(clock).build();
        int count = 20_000;
        int[] ones = new int[72];
        for (int i = 0; i < count; i++) {
            byte[] random = logs.next().randomBytes();
            for (int bit = 0; bit < 72; bit++) {
                ones[bit] += (random[bit / 8] >>> (7 - bit % 8)) & 1;
            }
        }

        assertThat(ones[0]).isEqualTo(count);
        for (int bit = 1; bit < 72; bit++) {
            // Binomial(20000, 1/2): mean 10000, sd about 71; 6 sd either side.
            assertThat(ones[bit]).as("bit %d", bit).isBetween(9_575, 10_425);
        }
    }

    @Test
    void clockOutsideTheRepresentableRangeFails() {
        GidGenerator before = GidGenerator.builder().type(GidType.LOG)
                .clock(ManualClock.atEpochMillis(-1)).build();
        GidGenerator after = GidGenerator.builder().type(GidType.LOG)
                .clock(ManualClock.atEpochMillis(1L << 48)).build();

        assertThatThrownBy(before::next).isInstanceOf(IdGenerationException.class)
                .hasMessageContaining("-1 ms").hasMessageContaining("outside the times a GID can hold");
        assertThatThrownBy(after::next).isInstanceOf(IdGenerationException.class)
                .hasMessageContaining("281474976710656 ms");
    }

    @Test
    void clockSteppingBeforeTheEpochAfterValidGidsKeepsTheLatestMillisecond() {
        ManualClock early = ManualClock.atEpochMillis(10);
        GidGenerator logs = GidGenerator.builder().type(GidType.LOG).clock(early).listener(events).build();
        logs.next();
        early.stepWallClock(Duration.ofMillis(-20));

        assertThat(logs.next().timestampMillis()).isEqualTo(10);
        assertThat(events.regressions).containsExactly(Duration.ofMillis(20));
    }

    @Test
    void builderMakesVolumesByDefaultAndRefusesNulls() {
        assertThat(GidGenerator.builder().build().next().type()).isEqualTo(GidType.VOLUME);
        assertThatThrownBy(() -> GidGenerator.builder().type(null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> GidGenerator.builder().clock(null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> GidGenerator.builder().listener(null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> GidGenerator.builder().random(null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> GidGenerator.builder().randomPerThread(null))
                .isInstanceOf(NullPointerException.class);
    }

    @Test
    void lastRandomSettingWins() {
        AtomicInteger created = new AtomicInteger();
        GidGenerator gen = GidGenerator.builder().type(GidType.LOG).clock(clock)
                .randomPerThread(() -> {
                    created.incrementAndGet();
                    return new SplittableRandom();
                })
                .random(new SplittableRandom(42)).build();
        gen.next();

        assertThat(created).hasValue(0);
    }

    /** Counts distinct values. */
    static final class Arrays2 {
        static int distinct(long[] values) {
            Set<Long> set = new HashSet<>();
            for (long value : values) {
                set.add(value);
            }
            return set.size();
        }
    }
}
