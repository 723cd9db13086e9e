package dev.ids.node;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.clock.ManualClock;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The shared deadline of a lease, for both kinds of store, on a manual clock. */
class LeaseDeadlineTest {

    private static final long LEASE = Duration.ofSeconds(30).toNanos();

    private final ManualClock clock = ManualClock.atEpochMillis(1_750_000_000_000L);

    @Test
    void aClaimedDeadlineHoldsUntilTheClaimsStartPlusTheLeaseAndThenEndsForGood() {
        LeaseDeadline deadline = LeaseDeadline.proven(clock, clock.monotonicNanos(), LEASE);
        clock.advance(Duration.ofNanos(LEASE - 1));
        assertThat(deadline.isActive()).isTrue();
        assertThat(deadline.remainingNanos()).isOne();

        clock.advance(Duration.ofNanos(1));
        assertThat(deadline.isActive()).isFalse();
        assertThat(deadline.isEnded()).isTrue();
        assertThat(deadline.remainingNanos()).isZero();
        assertThat(deadline.prove(clock.monotonicNanos(), deadline.epoch(), LEASE))
                .as("a proof after the deadline cannot revive the lease").isFalse();
        assertThat(deadline.isActive()).isFalse();
    }

    @Test
    void aProofMovesTheDeadlineToWhenItWasAskedForPlusTheLeaseButNeverBack() {
        LeaseDeadline deadline = LeaseDeadline.proven(clock, clock.monotonicNanos(), LEASE);
        long early = clock.monotonicNanos();
        clock.advance(Duration.ofSeconds(10));
        long late = clock.monotonicNanos();
        assertThat(deadline.prove(late, deadline.epoch(), LEASE)).isTrue();
        assertThat(deadline.prove(early, deadline.epoch(), LEASE)).as("recorded, but not moving it back").isTrue();
        assertThat(deadline.remainingNanos()).isEqualTo(LEASE);
    }

    @Test
    void aProofThatArrivesAfterTheDeadlineEndsALeaseWhoseStoreFreesTheIdentity() {
        LeaseDeadline deadline = LeaseDeadline.proven(clock, clock.monotonicNanos(), LEASE);
        long asked = clock.monotonicNanos() + LEASE - 1;
        long epoch = deadline.epoch();
        clock.advance(Duration.ofNanos(LEASE));
        assertThat(deadline.prove(asked, epoch, LEASE)).isFalse();
        assertThat(deadline.isEnded()).isTrue();
        assertThat(deadline.endReason()).isNull();
        deadline.end("renewed only after its deadline");
        assertThat(deadline.endReason()).as("a reason given late is kept").isEqualTo("renewed only after its deadline");
        deadline.endOnClose();
        assertThat(deadline.endReason()).as("closing keeps the reason it was lost for")
                .isEqualTo("renewed only after its deadline");
    }

    @Test
    void aSessionDeadlineStartsSuspendedAndAPassedDeadlineOnlyStopsItBeingHeld() {
        LeaseDeadline deadline = LeaseDeadline.unproven(clock, () -> 0);
        assertThat(deadline.state()).isEqualTo(LeaseDeadline.State.SUSPENDED);
        assertThat(deadline.isActive()).isFalse();
        assertThat(deadline.prove(clock.monotonicNanos(), deadline.epoch(), LEASE)).isTrue();
        assertThat(deadline.isActive()).isTrue();

        clock.advance(Duration.ofNanos(LEASE));
        assertThat(deadline.isActive()).isFalse();
        assertThat(deadline.isEnded()).isFalse();
        assertThat(deadline.prove(clock.monotonicNanos(), deadline.epoch(), LEASE)).isTrue();
        assertThat(deadline.isActive()).as("proven again").isTrue();
    }

    @Test
    void aSuspensionWhileAProofIsInFlightDiscardsTheProof() {
        AtomicLong storeSuspensions = new AtomicLong();
        LeaseDeadline deadline = LeaseDeadline.unproven(clock, storeSuspensions::get);
        long epoch = deadline.epoch();
        deadline.suspend();
        assertThat(deadline.prove(clock.monotonicNanos(), epoch, LEASE)).isFalse();
        assertThat(deadline.isActive()).isFalse();

        epoch = deadline.epoch();
        storeSuspensions.incrementAndGet(); // the store counted a suspension before reaching this lease
        assertThat(deadline.prove(clock.monotonicNanos(), epoch, LEASE)).isFalse();

        assertThat(deadline.prove(clock.monotonicNanos(), deadline.epoch(), LEASE)).isTrue();
        deadline.suspend();
        assertThat(deadline.isActive()).as("a suspension fences at once").isFalse();
        assertThat(deadline.remainingNanos()).isZero();
    }

    @Test
    void anEndedLeaseIsNeverHeldAgainAndSaysWhyItLastFoundItNotHeld() {
        LeaseDeadline deadline = LeaseDeadline.unproven(clock, () -> 0);
        assertThat(deadline.endOnClose()).isTrue();
        assertThat(deadline.endReason()).isEqualTo("closed");
        assertThat(deadline.end("session lost")).isFalse();
        deadline.suspend();
        assertThat(deadline.state()).isEqualTo(LeaseDeadline.State.ENDED);
        assertThat(deadline.prove(clock.monotonicNanos(), deadline.epoch(), LEASE)).isFalse();
        assertThat(deadline.isEnded()).isTrue();
        assertThat(deadline).hasToString("ended: session lost");
    }
}
