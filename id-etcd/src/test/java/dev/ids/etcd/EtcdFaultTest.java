package dev.ids.etcd;

import static dev.ids.etcd.EtcdKeys.bytes;
import static dev.ids.node.BuilderSeams.backgroundRenewal;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ids.IdGenerationException;
import dev.ids.lable.LableId;
import dev.ids.node.NoFreeNodeIdentityException;
import dev.ids.node.NodeClaim;
import dev.ids.node.Renewal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Faults while generators issue IDs on etcd leases, on a 3-member cluster of the test's own: a holder paused past
 * its etcd lease's TTL, an operator who deletes a holder's key, and the cluster's leader killed with SIGKILL and
 * restarted. Each keeps every ID the generators gave and finds them all distinct, and a successor's IDs above every
 * ID of the holder before it.
 */
class EtcdFaultTest {

    private static EtcdCluster cluster;

    private final ConcurrentLinkedDeque<AutoCloseable> opened = new ConcurrentLinkedDeque<>();
    private String prefix;
    private NodeClaim claim;

    @BeforeAll
    static void startCluster() throws Exception {
        cluster = EtcdCluster.start(3);
    }

    @AfterAll
    static void stopCluster() throws Exception {
        if (cluster != null) {
            cluster.close();
        }
    }

    @BeforeEach
    void names() {
        String run = UUID.randomUUID().toString().substring(0, 8);
        prefix = "ids-fault-" + run;
        claim = new NodeClaim("lable-" + run, 0, 0);
    }

    @AfterEach
    void closeAll() throws Exception {
        for (AutoCloseable closeable : opened) {
            closeable.close();
        }
    }

    private <T extends AutoCloseable> T remember(T closeable) {
        opened.addFirst(closeable);
        return closeable;
    }

    private EtcdNodeLeaseProvider provider(String holder, Duration lease, Duration grace, boolean renewing) {
        return remember(backgroundRenewal(EtcdNodeLeaseProvider.builder(cluster.endpoints()), renewing)
                .keyPrefix(prefix).holderId(holder)
                .leaseLength(lease).renewalPeriod(lease.dividedBy(6)).reclaimGrace(grace).build());
    }

    private static void assertDistinct(List<IdStream> streams) {
        List<LableId> all = new ArrayList<>();
        streams.forEach(stream -> all.addAll(stream.ids()));
        Set<LableId> distinct = new HashSet<>(all);
        assertThat(all.size() - distinct.size()).as("duplicate IDs among " + all.size()).isZero();
    }

    /**
     * A holder stops (its renewals and its calls, as SIGSTOP would stop its process) past its lease: its deadline
     * passes before the cluster lets another process claim the identity, the successor starts above its mark, and
     * once it resumes it refuses every call and its late renewal cannot revive the lease.
     */
    @Test
    void aHolderPausedPastItsEtcdLeaseIsFencedBeforeItsSuccessorClaimsAndIssuesNoDuplicate() throws Exception {
        Duration lease = Duration.ofSeconds(2);
        EtcdNodeLease held = remember(provider("paused", lease, Duration.ofSeconds(1), false).claim(claim));
        IdStream holder = remember(new IdStream("paused", held));
        Thread.sleep(300);
        holder.pause();
        long paused = System.nanoTime();

        EtcdNodeLeaseProvider next = provider("successor", lease, Duration.ofSeconds(1), true);
        EtcdNodeLease successor = null;
        while (successor == null) {
            try {
                successor = remember(next.claim(claim));
            } catch (NoFreeNodeIdentityException stillHeld) {
                assertThat(System.nanoTime() - paused).as("claimed within 10 s").isLessThan(10_000_000_000L);
                Thread.sleep(100);
            }
        }
        long claimedAfter = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - paused);
        assertThat(held.isHeld()).as("the paused holder's deadline passed before the claim").isFalse();
        System.out.println("[fault] etcd paused holder: successor claimed " + claimedAfter + " ms after the pause "
                + "(TTL 3 s)");
        IdStream after = remember(new IdStream("successor", successor));
        Thread.sleep(300);
        holder.resume();
        Thread.sleep(300);

