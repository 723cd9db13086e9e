package dev.ids.autoconfigure.node;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.node.NodeClaim;
import dev.ids.node.NodeLease;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongFunction;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/**
 * How {@link NodeLeases} closes its leases when the context closes, against a store that hangs or fails: the
 * shutdown must not wait for one release after another, and what was not released is said through Spring's logging.
 */
@ExtendWith(OutputCaptureExtension.class)
class NodeLeasesTest {

    /** Opened when a test ends, so that releases still hanging finish. */
    private final CountDownLatch storeAnswers = new CountDownLatch(1);

    private final AtomicInteger releasesStarted = new AtomicInteger();

    @AfterEach
    void letTheStoreAnswer() {
        storeAnswers.countDown();
    }

    @Test
    @Timeout(value = 30, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void leasesOfAStoreThatHangsAreReleasedSideBySideAndTheShutdownGoesOnAfterTheTimeout(CapturedOutput output) {
        NodeLeases leases = leases(Duration.ofMillis(300), id -> new HangingLease(id));
        for (String scheme : new String[] {"sno", "lable", "traceid"}) {
            leases.claim(scheme + "Generator", "ids." + scheme + ".node", new NodeClaim(scheme, 0, 7));
        }

        long started = System.nanoTime();
        leases.destroy();
        long tookMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);

        // One after another, the three releases would have waited for the store three times over.
        assertThat(releasesStarted).hasValue(3);
        assertThat(storeAnswers.getCount()).isOne();
        assertThat(tookMillis).isGreaterThanOrEqualTo(300).isLessThan(5_000);
        for (String scheme : new String[] {"sno", "lable", "traceid"}) {
            assertThat(output).contains("Did not release the node identity 0 of '" + scheme
                    + "Generator' in the test store within 300 ms, going on with the shutdown; it becomes free when"
                    + " its lease expires, in at most ");
        }
        assertThat(leases.leased()).isEmpty();
    }

    @Test
    void aReleaseThatFailsIsLoggedAndTheOthersAreStillReleased(CapturedOutput output) {
        NodeLeases leases = leases(Duration.ofSeconds(5),
                id -> id == 1 ? new FailingLease(id) : new QuickLease(id));
        leases.claim("snoGenerator", "ids.sno.node", new NodeClaim("sno", 1, 1));
        leases.claim("lableGenerator", "ids.lable.node", new NodeClaim("lable", 0, 0));

        leases.destroy();

        assertThat(made).hasSize(2).allSatisfy(lease -> assertThat(lease.closed).isTrue());
        assertThat(output).contains("Cannot release the node identity 1 of 'snoGenerator' in the test store; it"
                + " becomes free when its lease expires").contains("the store refused");
        assertThat(output).doesNotContain("lableGenerator' in the test store");
    }

    /** Every lease the store handed out. */
    private final List<HeldLease> made = new CopyOnWriteArrayList<>();

    private NodeLeases leases(Duration releaseTimeout, LongFunction<HeldLease> lease) {
        ChosenLeaseProvider chosen = new ChosenLeaseProvider(claim -> {
            HeldLease one = lease.apply(claim.min());
            made.add(one);
            return one;
        }, ChosenLeaseProvider.Origin.EXPLICIT, null, "the test store", () -> null, null);
        return new NodeLeases(chosen, Duration.ofSeconds(1), releaseTimeout, LeaseStoreKinds.of(null));
    }

    /** A lease held until it is closed. */
    private abstract static class HeldLease implements NodeLease {

        private final long identity;

        volatile boolean closed;

        HeldLease(long identity) {
            this.identity = identity;
        }

        @Override
        public long identity() {
            return identity;
        }

        @Override
        public boolean isHeld() {
            return !closed;
        }

        @Override
        public Duration remaining() {
            return Duration.ofSeconds(30);
        }

        @Override
        public long highWaterMarkMillis() {
            return 0;
        }

        @Override
        public void advanceHighWaterMark(long epochMillis) {
        }
    }

    private final class HangingLease extends HeldLease {

        HangingLease(long identity) {
            super(identity);
        }

        @Override
        public void close() {
            releasesStarted.incrementAndGet();
            try {
                storeAnswers.await();
            } catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
            }
            closed = true;
        }
    }

    private static final class FailingLease extends HeldLease {

        FailingLease(long identity) {
            super(identity);
        }

        @Override
        public void close() {
            closed = true;
            throw new IllegalStateException("the store refused");
        }
    }

    private static final class QuickLease extends HeldLease {

        QuickLease(long identity) {
            super(identity);
        }

        @Override
        public void close() {
            closed = true;
        }
    }
}
