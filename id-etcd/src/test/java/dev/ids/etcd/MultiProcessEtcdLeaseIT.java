package dev.ids.etcd;

import static dev.ids.etcd.EtcdKeys.bytes;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.lable.LableId;
import dev.ids.node.process.ChildJvm;
import dev.ids.node.process.KillAndRestartScenario;
import dev.ids.node.process.KillAndRestartScenario.Handover;
import dev.ids.node.process.KillAndRestartScenario.Interruption;
import io.etcd.jetcd.KeyValue;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Separate JVMs lease Lable generator ids from one 3-member etcd cluster and generate at full speed while one of them
 * is killed (SIGKILL) with the cluster's leader, which is started again, another paused (SIGSTOP) or cut off from
 * etcd past its lease, and new ones started: every ID is distinct, an interrupted holder's key keeps its identity
 * until its etcd lease's TTL (lease plus grace) runs out on the cluster, a new holder issues only IDs after the
 * interrupted one's last, and a paused or cut-off one refuses IDs once it is back.
 */
class MultiProcessEtcdLeaseIT {

    private static final long LEASE_MILLIS = 3_000;
    private static final long GRACE_MILLIS = 1_000;
    /** The provider renews every third of the lease. */
    private static final long RENEWAL_MILLIS = LEASE_MILLIS / 3;

    private static final KillAndRestartScenario.Scheme LABLE = new KillAndRestartScenario.Scheme(
            id -> LableId.fromLong(id).clusterId() == 0 ? LableId.fromLong(id).generatorId() : -1,
            id -> LableId.fromLong(id).timestampMillis(),
            id -> LableId.fromLong(id).timestampMillis(),
            0);

    private static EtcdCluster cluster;

    @TempDir
    Path directory;

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

    /**
     * One holder killed (SIGKILL) and the cluster's leader with it, started again from its data folder while the
     * other holders generate through the remaining members; another holder paused (SIGSTOP) past its lease. The
     * interrupted holders' identities stay taken until their TTL, the successors start above the marks they last
     * wrote, the paused one refuses once resumed, and no ID is issued twice.
     */
    @Test
    void processesSharingEtcdNeverIssueTheSameIdWhenOneIsKilledWithTheLeaderAndAnotherPaused() throws Exception {
        Interruption[] interruptions = {Interruption.KILL, Interruption.PAUSE};
        LeaseKeys store = new LeaseKeys(interruptions.length + 2) {
            private boolean leaderKilled;

            @Override
            public void afterInterruption(ChildJvm child, long identity, long atMillis) throws Exception {
                if (!leaderKilled) {
                    leaderKilled = true;
                    int leader = cluster.leader();
                    cluster.kill(leader);
                    cluster.awaitLeader();
                    System.out.println("etcd leader m" + leader + " killed; a new leader "
                            + (System.currentTimeMillis() - atMillis) + " ms after " + child.name() + " was killed");
                    cluster.restart(leader);
                }
                super.afterInterruption(child, identity, atMillis);
            }
        };
        checkHandovers(new KillAndRestartScenario(directory, store, LABLE, 0, 10_000, interruptions).run(), store);
    }

    /**
     * A holder cut off from etcd (every byte stalled, as a partition stalls them) past its lease: its calls return or
     * refuse by its lease's deadline, its etcd lease runs out on the cluster, and the successor starts above its
     * mark; once the link is back, what it sent during the cut arrives late and is refused for its old create
     * revision, and it refuses to issue IDs beside the successor.
     */
    @Test
    void aHolderCutOffPastItsLeaseRefusesAndItsLateWritesTakeNothingFromItsSuccessor() throws Exception {
        LeaseKeys store = new LeaseKeys(3);
        checkHandovers(new KillAndRestartScenario(directory, store, LABLE, 0, 10_000, Interruption.CUT).run(),
                store);
    }

    private static void checkHandovers(List<Handover> handovers, LeaseKeys store) throws Exception {
        for (Handover handover : handovers) {
            // The etcd lease expires a lease and a grace after the holder's last keep-alive, at most a renewal
            // period before the interruption.
            assertThat(handover.claimedAtMillis() - handover.interruptedAtMillis())
                    .as("ms from the interruption of %s until %s held generator id %d", handover.interrupted(),
                            handover.successor(), handover.identity())
                    .isGreaterThanOrEqualTo(LEASE_MILLIS + GRACE_MILLIS - RENEWAL_MILLIS - 200);
            assertThat(read(store.keys.lease(handover.identity())))
                    .as("the key of generator id %d after the orderly end of %s", handover.identity(),
                            handover.successor()).isNull();
            assertThat(read(store.keys.mark(handover.identity())))
                    .as("the high-water mark of generator id %d", handover.identity()).isNotNull();
        }
    }

    private static KeyValue read(String key) throws Exception {
        List<KeyValue> kvs = cluster.admin().getKVClient().get(bytes(key)).get(10, TimeUnit.SECONDS).getKvs();
        return kvs.isEmpty() ? null : kvs.get(0);
    }

    /**
     * The children's cluster, a namespace of this run's own with its marks seeded a second in the past (a claim that
     * finds no mark starts about 20 s ahead, beyond the children's wait), and the checks of its keys: neither a
     * crash, a pause nor a cut releases anything, and a resumed holder's orderly end leaves its successor's key.
     */
    private static class LeaseKeys implements KillAndRestartScenario.Store {

        final String prefix = "ids-multijvm-" + UUID.randomUUID().toString().substring(0, 8);
        final EtcdKeys keys = new EtcdKeys(prefix, "lable");
        private final int processes;

        LeaseKeys(int processes) throws Exception {
            this.processes = processes;
            cluster.seedMarks(prefix, "lable", processes);
        }

        @Override
        public List<String> arguments(Path out) {
            return arguments(out, String.join(",", cluster.endpoints()));
        }

        /** The cut child reaches one member, through its proxy. */
        @Override
        public int port() {
            return cluster.clientPort(0);
        }

        @Override
        public List<String> arguments(Path out, int port) {
            return arguments(out, "http://127.0.0.1:" + port);
        }

        private List<String> arguments(Path out, String endpoints) {
            return List.of("etcd.endpoints=" + endpoints, "etcd.prefix=" + prefix, "lease.ms=" + LEASE_MILLIS,
                    "grace.ms=" + GRACE_MILLIS, "scheme=lable", "namespace=lable", "min=0",
                    "max=" + (processes - 1), "out=" + out);
        }

        @Override
        public Class<?> mainClass() {
            return EtcdLeasedIdWriter.class;
        }

        @Override
        public void afterInterruption(ChildJvm child, long identity, long atMillis) throws Exception {
            assertThat(read(keys.lease(identity)))
                    .as("the key of generator id %d right after %s's interruption", identity, child.name())
                    .isNotNull();
        }

        @Override
        public void afterResumedEnded(ChildJvm resumed, long identity, ChildJvm successor) throws Exception {
            assertThat(read(keys.lease(identity)))
                    .as("the key of generator id %d once %s, resumed, ended while %s runs", identity,
                            resumed.name(), successor.name()).isNotNull();
        }
    }
}