        assertThatThrownBy(holder::nextNow).isInstanceOf(IdGenerationException.class);
        assertThat(held.renew()).isEqualTo(Renewal.LOST);
        holder.close();
        after.close();
        assertThat(after.ids()).isNotEmpty();
        assertThat(after.earliestMillis()).isGreaterThan(holder.latestMillis());
        assertDistinct(List.of(holder, after));
    }

    /**
     * An operator deletes a holder's lease key while it issues IDs: a successor claims the identity at once, from the
     * mark the holder wrote; the holder goes on only under the mark it had written, and its next mark write finds
     * the key created again by someone else and ends its lease. No ID of the two is the same.
     */
    @Test
    void anOperatorWhoDeletesAHoldersKeyFencesItAndItsSuccessorIssuesNoDuplicate() throws Exception {
        Duration lease = Duration.ofSeconds(10);
        EtcdNodeLease held = remember(provider("holder", lease, Duration.ofSeconds(2), true).claim(claim));
        IdStream holder = remember(new IdStream("holder", held));
        Thread.sleep(300);
        cluster.admin().getKVClient().delete(bytes(held.key())).get(10, TimeUnit.SECONDS);

        EtcdNodeLease successor = remember(provider("successor", lease, Duration.ofSeconds(2), true).claim(claim));
        assertThat(successor.highWaterMarkMillis()).isEqualTo(held.highWaterMarkMillis());
        IdStream after = remember(new IdStream("successor", successor));
        holder.stepToMark();
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!held.isEnded() && System.nanoTime() < until) {
            Thread.sleep(20);
        }
        Thread.sleep(300);
        holder.close();
        after.close();

        assertThat(held.isEnded()).isTrue();
        // Its next mark write finds the successor's key; a renewal that came between the delete and the claim, none.
        assertThat(held.lossReason()).containsAnyOf("another process holds the identity now (successor#1)",
                "its key " + held.key() + " is gone");
        assertThat(holder.refusals()).as("the fenced holder refused once its written mark was used up").isPositive();
        assertThat(after.ids()).isNotEmpty();
        assertThat(after.earliestMillis()).isGreaterThan(holder.latestMillis());
        assertDistinct(List.of(holder, after));
    }

    /**
     * The leader is killed with SIGKILL while two holders issue IDs: their renewals and mark writes go on through the
     * other members once they have elected a new leader, neither lease is lost, a new claim succeeds, and once the
     * killed member is started again from its data folder it rejoins and the leases go on. All IDs distinct.
     */
    @Test
    void theLeaderKilledLeavesTheLeasesHeldThroughTheOtherMembersAndNoIdTwice() throws Exception {
        Duration lease = Duration.ofSeconds(6);
        Duration grace = Duration.ofSeconds(2);
        NodeClaim range = new NodeClaim(claim.namespace(), 0, 7);
        EtcdNodeLease first = remember(provider("first", lease, grace, true).claim(range));
        EtcdNodeLease second = remember(provider("second", lease, grace, true).claim(range));
        IdStream one = remember(new IdStream("first", first));
        IdStream two = remember(new IdStream("second", second));
        Thread.sleep(500);

        int leader = cluster.leader();
        assertThat(leader).isNotNegative();
        long renewalsBefore = first.renewalCount() + second.renewalCount();
        long killed = System.nanoTime();
        cluster.kill(leader);
        cluster.awaitLeader();
        long elected = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - killed);
        one.stepToMark();
        two.stepToMark();
        Thread.sleep(lease.toMillis() + 1_000);

        assertThat(first.isEnded()).as("first lease: " + first.lossReason()).isFalse();
        assertThat(second.isEnded()).as("second lease: " + second.lossReason()).isFalse();
        assertThat(first.isHeld() && second.isHeld()).isTrue();
        assertThat(first.renewalCount() + second.renewalCount()).isGreaterThan(renewalsBefore + 4);
        EtcdNodeLease third = remember(provider("third", lease, grace, true).claim(range));
        assertThat(third.identity()).isNotIn(first.identity(), second.identity());

        cluster.restart(leader);
        Thread.sleep(2_000);
        assertThat(first.isHeld() && second.isHeld() && third.isHeld()).isTrue();
        one.close();
        two.close();
        System.out.println("[fault] etcd leader killed: a new leader after " + elected + " ms; renewals "
                + (first.renewalCount() + second.renewalCount() - renewalsBefore) + " after it, failures "
                + (first.renewalFailureCount() + second.renewalFailureCount()) + "; IDs " + one.ids().size() + " + "
                + two.ids().size() + ", refused " + (one.refusals() + two.refusals()));
        assertThat(one.ids()).isNotEmpty();
        assertThat(two.ids()).isNotEmpty();
        assertDistinct(List.of(one, two));
    }
}
