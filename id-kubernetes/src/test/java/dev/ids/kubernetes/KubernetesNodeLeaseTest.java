package dev.ids.kubernetes;

import static dev.ids.node.BuilderSeams.backgroundRenewal;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ids.clock.IdClock;
import dev.ids.node.LeaseLostException;
import dev.ids.node.NoFreeNodeIdentityException;
import dev.ids.node.NodeClaim;
import dev.ids.node.Renewal;
import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.api.model.coordination.v1.LeaseBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The Kubernetes store against fabric8's mock API server in CRUD mode: the API contract (creates, label lists,
 * updates refused with 409 for a stale {@code resourceVersion}), not a cluster. Short leases (6 s, renewed every
 * 2 s, a grace of 1 s: calls of 2 s at most, room enough on a busy machine) so that expiry is reached within
 * seconds; a paused holder is one that does not renew.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class KubernetesNodeLeaseTest {

    static final Duration LEASE = Duration.ofSeconds(6);
    static final Duration RENEWAL = Duration.ofSeconds(2);
    static final Duration GRACE = Duration.ofSeconds(1);

    private MockApiServer server;
    private KubernetesClient operator;
    private final List<AutoCloseable> opened = new ArrayList<>();
    private String namespace;

    @BeforeAll
    void startServer() throws Exception {
        server = MockApiServer.start();
        operator = server.operator();
    }

    @AfterAll
    void stopServer() {
        operator.close();
        server.close();
    }

    @BeforeEach
    void freshNamespace() {
        namespace = "t" + UUID.randomUUID().toString().substring(0, 8);
    }

    @AfterEach
    void closeAll() throws Exception {
        for (int i = opened.size() - 1; i >= 0; i--) {
            opened.get(i).close();
        }
        opened.clear();
    }

    private KubernetesNodeLeaseProvider provider(String holderId,
            UnaryOperator<KubernetesNodeLeaseProvider.Builder> more) {
        KubernetesNodeLeaseProvider provider = more.apply(KubernetesNodeLeaseProvider.builder(server.config())
                .holderId(holderId).leaseLength(LEASE).renewalPeriod(RENEWAL).reclaimGrace(GRACE)).build();
        opened.add(provider);
        return provider;
    }

    private KubernetesNodeLeaseProvider renewing(String holderId) {
        return provider(holderId, builder -> builder);
    }

    /** A provider whose leases renew only when a test says so: a holder paused for as long as the test likes. */
    private KubernetesNodeLeaseProvider paused(String holderId) {
        return provider(holderId, builder -> backgroundRenewal(builder, false));
    }

    private KubernetesNodeLease claim(KubernetesNodeLeaseProvider provider, long min, long max) {
        KubernetesNodeLease lease = provider.claim(new NodeClaim(namespace, min, max));
        opened.add(lease);
        return lease;
    }

    private Lease object(KubernetesNodeLease lease) {
        return operator.leases().inNamespace(MockApiServer.NAMESPACE).withName(lease.leaseName()).get();
    }

    @Test
    void claimsCreateOneObjectPerIdentityAndAReleaseKeepsTheMarkForTheNextHolder() {
        KubernetesNodeLease first = claim(renewing("a"), 0, 0);
        assertThat(first.identity()).isZero();
        long mark = System.currentTimeMillis() + 30_000;
        first.advanceHighWaterMark(mark);
        assertThat(object(first).getSpec().getHolderIdentity()).isEqualTo(first.holder());
        assertThat(object(first).getSpec().getLeaseDurationSeconds()).isEqualTo(6);
        first.close();
        assertThat(object(first).getSpec().getHolderIdentity()).as("released").isNull();

        KubernetesNodeLease second = claim(renewing("b"), 0, 0);
        assertThat(second.identity()).isZero();
        assertThat(second.highWaterMarkMillis()).as("started from the stored mark").isEqualTo(mark);
        assertThat(object(second).getSpec().getLeaseTransitions()).isEqualTo(1);
    }

    @Test
    void theMarkOnlyMovesForwardAndNoWriteOfAReleasedLeaseLands() throws Exception {
        KubernetesNodeLeaseProvider provider = renewing("a");
        KubernetesNodeLease lease = claim(provider, 0, 0);
        long high = System.currentTimeMillis() + 40_000;
        assertThat(provider.store().writeMark(lease.proof(), high)).isEqualTo(high);
        assertThat(provider.store().writeMark(lease.proof(), high - 5_000)).as("never lowered").isEqualTo(high);
        assertThat(LeaseObjects.mark(object(lease))).isEqualTo(high);

        KubernetesProof proof = lease.proof();
        lease.close();
        assertThatThrownBy(() -> provider.store().writeMark(proof, high + 5_000))
                .isInstanceOf(LeaseLostException.class).hasMessageContaining("released");
        assertThat(LeaseObjects.mark(object(lease))).as("the mark read at the release is final").isEqualTo(high);
    }

    @Test
    void aHolderPausedPastExpiryIsFencedBeforeItsSuccessorTakesOverFromItsMark() throws Exception {
        KubernetesNodeLeaseProvider pausedProvider = paused("paused");
        KubernetesNodeLease paused = claim(pausedProvider, 0, 0);
        long claimedAt = System.nanoTime();
        long mark = System.currentTimeMillis() + 25_000;
        paused.advanceHighWaterMark(mark);
        KubernetesNodeLeaseProvider successor = renewing("successor");

        KubernetesNodeLease taken = null;
        while (taken == null) {
            try {
                taken = claim(successor, 0, 0);
            } catch (NoFreeNodeIdentityException stillHeld) {
                assertThat(System.nanoTime() - claimedAt).as("waited too long").isLessThan(30_000_000_000L);
                Thread.sleep(100);
            }
        }
        assertThat(paused.isHeld()).as("the paused holder's deadline passed before the successor could claim")
                .isFalse();
        assertThat(Duration.ofNanos(System.nanoTime() - claimedAt)).isGreaterThanOrEqualTo(LEASE.plus(GRACE));
        assertThat(taken.highWaterMarkMillis()).isGreaterThanOrEqualTo(mark);

        assertThat(paused.renew()).as("the paused holder resumes past its deadline").isEqualTo(Renewal.LOST);
        assertThat(paused.isEnded()).isTrue();
        // Its store writes, had they been under way across the pause, cannot land on the successor's object.
        assertThatThrownBy(() -> pausedProvider.store().renew(paused.proof())).isInstanceOf(LeaseLostException.class)
                .hasMessageContaining("another process holds the identity now (successor#");
        assertThatThrownBy(() -> pausedProvider.store().writeMark(paused.proof(), mark + 60_000))
                .isInstanceOf(LeaseLostException.class);
        assertThat(LeaseObjects.mark(object(taken))).isEqualTo(taken.highWaterMarkMillis());
        assertThat(taken.isHeld()).isTrue();
    }

    @Test
    void aClaimantWhoseWallClockRunsAMinuteAheadDoesNotTakeALiveLease() throws Exception {
        KubernetesNodeLease holder = claim(renewing("holder"), 0, 0);
        IdClock aMinuteAhead = new IdClock() {
            @Override
            public long wallTimeMicros() {
                return (System.currentTimeMillis() + 60_000) * 1000;
            }

            @Override
            public long monotonicNanos() {
                return System.nanoTime();
            }
        };
        KubernetesNodeLeaseProvider fast = provider("fast", builder -> builder.clock(aMinuteAhead));
        long until = System.nanoTime() + LEASE.plus(GRACE).plusSeconds(2).toNanos();
        int refused = 0;
        while (System.nanoTime() < until) {
            assertThatThrownBy(() -> claim(fast, 0, 0)).isInstanceOf(NoFreeNodeIdentityException.class);
            refused++;
            Thread.sleep(100);
        }
        assertThat(refused).isGreaterThan(5);
        assertThat(holder.isHeld()).isTrue();
        assertThat(holder.renewalCount()).isPositive();

        holder.close();
        assertThat(claim(fast, 0, 0).identity()).as("released: taken at once").isZero();
    }

    @Test
    void anObjectDeletedByAnOperatorFencesItsHolderAndTheNextClaimStartsAboveItsMark() throws Exception {
        KubernetesNodeLease holder = claim(paused("holder"), 0, 0);
        long mark = System.currentTimeMillis() + 5_000;
        holder.advanceHighWaterMark(mark);
        operator.leases().inNamespace(MockApiServer.NAMESPACE).withName(holder.leaseName()).delete();
        assertThat(object(holder)).as("deleted").isNull();

        KubernetesNodeLease next = claim(renewing("next"), 0, 0);
        assertThat(next.highWaterMarkMillis()).as("the floor of a lost record, above every ID the holder issued")
                .isGreaterThan(mark);
        assertThat(holder.renew()).isEqualTo(Renewal.LOST);
        assertThat(holder.isHeld()).isFalse();
        assertThat(holder.lossReason()).contains("another process holds the identity now (next#");
        assertThatThrownBy(() -> holder.advanceHighWaterMark(mark + 60_000)).isInstanceOf(RuntimeException.class);
        assertThat(LeaseObjects.mark(object(next))).isGreaterThan(mark);
    }

    @Test
    void aHolderWhoseObjectIsDeletedLearnsAtItsNextRenewal() {
        KubernetesNodeLeaseProvider provider = paused("holder");
        KubernetesNodeLease holder = claim(provider, 0, 0);
        operator.leases().inNamespace(MockApiServer.NAMESPACE).withName(holder.leaseName()).delete();
        assertThat(object(holder)).as("deleted").isNull();
        // Asked of the store itself: on a busy machine the lifecycle may find its deadline passed first.
        assertThatThrownBy(() -> provider.store().renew(holder.proof())).isInstanceOf(LeaseLostException.class)
                .hasMessageContaining("is gone: deleted");
        assertThat(holder.renew()).isEqualTo(Renewal.LOST);
        assertThat(holder.isHeld()).isFalse();
    }

    @Test
    void aStaleResourceVersionIsAnsweredWith409() throws Exception {
        KubernetesNodeLease holder = claim(paused("holder"), 0, 0);
        Lease stale = object(holder);
        operator.leases().inNamespace(MockApiServer.NAMESPACE).resource(new LeaseBuilder(stale).editMetadata()
                .addToLabels("edited", "by-hand").endMetadata().build()).update();
        LeaseApi api = new LeaseApi(operator, MockApiServer.NAMESPACE, false);
        assertThatThrownBy(() -> api.update(LeaseObjects.marked(stale, 1)))
                .isInstanceOfSatisfying(LeaseApi.Refused.class, refused -> assertThat(refused.gone()).isFalse());
        assertThat(LeaseObjects.mark(object(holder))).as("the stale write changed nothing").isNotEqualTo(1);
    }

    @Test
    void aHolderWhoseCopyIsStaleReadsAgainAndRenewsWhileTheObjectIsStillItsOwn() {
        KubernetesNodeLease holder = claim(paused("holder"), 0, 0);
        Lease read = object(holder);
        operator.leases().inNamespace(MockApiServer.NAMESPACE).resource(new LeaseBuilder(read).editMetadata()
                .addToAnnotations("note", "kept").endMetadata().build()).update();

        assertThat(holder.renew()).as("409, read again, still its own: renewed").isEqualTo(Renewal.RENEWED);
        assertThat(holder.isHeld()).isTrue();
        assertThat(object(holder).getMetadata().getAnnotations()).containsEntry("note", "kept");

        Lease now = object(holder);
        operator.leases().inNamespace(MockApiServer.NAMESPACE).resource(new LeaseBuilder(now).editSpec()
                .withHolderIdentity("someone-else").endSpec().build()).update();
        assertThat(holder.renew()).isEqualTo(Renewal.LOST);
        assertThat(holder.lossReason()).contains("another process holds the identity now (someone-else)");
    }

    @Test
    void twoClaimantsRacingForOneOrdinalNeverBothWin() throws Exception {
        for (int round = 0; round < 10; round++) {
            freshNamespace();
            KubernetesNodeLeaseProvider first = provider("pod-a", builder -> builder.podOrdinal(3));
            KubernetesNodeLeaseProvider second = provider("pod-b", builder -> builder.podOrdinal(3));
            List<Object> outcomes = Racing.race(List.of(() -> claim(first, 0, 7), () -> claim(second, 0, 7)));
            List<KubernetesNodeLease> won = outcomes.stream().filter(KubernetesNodeLease.class::isInstance)
                    .map(KubernetesNodeLease.class::cast).toList();
            assertThat(won).as("round " + round + ": " + outcomes).hasSize(1);
            assertThat(won.get(0).identity()).isEqualTo(3);
            assertThat(outcomes).as("round " + round + ": " + outcomes)
                    .filteredOn(NoFreeNodeIdentityException.class::isInstance).hasSize(1);
        }
    }

    @Test
    void aPodOrdinalOutsideTheRangeIsRefusedNamingIt() {
        KubernetesNodeLeaseProvider provider = provider("pod", builder -> builder.podOrdinal(12));
        assertThatThrownBy(() -> claim(provider, 0, 7)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Pod ordinal 12").hasMessageContaining("[0, 7]");
    }
}
