package dev.ids.kubernetes;

import static dev.ids.node.BuilderSeams.backgroundRenewal;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ids.node.ConfiguredIdentityClaim;
import dev.ids.node.LeaseLostException;
import dev.ids.node.NoFreeNodeIdentityException;
import dev.ids.node.NodeClaim;
import dev.ids.node.NodeLease;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * A restarted instance configured with the identity (a StatefulSet pod's ordinal) that its killed previous run still
 * holds: taken over once the object stood still for the silence, never from a holder that renews; and a fleet that
 * claims at once, spread over the range rather than queueing for the lowest identity.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class KubernetesIdentityTakeOverTest {

    private MockApiServer server;
    private final List<AutoCloseable> opened = new ArrayList<>();
    private final String namespace = "t" + UUID.randomUUID().toString().substring(0, 8);

    @BeforeAll
    void startServer() throws Exception {
        server = MockApiServer.start();
    }

    @AfterAll
    void stopServer() {
        server.close();
    }

    @AfterEach
    void closeAll() throws Exception {
        for (int i = opened.size() - 1; i >= 0; i--) {
            opened.get(i).close();
        }
        opened.clear();
    }

    private KubernetesNodeLeaseProvider provider(String holderId, boolean renewing) {
        KubernetesNodeLeaseProvider provider =
                backgroundRenewal(KubernetesNodeLeaseProvider.builder(server.config()), renewing)
                        .holderId(holderId)
                        .leaseLength(Duration.ofSeconds(6)).renewalPeriod(Duration.ofSeconds(2))
                        .reclaimGrace(Duration.ofSeconds(1)).build();
        opened.add(provider);
        return provider;
    }

    @Test
    void aSilentHolderIsTakenOverFromItsMarkAndCanWriteNothingAfterwards() throws Exception {
        KubernetesNodeLeaseProvider killed = provider("killed-run", false);
        KubernetesNodeLease old = killed.claim(new NodeClaim(namespace, 5, 5));
        opened.add(old);
        long mark = System.currentTimeMillis() + 20_000;
        old.advanceHighWaterMark(mark);

        NodeLease restarted = ConfiguredIdentityClaim.claim(provider("restarted", true),
                new NodeClaim(namespace, 5, 5), "test pod web-5", Duration.ofMillis(100));
        opened.add(restarted);
        assertThat(restarted.identity()).isEqualTo(5);
        assertThat(restarted.highWaterMarkMillis()).as("after the former holder's mark").isGreaterThanOrEqualTo(mark);
        assertThatThrownBy(() -> killed.store().renew(old.proof())).isInstanceOf(LeaseLostException.class)
                .hasMessageContaining("another process holds the identity now (restarted#");
    }

    @Test
    void aHolderThatRenewsIsNeverTakenOver() {
        KubernetesNodeLease running = provider("running", true).claim(new NodeClaim(namespace, 6, 6));
        opened.add(running);
        assertThatThrownBy(() -> ConfiguredIdentityClaim.claim(provider("second", true),
                new NodeClaim(namespace, 6, 6), "test pod web-6", Duration.ofMillis(100)))
                .isInstanceOf(NoFreeNodeIdentityException.class);
        assertThat(running.isHeld()).isTrue();
    }

    @Test
    void aFleetClaimingAtOnceGetsDistinctIdentitiesQuickly() throws Exception {
        int fleet = 48;
        List<Callable<?>> claims = new ArrayList<>();
        for (int i = 0; i < fleet; i++) {
            KubernetesNodeLeaseProvider member = provider("member-" + i, true);
            claims.add(() -> member.claim(new NodeClaim(namespace, 0, 1023)));
        }
        long started = System.nanoTime();
        List<Object> outcomes = Racing.race(claims);
        Duration took = Duration.ofNanos(System.nanoTime() - started);
        Set<Long> identities = new HashSet<>();
        for (Object outcome : outcomes) {
            assertThat(outcome).isInstanceOf(KubernetesNodeLease.class);
            KubernetesNodeLease lease = (KubernetesNodeLease) outcome;
            opened.add(lease);
            identities.add(lease.identity());
        }
        assertThat(identities).hasSize(fleet);
        // Claimants that lose a race spread over the range (ClaimCandidates) instead of queueing for the next-lowest
        // identity, which would take n claimants about n^2/2 conditional writes.
        assertThat(took).as("%d claimants at once", fleet).isLessThan(Duration.ofSeconds(20));
    }
}
