package dev.ids.traceid;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ids.IdGenerationException;
import dev.ids.clock.ManualClock;
import dev.ids.event.IdGeneratorListener;
import dev.ids.testing.RecordingListener;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class TraceIdGeneratorTest {

    @Test
    void nullTimesAreRefusedNamingTheArgument() {
        TraceId id = TraceId.of(1, 1, 0, 1);
        assertThatThrownBy(() -> TraceId.min(null)).isInstanceOf(NullPointerException.class).hasMessage("instant");
        assertThatThrownBy(() -> TraceId.max(null)).isInstanceOf(NullPointerException.class).hasMessage("instant");
        assertThatThrownBy(() -> id.timestamp(null)).isInstanceOf(NullPointerException.class).hasMessage("reference");
        assertThatThrownBy(() -> id.timestampNear(null)).isInstanceOf(NullPointerException.class)
                .hasMessage("reference");
        assertThatThrownBy(() -> id.isFresh(null, Duration.ZERO)).isInstanceOf(NullPointerException.class)
                .hasMessage("now");
        assertThatThrownBy(() -> id.isFresh(Instant.EPOCH, null)).isInstanceOf(NullPointerException.class)
                .hasMessage("maxLag");
    }

    /** 4096 chunks of 1023 counters: the most IDs one node can issue in one second. */
    private static final int CAPACITY = 4096 * 1023;
    private static final long WRAP = 1L << 25;
    /** 2026-01-01T00:00:00Z in Unix seconds. */
    private static final long X = 1_767_225_600L;

    private final RecordingListener events = new RecordingListener();

    private static ManualClock clockAt(long second, int millis) {
        return ManualClock.atEpochMillis(second * 1000 + millis);
    }

    private TraceIdGenerator generator(ManualClock clock, int nodeNo) {
        return TraceIdGenerator.builder().nodeNo(nodeNo).clock(clock).listener(events).build();
    }

    @Test
    void firstIdsCarryTheWrappedSecondTheNodeChunkZeroAndCountersFromOne() {
        TraceIdGenerator generator = generator(clockAt(X, 500), 513);

        TraceId first = generator.next();
        TraceId second = generator.next();

        assertThat(first.timestampSeconds()).isEqualTo(X % WRAP);
        assertThat(first.nodeNo()).isEqualTo(513);
        assertThat(first.chunkNo()).isZero();
        assertThat(first.counter()).isEqualTo(1);
        assertThat(second.toLong()).isEqualTo(first.toLong() + 1);
        assertThat(first.timestamp(Instant.ofEpochSecond(X, 500_000_000))).isEqualTo(Instant.ofEpochSecond(X));
        assertThat(generator.nodeNo()).isEqualTo(513);
    }

    @Test
    void timestampIsTheSecondTheGeneratorStampedResolvedAgainstNow() {
        // A clock an hour behind the real one: the no-argument timestamp() resolves against the system time.
        Instant stamped = Instant.now().minus(Duration.ofHours(1)).truncatedTo(ChronoUnit.MILLIS);
        TraceId id = TraceIdGenerator.builder().nodeNo(3).clock(ManualClock.at(stamped)).build().next();

        Instant second = Instant.ofEpochSecond(stamped.getEpochSecond());
        assertThat(id.timestamp()).isEqualTo(second);
        assertThat(id.timestamp(stamped)).isEqualTo(second);
        assertThat(id.timestampNear(stamped.minus(Duration.ofDays(100)))).isEqualTo(second);
        assertThat(id.timestampSeconds()).isEqualTo(stamped.getEpochSecond() % WRAP);
    }

    @Test
    void usedUpChunkIsFollowedByTheNextChunkOfTheSameSecond() {
        TraceIdGenerator generator = generator(clockAt(X, 0), 1);
        TraceId last = null;
        for (int i = 0; i < 1023; i++) {
            last = generator.next();
        }
        TraceId next = generator.next();

        assertThat(last.chunkNo()).isZero();
        assertThat(last.counter()).isEqualTo(1023);
        assertThat(next.timestampSeconds()).isEqualTo(X % WRAP);
        assertThat(next.chunkNo()).isEqualTo(1);
        assertThat(next.counter()).isEqualTo(1);
    }

    @Test
    void aNewSecondTakesANewChunkAndChunkNumbersStartAgain() throws Exception {
        ManualClock clock = clockAt(X, 999);
        TraceIdGenerator generator = generator(clock, 1);
        long[] lastMillisecond = generate(generator, 1023);
        TraceId otherThread = onAnotherThread(generator);
        clock.advance(Duration.ofMillis(1));
        TraceId nextSecond = generator.next();

        assertThat(TraceId.fromLong(lastMillisecond[1022]).chunkNo()).isZero();
        assertThat(otherThread.chunkNo()).isEqualTo(1);
        assertThat(otherThread.counter()).isEqualTo(1);
        // Chunk 1 still had 1022 counters, but its second is over.
        assertThat(nextSecond.timestampSeconds()).isEqualTo((X + 1) % WRAP);
        assertThat(nextSecond.chunkNo()).isZero();
        assertThat(nextSecond.counter()).isEqualTo(1);
        assertThat(events.overflows).isEmpty();
        assertThat(events.regressions).isEmpty();
    }

    @Test
    void threadsShareTheCurrentChunk() throws Exception {
        TraceIdGenerator generator = generator(clockAt(X, 0), 7);
        TraceId a1 = generator.next();
        TraceId b1 = onAnotherThread(generator);
        TraceId c1 = onAnotherThread(generator);
        TraceId a2 = generator.next();

        assertThat(List.of(a1, b1, c1, a2)).extracting(TraceId::chunkNo).containsOnly(0);
        assertThat(List.of(a1, b1, c1, a2)).extracting(TraceId::counter).containsExactly(1, 2, 3, 4);
    }

    @Test
    void generatorsAreIndependentWithinOneThread() {
        ManualClock clock = clockAt(X, 0);
        TraceIdGenerator one = generator(clock, 1);
        TraceIdGenerator two = generator(clock, 2);
        for (int i = 1; i <= 5; i++) {
            TraceId a = one.next();
            TraceId b = two.next();
            assertThat(a.nodeNo()).isEqualTo(1);
            assertThat(b.nodeNo()).isEqualTo(2);
            assertThat(a.chunkNo()).isZero();
            assertThat(b.chunkNo()).isZero();
            assertThat(a.counter()).isEqualTo(i);
            assertThat(b.counter()).isEqualTo(i);
        }
    }

    @Test
    void stepBackOfOneMillisecondAcrossASecondBoundaryKeepsTheLaterSecond() {
        ManualClock clock = clockAt(X, 0);
        TraceIdGenerator generator = generator(clock, 1);
        long first = generator.next().toLong();
        clock.stepWallClock(Duration.ofMillis(-1));
        long[] ids = generate(generator, 3000);

        assertThat(first).isLessThan(ids[0]);
        assertStrictlyIncreasing(ids);
        for (long id : ids) {
            assertThat(TraceId.fromLong(id).timestampSeconds()).isEqualTo(X % WRAP);
        }
        assertThat(TraceId.fromLong(ids[2999]).chunkNo()).isEqualTo(2);
        assertThat(events.regressions).containsExactly(Duration.ofMillis(1));
        assertThat(events.overflows).isEmpty();
    }

    @Test
    void stepBackOfOneSecondUsesUpTheLatestSecondThenWaitsForTheNext() {
        ManualClock clock = clockAt(X, 500);
        TraceIdGenerator generator = generator(clock, 1);
        long first = generator.next().toLong();
        clock.stepWallClock(Duration.ofSeconds(-1));
        long[] ids = generate(generator, CAPACITY + 10);

        assertThat(first).isLessThan(ids[0]);
        assertStrictlyIncreasing(ids);
        // With the first ID, exactly one second's capacity was stamped X; never X - 1.
        assertThat(TraceId.fromLong(ids[CAPACITY - 2]).timestampSeconds()).isEqualTo(X % WRAP);
        assertThat(TraceId.fromLong(ids[CAPACITY - 1]).timestampSeconds()).isEqualTo((X + 1) % WRAP);
        assertThat(TraceId.fromLong(ids[CAPACITY - 1]).chunkNo()).isZero();
        assertThat(events.regressions).containsExactly(Duration.ofSeconds(1));
        // The clock stood at X - 1 s + 500 ms and had to reach X + 1 s: a wait for the clock, not for capacity.
        assertThat(events.regressionWaits).containsExactly(Duration.ofMillis(1500));
        assertThat(events.overflows).isEmpty();
    }

    @Test
    void stepBackOfOneHourFailsOnceTheLatestSecondIsUsedUpThenRecovers() {
        ManualClock clock = clockAt(X, 500);
        TraceIdGenerator generator = generator(clock, 1);
        generator.next();
        clock.stepWallClock(Duration.ofHours(-1));
        long[] ids = new long[CAPACITY];
        AtomicReference<IdGenerationException> failure = new AtomicReference<>();
        int issued = generateUntilFailure(generator, ids, failure);

        assertThat(issued).isEqualTo(CAPACITY - 1);
        assertStrictlyIncreasing(java.util.Arrays.copyOf(ids, issued));
        assertThat(TraceId.fromLong(ids[issued - 1]).timestampSeconds()).isEqualTo(X % WRAP);
        assertThat(failure.get()).hasMessageContaining("maximum wait of PT2S")
                .hasMessageContaining("trace-id generator (node 1)");
        assertThat(clock.monotonicNanos()).as("fails at once, without waiting").isZero();
        assertThat(events.regressions).containsExactly(Duration.ofHours(1));
        assertThat(events.overflows).isEmpty();

        clock.stepWallClock(Duration.ofHours(1));
        TraceId afterRecovery = generator.next();
        assertThat(afterRecovery.timestampSeconds()).isEqualTo((X + 1) % WRAP);
        assertThat(afterRecovery.toLong()).isGreaterThan(ids[issued - 1]);
        assertThat(events.overflows).containsExactly(Duration.ofMillis(500));
    }

    @Test
    void frozenClockIssuesOneSecondsCapacityThenFailsAfterTheMaximumWait() {
        ManualClock clock = clockAt(X, 500);
        TraceIdGenerator generator = TraceIdGenerator.builder().nodeNo(3).clock(clock).listener(events)
                .maxWait(Duration.ofSeconds(2)).build();
        clock.freeze();
        long[] ids = new long[CAPACITY + 1];
        AtomicReference<IdGenerationException> failure = new AtomicReference<>();
        int issued = generateUntilFailure(generator, ids, failure);

        assertThat(issued).isEqualTo(CAPACITY);
        assertStrictlyIncreasing(java.util.Arrays.copyOf(ids, issued));
        assertThat(failure.get()).hasMessageContaining("maximum wait");
        assertThat(Duration.ofNanos(clock.monotonicNanos())).isPositive().isLessThanOrEqualTo(Duration.ofSeconds(2));
        assertThat(events.overflows).isEmpty();
    }

    @Test
    void burstAboveOneSecondsCapacityWaitsForTheNextSecondWithoutRepeating() {
        ManualClock clock = clockAt(X, 0);
        TraceIdGenerator generator = generator(clock, 65535);
        int extra = 3000;
        long[] ids = generate(generator, CAPACITY + extra);

        assertStrictlyIncreasing(ids);
        long base = (X % WRAP) << 38 | 65535L << 22;
        long nextBase = ((X + 1) % WRAP) << 38 | 65535L << 22;
        for (int i = 0; i < ids.length; i++) {
            int n = i < CAPACITY ? i : i - CAPACITY;
            long expected = (i < CAPACITY ? base : nextBase) | (long) (n / 1023) << 10 | (n % 1023 + 1);
            if (ids[i] != expected) {
                throw new AssertionError("ID #" + i + " is " + ids[i] + ", expected " + expected);
            }
        }
        assertThat(events.overflows).containsExactly(Duration.ofSeconds(1));
        assertThat(events.regressions).isEmpty();
    }

    @Test
    void failsAtOnceWhenTheWaitForTheNextSecondWouldExceedTheMaximumWait() {
        ManualClock clock = clockAt(X, 0);
        TraceIdGenerator generator = TraceIdGenerator.builder().nodeNo(9).clock(clock).listener(events)
                .maxWait(Duration.ofMillis(100)).build();
        long[] ids = new long[CAPACITY + 1];
        AtomicReference<IdGenerationException> failure = new AtomicReference<>();
        int issued = generateUntilFailure(generator, ids, failure);

        assertThat(issued).isEqualTo(CAPACITY);
        assertStrictlyIncreasing(java.util.Arrays.copyOf(ids, issued));
        assertThat(failure.get()).hasMessageContaining("maximum wait of PT0.1S");
        assertThat(clock.monotonicNanos()).isZero();
        // The failure leaves no half-taken chunk behind: once time moves on, generation resumes.
        clock.advance(Duration.ofSeconds(1));
        TraceId next = generator.next();
        assertThat(next.timestampSeconds()).isEqualTo((X + 1) % WRAP);
        assertThat(next.chunkNo()).isZero();
    }

    @Test
    void timestampWrapsToZeroAfterTwoToThe25Seconds() {
        long lastBeforeWrap = 50 * WRAP - 1;
        ManualClock clock = clockAt(lastBeforeWrap, 0);
        TraceIdGenerator generator = generator(clock, 1);
        TraceId before = generator.next();
        clock.advance(Duration.ofSeconds(1));
        TraceId after = generator.next();

        assertThat(before.timestampSeconds()).isEqualTo(33_554_431L);
        assertThat(after.timestampSeconds()).isZero();
        assertThat(after).as("order holds only within one wrap period").isLessThan(before);
        assertThat(after.timestamp(clock.instant())).isEqualTo(Instant.ofEpochSecond(lastBeforeWrap + 1));
        assertThat(before.timestamp(clock.instant())).isEqualTo(Instant.ofEpochSecond(lastBeforeWrap));
    }

    @Test
    void wallClockBefore1970IsRefused() {
        TraceIdGenerator generator = generator(ManualClock.atEpochMillis(-5000), 1);

        assertThatThrownBy(generator::next).isInstanceOf(IdGenerationException.class)
                .hasMessageContaining("outside the times");
    }

    @Test
    void nodeNumberMustBeSetAndInRange() {
        assertThatThrownBy(() -> TraceIdGenerator.builder().nodeNo(-1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("nodeNo out of range [0, 65535]: -1");
        assertThatThrownBy(() -> TraceIdGenerator.builder().nodeNo(65536))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("nodeNo out of range [0, 65535]: 65536");
        assertThatThrownBy(() -> TraceIdGenerator.builder().build()).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("nodeNo must be set");
        assertThatThrownBy(() -> TraceIdGenerator.builder().maxWait(Duration.ofMillis(-1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("maxWait");
        assertThat(TraceIdGenerator.builder().nodeNo(0).build().nodeNo()).isZero();
        assertThat(TraceIdGenerator.builder().nodeNo(65535).build().next().nodeNo()).isEqualTo(65535);
    }

    private static long[] generate(TraceIdGenerator generator, int count) {
        long[] ids = new long[count];
        for (int i = 0; i < count; i++) {
            ids[i] = generator.next().toLong();
        }
        return ids;
    }

    private static int generateUntilFailure(TraceIdGenerator generator, long[] ids,
            AtomicReference<IdGenerationException> failure) {
        for (int i = 0; i < ids.length; i++) {
            try {
                ids[i] = generator.next().toLong();
            } catch (IdGenerationException e) {
                failure.set(e);
                return i;
            }
        }
        throw new AssertionError("no failure after " + ids.length + " IDs");
    }

    static void assertStrictlyIncreasing(long[] ids) {
        for (int i = 1; i < ids.length; i++) {
            if (ids[i] <= ids[i - 1]) {
                throw new AssertionError("ID #" + i + " (" + ids[i] + ") does not follow #" + (i - 1) + " ("
                        + ids[i - 1] + ")");
            }
        }
    }

    private static TraceId onAnotherThread(TraceIdGenerator generator) throws InterruptedException {
        AtomicReference<TraceId> id = new AtomicReference<>();
        Thread thread = new Thread(() -> id.set(generator.next()));
        thread.start();
        thread.join();
        return id.get();
    }
}
