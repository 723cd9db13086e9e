package dev.ids.node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ids.IdGenerationException;
import dev.ids.clock.ManualClock;
import dev.ids.generator.WaitingGeneratorBuilder;
import dev.ids.node.LeaseFence;
import dev.ids.testing.FakeNodeLease;
import dev.ids.testing.ForwardingClock;
import dev.ids.testing.RecordingListener;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * What every generator with a node identity does with a {@link NodeLease}: takes its identity, refuses while the
 * lease is not held, issues nothing at or before the high-water mark, and writes the mark, in steps, before it
 * issues IDs beyond it. A subclass per generator supplies the scheme's details.
 *
 * @param <I> the ID type
 */
public abstract class LeasedGeneratorContract<I> {

    /** A whole second, so that second-based schemes start at a known place. */
    protected static final long START_MILLIS = 1_750_000_000_000L;

    protected final ManualClock clock = ManualClock.atEpochMillis(START_MILLIS);
    protected final RecordingListener listener = new RecordingListener();

    /** The generator under test, as a supplier of IDs. */
    protected interface Generator<I> {
        I next();
    }

    /** A builder with the scheme's identity unset, the test's clock and listener and the given lease. */
    protected abstract WaitingGeneratorBuilder<?> builder(NodeLease lease);

    /** Builds a generator from a builder of {@link #builder}. */
    protected abstract Generator<I> build(WaitingGeneratorBuilder<?> builder);

    /** Sets an explicit identity on a builder; returns how the message names it, for example "nodeNo(3)". */
    protected abstract String setExplicitIdentity(WaitingGeneratorBuilder<?> builder, long identity);

    /** An identity the scheme cannot hold. */
    protected abstract long outOfRangeIdentity();

    /** The identity an ID carries. */
    protected abstract long identityOf(I id);

    /** The first millisecond of the time an ID stands for. */
    protected abstract long startMillisOf(I id);

    /** The last millisecond of the time an ID stands for: the mark must cover it. */
    protected abstract long endMillisOf(I id);

    /** The other entry points that must refuse while the lease is not held (batches, transactions). */
    protected void otherEntryPointsRefuse(Generator<I> generator) {
    }

    private Generator<I> leased(FakeNodeLease lease, Duration maxWait) {
        return build(builder(lease).clock(clock).listener(listener).maxWait(maxWait));
    }

    @Test
    void takesItsIdentityFromTheLease() {
        I id = leased(new FakeNodeLease(7), Duration.ofSeconds(2)).next();
        assertThat(identityOf(id)).isEqualTo(7);
    }

    @Test
    void anExplicitIdentityAndALeaseTogetherAreAnErrorNamingBoth() {
        WaitingGeneratorBuilder<?> builder = builder(new FakeNodeLease(7)).clock(clock);
        String explicit = setExplicitIdentity(builder, 3);
        assertThatThrownBy(() -> build(builder))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining(explicit)
                .hasMessageContaining("lease(FakeNodeLease[7])");
    }

