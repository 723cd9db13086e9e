package dev.ids.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.lable.LableId;
import dev.ids.node.process.ChildJvm;
import dev.ids.node.process.KillAndRestartScenario;
import dev.ids.node.process.KillAndRestartScenario.Handover;
import dev.ids.node.process.KillAndRestartScenario.Interruption;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Separate JVMs lease Lable generator ids from one durable Redis and generate at full speed while one of them is
 * killed (SIGKILL), paused (SIGSTOP) or cut off from Redis past its lease, or the server itself is killed and
 * restarted, and new ones started: every ID is distinct, an interrupted holder's key keeps its identity until the
 * key's TTL (lease plus grace) runs out on the server, a new holder issues only IDs after the interrupted one's last,
 * and a paused or cut-off one refuses IDs once it is back.
 */
class MultiProcessRedisLeaseIT {

    private static final long LEASE_MILLIS = 3_000;
    private static final long GRACE_MILLIS = 1_000;
    /** The provider renews every third of the lease. */
    private static final long RENEWAL_MILLIS = LEASE_MILLIS / 3;

    private static final KillAndRestartScenario.Scheme LABLE = new KillAndRestartScenario.Scheme(
            id -> LableId.fromLong(id).clusterId() == 0 ? LableId.fromLong(id).generatorId() : -1,
            id -> LableId.fromLong(id).timestampMillis(),
            id -> LableId.fromLong(id).timestampMillis(),
            0);

    @TempDir
    Path directory;

    @Test
    void processesSharingRedisNeverIssueTheSameIdWhenOneIsKilledAndAnotherPausedPastItsLease() throws Exception {
        try (RedisServer server = RedisServer.durable()) {
            Interruption[] interruptions = {Interruption.KILL, Interruption.PAUSE};
            LeaseKeys store = new LeaseKeys(server, interruptions.length + 2);
            checkHandovers(new KillAndRestartScenario(directory, store, LABLE, 0, 10_000, interruptions).run(),
                    store);
        }
    }

    /**
     * The server killed (SIGKILL) at the moment a holder is, and started again from its append-only file while the
     * other holders generate: every key comes back as it was acknowledged, so the killed holder's identity stays
     * taken until its TTL, the successor starts above the mark the killed one last wrote, and no ID is issued twice.
     */
    @Test
    void aServerKilledAndRestartedFromItsAppendOnlyFileKeepsEveryLeaseAndMark() throws Exception {
        try (RedisServer server = RedisServer.durable()) {
            LeaseKeys store = new LeaseKeys(server, 3) {
                @Override
                public void afterInterruption(ChildJvm child, long identity, long atMillis) throws Exception {
                    server.kill();
                    server.launch();
                    System.out.println("redis-server killed and started again " + (System.currentTimeMillis()
                            - atMillis) + " ms after " + child.name() + " was killed");
                    super.afterInterruption(child, identity, atMillis);
                    assertThat(server.cli("GET", keys.mark(identity))).as("the high-water mark of generator id %d "
                            + "after the restart", identity).isNotEmpty();
                }
            };
            checkHandovers(new KillAndRestartScenario(directory, store, LABLE, 0, 10_000, Interruption.KILL).run(),
                    store);
        }
    }

    /**
     * A holder cut off from Redis (every byte stalled, as a partition stalls them) past its lease: its calls return
     * or refuse by its lease's deadline, its key lapses on the server, and the successor starts above its mark; once
     * the link is back, what it sent during the cut (renewals, mark writes) arrives late and is refused for its old
     * token, and it refuses to issue IDs beside the successor.
     */
    @Test
    void aHolderCutOffPastItsLeaseRefusesAndItsLateWritesTakeNothingFromItsSuccessor() throws Exception {
        try (RedisServer server = RedisServer.durable()) {
            LeaseKeys store = new LeaseKeys(server, 3);
            checkHandovers(new KillAndRestartScenario(directory, store, LABLE, 0, 10_000, Interruption.CUT).run(),
                    store);
        }
    }

    private static void checkHandovers(List<Handover> handovers, LeaseKeys store) throws Exception {
        for (Handover handover : handovers) {
            // The key expires a lease and a grace after the holder's last renewal, at most a renewal period
            // before the interruption.
            assertThat(handover.claimedAtMillis() - handover.interruptedAtMillis())
                    .as("ms from the interruption of %s until %s held generator id %d", handover.interrupted(),
                            handover.successor(), handover.identity())
                    .isGreaterThanOrEqualTo(LEASE_MILLIS + GRACE_MILLIS - RENEWAL_MILLIS - 200);
            assertThat(store.server.cli("EXISTS", store.keys.lease(handover.identity())))
                    .as("the key of generator id %d after the orderly end of %s", handover.identity(),
                            handover.successor()).isEqualTo("0");
            assertThat(store.server.cli("GET", store.keys.mark(handover.identity())))
                    .as("the high-water mark of generator id %d", handover.identity()).isNotEmpty();
        }
    }

    /**
     * The children's Redis, a namespace of this run's own, and the checks of its keys: neither a crash, a pause nor
     * a cut releases anything, and a resumed holder's orderly end leaves its successor's key alone.
     */
    private static class LeaseKeys implements KillAndRestartScenario.Store {

        final RedisServer server;
        final String prefix = "ids-multijvm-" + UUID.randomUUID().toString().substring(0, 8);
        final NamespaceKeys keys = new NamespaceKeys(prefix, "lable");
        private final int processes;

        LeaseKeys(RedisServer server, int processes) {
            this.server = server;
            this.processes = processes;
        }

        @Override
        public List<String> arguments(Path out) {
            return arguments(out, server.port());
        }

        @Override
        public int port() {
            return server.port();
        }

        @Override
        public List<String> arguments(Path out, int port) {
            return List.of("redis.uri=redis://127.0.0.1:" + port, "redis.prefix=" + prefix,
                    "lease.ms=" + LEASE_MILLIS, "grace.ms=" + GRACE_MILLIS, "scheme=lable", "namespace=lable",
                    "min=0", "max=" + (processes - 1), "out=" + out);
        }

        @Override
        public Class<?> mainClass() {
            return RedisLeasedIdWriter.class;
        }

        @Override
        public void afterInterruption(ChildJvm child, long identity, long atMillis) throws Exception {
            assertThat(server.cli("GET", keys.lease(identity)))
                    .as("the key of generator id %d right after %s's interruption", identity, child.name())
                    .isNotEmpty();
        }

        @Override
        public void afterResumedEnded(ChildJvm resumed, long identity, ChildJvm successor) throws Exception {
            assertThat(server.cli("GET", keys.lease(identity)))
                    .as("the key of generator id %d once %s, resumed, ended while %s runs", identity,
                            resumed.name(), successor.name()).isNotEmpty();
        }
    }
}
