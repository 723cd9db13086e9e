package dev.ids.node;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.clock.ManualClock;
import dev.ids.testing.FakeNodeLease;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class ReclaimingNodeLeaseTest {

    private static final java.util.logging.Logger LOG =
            java.util.logging.Logger.getLogger(ReclaimingNodeLease.class.getName());

    private static final long START_MILLIS = 1_800_000_000_000L;

    /** A fake lease that also says when it has ended, as a lost JDBC or ZooKeeper lease does. */
    private static final class EndingLease implements NodeLease {
        private final FakeNodeLease inner;

        EndingLease(long identity, long mark) {
            inner = new FakeNodeLease(identity).mark(mark);
        }

        @Override
        public long identity() {
            return inner.identity();
        }

        @Override
        public boolean isHeld() {
            return inner.isHeld();
        }

        @Override
        public long highWaterMarkMillis() {
            return inner.highWaterMarkMillis();
        }

        @Override
        public void advanceHighWaterMark(long epochMillis) {
            inner.advanceHighWaterMark(epochMillis);
        }

        @Override
        public boolean isEnded() {
            return inner.closed();
        }

        @Override
        public Duration remaining() {
            return isHeld() ? Duration.ofSeconds(30) : Duration.ZERO;
        }

        @Override
        public void close() {
            inner.close();
        }
    }

    @Test
    void afterAReclaimBehindAnotherHoldersMarkAClockSteppedBackMakesTheLeaseNotHeldAgainWhateverWasReadBefore()
            throws InterruptedException {
        ManualClock clock = ManualClock.atEpochMillis(START_MILLIS);
        EndingLease first = new EndingLease(5, 0);
        long foreignMark = START_MILLIS + 20_000;
        AtomicReference<NodeLease> next = new AtomicReference<>(first);
        NodeLeaseProvider provider = claim -> next.get();
        try (ReclaimingNodeLease lease = ReclaimingNodeLease.claim(provider, new NodeClaim("lable", 0, 63), clock,
                Duration.ofMillis(1))) {
            next.set(new EndingLease(5, foreignMark)); // another process held identity 5 meanwhile
            first.close(); // this process's lease lapsed
            long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            while (lease.reclaimCount() == 0 && System.nanoTime() < deadline) {
                Thread.sleep(1);
            }
            assertThat(lease.reclaimCount()).isEqualTo(1);
            assertThat(lease.isHeld()).as("held again but the clock is behind the other holder's mark").isFalse();

            clock.setWallClock(Instant.ofEpochMilli(foreignMark + 1));
            // What a health probe or a metrics scrape reads.
            assertThat(lease.isHeld()).isTrue();
            assertThat(lease.remaining()).isPositive();

            clock.setWallClock(Instant.ofEpochMilli(START_MILLIS + 15_000)); // NTP steps the clock back
            assertThat(lease.isHeld()).isFalse();
            assertThat(lease.remaining()).isZero();
            clock.setWallClock(Instant.ofEpochMilli(foreignMark));
            assertThat(lease.isHeld()).as("at the mark itself").isFalse();
        }
    }

    @Test
    void aCloseWhileTheLeaseIsNotHeldStillStopsTheGeneratorThatAskedForIt() {
        ManualClock clock = ManualClock.atEpochMillis(START_MILLIS);
        EndingLease inner = new EndingLease(5, 0);
        ReclaimingNodeLease lease = ReclaimingNodeLease.claim(claim -> inner, new NodeClaim("lable", 0, 63), clock,
                Duration.ofMillis(1));
        AtomicInteger asked = new AtomicInteger();
        lease.lowerMarkOnClose(() -> {
            asked.incrementAndGet();
            return START_MILLIS;
        });
        inner.inner.held(false); // not renewed in time, not yet ended: nothing to lower, but the generator must stop

        lease.close();

        assertThat(asked).as("the generator asked to stop, once").hasValue(1);
        assertThat(inner.isEnded()).isTrue();
    }

    /** Each outage is warned about once: the attempts in a row start again after a re-claim that succeeded. */
    @Test
    void eachOutageThatKeepsTheIdentityFromBeingClaimedAgainIsWarnedAboutOnce() throws InterruptedException {
        java.util.List<String> warnings = new java.util.concurrent.CopyOnWriteArrayList<>();
        java.util.logging.Handler handler = captureWarnings(warnings);
        AtomicReference<EndingLease> current = new AtomicReference<>(new EndingLease(5, 0));
        java.util.concurrent.atomic.AtomicBoolean storeDown = new java.util.concurrent.atomic.AtomicBoolean();
        AtomicInteger refused = new AtomicInteger();
        NodeLeaseProvider provider = claim -> {
            if (storeDown.get()) {
                refused.incrementAndGet();
                throw new IllegalStateException("store down");
            }
            current.set(new EndingLease(5, 0));
            return current.get();
        };
        ManualClock clock = ManualClock.atEpochMillis(START_MILLIS);
        try (ReclaimingNodeLease lease = ReclaimingNodeLease.claim(provider, new NodeClaim("sno", 0, 63), clock,
                Duration.ofMillis(1))) {
            for (int outage = 1; outage <= 2; outage++) {
                storeDown.set(true);
                refused.set(0);
                current.get().close(); // the lease lapses during the outage
                awaitTrue(() -> refused.get() >= 3);
                storeDown.set(false);
                long reclaimed = outage;
                awaitTrue(() -> lease.reclaimCount() == reclaimed);
            }
        } finally {
            LOG.removeHandler(handler);
        }
        assertThat(warnings).filteredOn(message -> message.contains("cannot be claimed again yet")).hasSize(2)
                .allMatch(message -> message.contains("(attempt 1;"));
    }

    /**
     * An instance cut off from the store is replaced meanwhile: when the store answers again, the re-claim fails for
     * another reason (another process holds the identity now), and that is warned about too, not left at DEBUG.
     */
    @Test
    void aReclaimThatFailsForANewReasonIsWarnedAboutAgain() throws InterruptedException {
        java.util.List<String> warnings = new java.util.concurrent.CopyOnWriteArrayList<>();
        java.util.logging.Handler handler = captureWarnings(warnings);
        AtomicReference<EndingLease> current = new AtomicReference<>(new EndingLease(5, 0));
        AtomicInteger attempts = new AtomicInteger();
        NodeLeaseProvider provider = claim -> {
            if (attempts.incrementAndGet() <= 3) {
                throw new LeaseStoreUnreachableException("store down", null);
            }
            throw new NoFreeNodeIdentityException(claim, "held by the replacement");
        };
        ManualClock clock = ManualClock.atEpochMillis(START_MILLIS);
        try (ReclaimingNodeLease lease = ReclaimingNodeLease.of(provider, current.get(), new NodeClaim("sno", 5, 5),
                clock, Duration.ofMillis(1))) {
            current.get().close(); // the lease lapses while the store cannot be reached
            awaitTrue(() -> attempts.get() >= 6);
        } finally {
            LOG.removeHandler(handler);
        }
        assertThat(warnings).filteredOn(message -> message.contains("cannot be claimed again yet")).hasSize(2)
                .satisfiesExactly(first -> assertThat(first).contains("store down"),
                        second -> assertThat(second).contains("held by the replacement").contains("(attempt 4;"));
    }

    /** Collects the messages ReclaimingNodeLease logs at WARNING until the handler returned is removed from LOG. */
    private static java.util.logging.Handler captureWarnings(java.util.List<String> warnings) {
        java.util.logging.Handler handler = new java.util.logging.Handler() {
            @Override
            public void publish(java.util.logging.LogRecord record) {
                if (record.getLevel() == java.util.logging.Level.WARNING) {
                    warnings.add(record.getMessage());
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        LOG.addHandler(handler);
        return handler;
    }

    private static void awaitTrue(java.util.function.BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime()).as("timed out").isLessThan(deadline);
            Thread.sleep(1);
        }
    }
}