    @Test
    void aLeaseServesOneGeneratorOnly() {
        FakeNodeLease lease = new FakeNodeLease(4);
        leased(lease, Duration.ofSeconds(2));

        assertThatThrownBy(() -> leased(lease, Duration.ofSeconds(2)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("serves another generator already");
    }

    @Test
    void aLeasedIdentityOutsideTheSchemesRangeIsRejectedAtBuild() {
        long identity = outOfRangeIdentity();
        assertThatThrownBy(() -> build(builder(new FakeNodeLease(identity)).clock(clock)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("identity " + identity + " lies outside");
    }

    @Test
    void refusesAtOnceWhileTheLeaseIsNotHeldAndResumesWhenItIsHeldAgain() {
        FakeNodeLease lease = new FakeNodeLease(5);
        Generator<I> generator = leased(lease, Duration.ofSeconds(2));
        I before = generator.next(); // also fills a per-thread chunk where the scheme has one
        lease.held(false);
        assertThatThrownBy(generator::next)
                .isInstanceOf(IdGenerationException.class)
                .hasMessageContaining("the node identity lease is not held")
                .hasMessageContaining("identity 5");
        assertThat(listener.refusals).hasSize(1);
        otherEntryPointsRefuse(generator);
        lease.held(true);
        I after = generator.next();
        assertThat(after).isNotEqualTo(before);
        assertThat(identityOf(after)).isEqualTo(5);
    }

    @Test
    void afterARestartWithTheClockBehindTheMarkWaitsUntilTheClockPassesIt() {
        long mark = START_MILLIS + 700;
        Generator<I> generator = leased(new FakeNodeLease(1).mark(mark), Duration.ofSeconds(2));
        I first = generator.next();
        assertThat(startMillisOf(first)).isGreaterThan(mark);
        assertThat(clock.instant().toEpochMilli()).isGreaterThan(mark);
        assertThat(listener.regressions).as("a wait for the mark, not a clock regression").isEmpty();
        assertThat(listener.refusals).isEmpty();
    }

    @Test
    void theWaitForTheMarkIsReportedAsALeaseMarkWaitNeverAsOverflowOrRegression() {
        long mark = START_MILLIS + 700;
        Generator<I> generator = leased(new FakeNodeLease(1).mark(mark), Duration.ofSeconds(2));
        I first = generator.next();

        // The first ID's time unit is the first after the mark's: the clock was waited for, up to its start, all
        // because of the mark (a second for TraceId, 4 ms for sno, a millisecond or microsecond otherwise).
        Duration waited = listener.markWaits.stream().reduce(Duration.ZERO, Duration::plus);
        assertThat(waited).isEqualTo(Duration.ofMillis(startMillisOf(first) - START_MILLIS));
        assertThat(listener.regressionWaits).isEmpty();
        assertThat(listener.regressions).isEmpty();
    }

    @Test
    void refusesWhenTheMarkLiesFurtherAheadThanTheMaximumWait() {
        FakeNodeLease lease = new FakeNodeLease(1).mark(START_MILLIS + 60_000);
        Generator<I> generator = leased(lease, Duration.ofSeconds(2));
        assertThatThrownBy(generator::next).isInstanceOf(IdGenerationException.class)
                .hasMessageContaining("behind the high-water mark "
                        + java.time.Instant.ofEpochMilli(START_MILLIS + 60_000))
                .hasMessageContaining("refusing to issue IDs for another 60001 ms");
        assertThat(listener.refusals).hasSize(1);
        assertThat(listener.regressions).isEmpty();
        clock.advance(Duration.ofSeconds(61));
        assertThat(startMillisOf(generator.next())).isGreaterThan(START_MILLIS + 60_000);
    }

    @Test
    void afterAnotherHolderRaisedTheMarkAClockSteppedBackBelowItIsRefused() {
        FakeNodeLease lease = new FakeNodeLease(5);
        Generator<I> generator = leased(lease, Duration.ofSeconds(2));
        generator.next();
        // The lease lapsed; another process held identity 5 and issued IDs up to its mark; the lease is held again.
        long foreignMark = START_MILLIS + 20_000;
        lease.held(false).mark(foreignMark).held(true);
        clock.setWallClock(java.time.Instant.ofEpochMilli(foreignMark + 1));
        clock.setWallClock(java.time.Instant.ofEpochMilli(START_MILLIS + 15_000)); // NTP steps the clock back
        assertThatThrownBy(generator::next).isInstanceOf(IdGenerationException.class)
                .hasMessageContaining("at or before the high-water mark " + java.time.Instant.ofEpochMilli(foreignMark))
                .hasMessageContaining("another holder of node identity 5");
        assertThat(listener.refusals).hasSize(1);
        clock.setWallClock(java.time.Instant.ofEpochMilli(foreignMark + 1));
        // The other holder covered each of its IDs' whole time by its mark: a time ending after it is not one of its.
        assertThat(endMillisOf(generator.next())).isGreaterThan(foreignMark);
    }

    @Test
    void writesTheMarkBeforeIssuingIdsBeyondItInSteps() {
        FakeNodeLease lease = new FakeNodeLease(2);
        Generator<I> generator = leased(lease, Duration.ofSeconds(2));
        List<Long> marksSeen = new ArrayList<>();
        for (int second = 0; second < 30; second++) {
            for (int i = 0; i < 10; i++) {
                I id = generator.next();
                assertThat(endMillisOf(id)).isLessThanOrEqualTo(lease.highWaterMarkMillis());
            }
            marksSeen.add(lease.highWaterMarkMillis());
            clock.advance(Duration.ofSeconds(1));
        }
        // A write every STEP - MARGIN seconds of clock time, never one per ID.
        assertThat(lease.advances).hasSizeBetween(5, 8);
        for (int i = 1; i < lease.advances.size(); i++) {
            assertThat(lease.advances.get(i) - lease.advances.get(i - 1))
                    .isBetween(LeaseFence.STEP_MILLIS - LeaseFence.MARGIN_MILLIS, LeaseFence.STEP_MILLIS);
        }
        assertThat(marksSeen).isSorted();
    }

    @Test
    void aFailedAdvanceRefusesAndNoIdBeyondTheWrittenMarkIsIssued() {
        FakeNodeLease lease = new FakeNodeLease(2).failAdvance(true);
        Generator<I> generator = leased(lease, Duration.ofSeconds(2));
        assertThatThrownBy(generator::next)
                .isInstanceOf(IdGenerationException.class)
                .hasMessageContaining("cannot advance the node identity lease's high-water mark")
                .hasMessageContaining("fake store down")
                .satisfies(refusal -> {
                    String message = refusal.getMessage();
                    String written = message.substring(message.indexOf("(mark ") + 6, message.indexOf(")",
                            message.indexOf("(mark ")));
                    assertThat(message).as("the refusal names the mark of the write that failed, as an instant")
                            .contains(" to " + written + " (").doesNotContain("since 1970");
                });
        assertThat(listener.refusals).hasSize(1);

        lease.failAdvance(false);
        I covered = generator.next();
        long written = lease.highWaterMarkMillis();
        assertThat(endMillisOf(covered)).isLessThanOrEqualTo(written);
        lease.failAdvance(true);
        // Within the margin: the written mark still covers the IDs, so they are issued (and the write retried).
        clock.advance(Duration.ofMillis(LeaseFence.STEP_MILLIS - LeaseFence.MARGIN_MILLIS + 1_000));
        assertThat(endMillisOf(generator.next())).isLessThanOrEqualTo(written);
        // Beyond the mark: refused.
        clock.advance(Duration.ofMillis(LeaseFence.MARGIN_MILLIS));
        assertThatThrownBy(generator::next).isInstanceOf(IdGenerationException.class);
        assertThat(lease.highWaterMarkMillis()).isEqualTo(written);
        lease.failAdvance(false);
        I resumed = generator.next();
        assertThat(endMillisOf(resumed)).isGreaterThan(written).isLessThanOrEqualTo(lease.highWaterMarkMillis());
    }

    @Test
    void threadsCrossingSeveralAdvanceBoundariesNeverIssueBeyondTheWrittenMarkNorRepeat() throws Exception {
        FakeNodeLease lease = new FakeNodeLease(9).advanceDelayMillis(3);
        // The threads advance the shared manual clock, so a thread that keeps losing the race for a time unit sees
        // other threads' advances as its own waiting time: a generous maximum wait keeps a slow machine from
        // turning that into a refusal (the waits themselves take no real time on a manual clock).
        Generator<I> generator = leased(lease, Duration.ofHours(1));
        int threads = 4;
        int perThread = 3_000;
        Set<I> ids = ConcurrentHashMap.newKeySet();
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<Integer>> results = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                results.add(pool.submit(() -> {
                    start.await();
                    int beyond = 0;
                    for (int i = 0; i < perThread; i++) {
                        I id = generator.next();
                        if (endMillisOf(id) > lease.highWaterMarkMillis()) {
                            beyond++;
                        }
                        ids.add(id);
                        if (i % 5 == 0) {
                            clock.advance(Duration.ofMillis(13));
                        }
                    }
                    return beyond;
                }));
            }
            start.countDown();
            for (Future<Integer> result : results) {
                assertThat(result.get(60, TimeUnit.SECONDS)).as("IDs returned beyond the written mark").isZero();
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(ids).hasSize(threads * perThread);
        assertThat(lease.advances).as("advance boundaries crossed").hasSizeGreaterThanOrEqualTo(4);
        assertThat(lease.advances).isSorted();
    }

    @Test
    void withTheMarkAheadTheCommonPathNeverWaitsForTheStoreAndTheNextStepIsWrittenEarly() throws Exception {
        FakeNodeLease lease = new FakeNodeLease(2);
        Generator<I> generator = leased(lease, Duration.ofSeconds(2));
        generator.next();
        long written = lease.highWaterMarkMillis();
        assertThat(lease.attempts).hasValue(1);

        lease.hangAdvances();
        try {
            // Within the margin: the write of the next step begins, and hangs, in the background; the calls go on
            // under the mark already written.
            clock.advance(Duration.ofMillis(LeaseFence.STEP_MILLIS - LeaseFence.MARGIN_MILLIS + 1_000));
            for (int i = 0; i < 3; i++) {
                I id = callWithin(generator, Duration.ofSeconds(10));
                assertThat(endMillisOf(id)).isLessThanOrEqualTo(written);
                clock.advance(Duration.ofMillis(1_000));
            }
            awaitTrue(() -> lease.attempts.get() == 2);
        } finally {
            lease.releaseHungAdvances();
        }
        awaitTrue(() -> lease.advances.size() == 2);
        long ahead = lease.highWaterMarkMillis();
        assertThat(ahead).isGreaterThan(written + LeaseFence.MARGIN_MILLIS);

        // Beyond the first mark, within the one written early: no call reaches the store.
        clock.advance(Duration.ofMillis(written - clock.wallTimeMillis() + 1_000));
        for (int i = 0; i < 10; i++) {
            assertThat(endMillisOf(generator.next())).isGreaterThan(written).isLessThanOrEqualTo(ahead);
        }
        assertThat(lease.attempts).hasValue(2);
    }

    @Test
    void aHangingMarkWriteRefusesEveryCallerByTheLeasesDeadlineAndNoIdIsIssuedAfterIt() throws Exception {
        FakeNodeLease lease = new FakeNodeLease(2);
        Generator<I> generator = leased(lease, Duration.ofHours(1));
        generator.next();
        long written = lease.highWaterMarkMillis();
        Duration remaining = Duration.ofMillis(1_500);
        lease.hangAdvances().heldFor(remaining);
        // Beyond the written mark: every call needs the write that hangs.
        clock.advance(Duration.ofMillis(written - clock.wallTimeMillis() + 1_000));
        int threads = 4;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<Long>> calls = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                calls.add(pool.submit(() -> {
                    long began = System.nanoTime();
                    try {
                        generator.next();
                        throw new AssertionError("an ID was issued beyond the written mark while its write hung");
                    } catch (IdGenerationException refused) {
                        assertThat(refused).hasMessageContaining("lease");
                    }
                    return System.nanoTime() - began;
                }));
            }
            for (Future<Long> call : calls) {
                long blockedNanos = call.get(remaining.toMillis() + 10_000, TimeUnit.MILLISECONDS);
                assertThat(Duration.ofNanos(blockedNanos)).isLessThan(remaining.plusSeconds(1));
            }
        } finally {
            pool.shutdownNow();
            lease.releaseHungAdvances();
        }
        // The write lands after the lease was lost; nothing is issued on it.
        awaitTrue(() -> lease.advances.size() == 2);
        assertThatThrownBy(generator::next).isInstanceOf(IdGenerationException.class);
    }

    /**
     * An independent check with the database down and a minute of lease left saw every call block 25 to 29 s (each
     * waited for a write that failed at the pool's 30 s connection timeout), although the generator's maximum wait
     * was 2 s. Once a write has failed, a call waits for the retry at most the maximum wait.
     */
    @Test
    void onceAMarkWriteFailedACallWaitsForTheRetryAtMostTheMaximumWaitAndIsServedWhenItLands() throws Exception {
        FakeNodeLease lease = new FakeNodeLease(2);
        Duration maxWait = Duration.ofMillis(300);
        Generator<I> generator = leased(lease, maxWait);
        generator.next();
        long written = lease.highWaterMarkMillis();
        lease.heldFor(Duration.ofHours(1)).failAdvance(true);
        clock.advance(Duration.ofMillis(written - clock.wallTimeMillis() + 1_000));
        assertThatThrownBy(generator::next).isInstanceOf(IdGenerationException.class)
                .hasMessageContaining("high-water mark");

        lease.failAdvance(false).hangAdvances();
        assertRefusedWithinTheMaximumWaitThenServed(generator, lease, written,
                "the maximum wait of 300 ms (the store's last write failed)");
    }

    /** A hung store: the write of the next step began within the margin and has not answered since. */
    @Test
    void aWriteOfTheMarkUnderWayLongerThanThePatienceIsWaitedForAtMostTheMaximumWait() throws Exception {
        FakeNodeLease lease = new FakeNodeLease(2);
        Duration maxWait = Duration.ofMillis(300);
        Generator<I> generator = leased(lease, maxWait);
        generator.next();
        long written = lease.highWaterMarkMillis();
        lease.heldFor(Duration.ofHours(1)).hangAdvances();
        clock.advance(Duration.ofMillis(written - clock.wallTimeMillis() - LeaseFence.MARGIN_MILLIS + 1));
        assertThat(endMillisOf(generator.next())).as("issued under the written mark").isLessThanOrEqualTo(written);
        awaitTrue(() -> lease.attempts.get() == 2); // the write of the next step, begun within the margin, hangs
        // The write's age is real time (the store's latency), whatever the generator's clock says.
        Thread.sleep(LeaseFence.WRITE_PATIENCE_MILLIS + 200);
        clock.advance(Duration.ofMillis(LeaseFence.MARGIN_MILLIS));
        try {
            assertRefusedWithinTheMaximumWait(generator, "the maximum wait of 300 ms (the store has not answered "
                    + "the write for");
        } catch (AssertionError | RuntimeException e) {
            lease.releaseHungAdvances();
            throw e;
        }
        // Past the hung write's target: a call queues a further write behind it, on the same silent store (an
        // independent check saw such calls wait the whole patience again, every step of the outage).
        clock.advance(Duration.ofMillis(LeaseFence.STEP_MILLIS));

        assertRefusedWithinTheMaximumWaitThenServed(generator, lease, written,
                "the maximum wait of 300 ms (the store has not answered the write for");
    }

    /** A call beyond the written mark, with a maximum wait of 300 ms, is refused within about that wait. */
    private void assertRefusedWithinTheMaximumWait(Generator<I> generator, String limit) throws Exception {
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            long began = System.nanoTime();
            Future<I> call = pool.submit(generator::next);
            assertThatThrownBy(() -> call.get(10, TimeUnit.SECONDS)).as("refused, not blocked for the lease's hour")
                    .hasCauseInstanceOf(IdGenerationException.class).hasMessageContaining(limit);
            assertThat(Duration.ofNanos(System.nanoTime() - began)).isLessThan(Duration.ofMillis(2_300));
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * With the lease's writes hanging and a maximum wait of 300 ms: a call beyond the written mark is refused within
     * about that wait, not blocked for the lease's hour; once the hung write lands, the next call is served beyond it.
     */
    private void assertRefusedWithinTheMaximumWaitThenServed(Generator<I> generator, FakeNodeLease lease,
            long written, String limit) throws Exception {
        try {
            assertRefusedWithinTheMaximumWait(generator, limit);
        } finally {
            lease.releaseHungAdvances();
        }
        awaitTrue(() -> lease.highWaterMarkMillis() > written);
        assertThat(endMillisOf(callWithin(generator, Duration.ofSeconds(10)))).isGreaterThan(written);
    }

    @Test
    void aCallThatWaitedForTheMarkChecksTheLeaseAgainBeforeReturningAnId() throws Exception {
        FakeNodeLease lease = new FakeNodeLease(2);
        Generator<I> generator = leased(lease, Duration.ofHours(1));
        generator.next();
        long written = lease.highWaterMarkMillis();
        lease.hangAdvances();
        clock.advance(Duration.ofMillis(written - clock.wallTimeMillis() + 1_000));
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            Future<I> call = pool.submit(generator::next);
            awaitTrue(() -> lease.attempts.get() == 2);
            // The lease is lost while the write hangs; the write then succeeds, as one sent before the loss would.
            lease.held(false);
            lease.releaseHungAdvances();
            assertThatThrownBy(() -> call.get(10, TimeUnit.SECONDS))
                    .hasCauseInstanceOf(IdGenerationException.class)
                    .hasMessageContaining("lease");
        } finally {
            pool.shutdownNow();
            lease.releaseHungAdvances();
        }
        assertThat(lease.advances).hasSize(2);
    }

    /** Where on the fast path a thread is paused across the lease's deadline. */
    enum PausePoint {
        /** Before the call reads the clock. */
        BEFORE_THE_CLOCK_READING,
        /** Right after a clock reading: the slot is taken for a time read before the deadline. */
        AFTER_THE_CLOCK_READING,
        /** Right after the lease's last check: the ID is about to be returned. */
        BEFORE_THE_ID_IS_RETURNED
    }

    /**
     * A thread paused across the lease's deadline (a GC pause, SIGSTOP) at each point of the fast path, the deadline
     * passing unnoticed (no renewal thread looked, so the lease's state still says held): the call returns no ID
     * stamped after the deadline, a call paused before it reads the clock refuses, and the call after the pause
     * refuses. The pause is shorter than the written mark's margin, so no wait for the store checks the lease.
     */
    @ParameterizedTest
    @EnumSource(PausePoint.class)
    void aThreadPausedAcrossTheDeadlineAnywhereOnTheFastPathIssuesNoIdStampedAfterIt(PausePoint point) {
        ClockPausedOnRead pausing = new ClockPausedOnRead(clock);
        FakeNodeLease lease = new FakeNodeLease(3);
        Generator<I> generator = build(builder(lease).clock(pausing).listener(listener)
                .maxWait(Duration.ofSeconds(2)));
        generator.next(); // checks the deadline for this time; the mark now covers the next 10 s
        Duration left = Duration.ofMillis(300);
        lease.heldUntil(clock, left);
        long deadlineMillis = clock.wallTimeMillis() + left.toMillis();
        Runnable pause = () -> clock.advance(left.plusMillis(1_200));
        switch (point) {
            case BEFORE_THE_CLOCK_READING -> pause.run();
            case AFTER_THE_CLOCK_READING -> pausing.afterNextReading(pause);
            case BEFORE_THE_ID_IS_RETURNED -> lease.afterNextStateRead(pause);
        }
        try {
            I id = generator.next();
            assertThat(point).as("a call paused before its clock reading refuses").isNotEqualTo(
                    PausePoint.BEFORE_THE_CLOCK_READING);
            assertThat(startMillisOf(id)).as("the ID's time, against the deadline").isLessThanOrEqualTo(
                    deadlineMillis);
        } catch (IdGenerationException refused) {
            assertThat(refused).hasMessageContaining("the node identity lease is not held");
        }
        assertThatThrownBy(generator::next).isInstanceOf(IdGenerationException.class)
                .hasMessageContaining("the node identity lease is not held");
    }

    /** A test clock that runs an action right after its next wall-clock reading, as a thread paused there. */
    private static final class ClockPausedOnRead extends ForwardingClock {

        private final AtomicReference<Runnable> afterNextReading = new AtomicReference<>();

        ClockPausedOnRead(ManualClock time) {
            super(time);
        }

        void afterNextReading(Runnable action) {
            afterNextReading.set(action);
        }

        @Override
        public long wallTimeMicros() {
            long reading = super.wallTimeMicros();
            Runnable action = afterNextReading.getAndSet(null);
            if (action != null) {
                action.run();
            }
            return reading;
        }
    }

    private I callWithin(Generator<I> generator, Duration bound) throws Exception {
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            return pool.submit(generator::next).get(bound.toMillis(), TimeUnit.MILLISECONDS);
        } finally {
            pool.shutdownNow();
        }
    }

    private static void awaitTrue(BooleanSupplier condition) throws InterruptedException {
        long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime() - giveUp).as("condition not met within 10 s").isNegative();
            Thread.sleep(5);
        }
    }
}
