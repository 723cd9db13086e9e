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
 * killed (SIGKILL) and another paused (SIGSTOP) past its lease, and new ones started: every ID is distinct, an
 * interrupted holder's key keeps its identity until the key's TTL (lease plus grace) runs out on the server, a new
 * holder issues only IDs after the interrupted one's last, and the paused one refuses IDs once it resumes.
 */
class MultiProcessRedisLeaseIT {

    private static final long LEASE_MILLIS = 3_000;
    private static final long GRACE_MILLIS = 1_000;
    /** The provider renews every third of the lease. */
    private static final long RENEWAL_MILLIS = LEASE_MILLIS / 3;

    private static final KillAndRestartScenario.Scheme LABLE = KillAndRestartScenario.scheme(
            id -> LableId.fromLong(id).clusterId() == 0 ? LableId.fromLong(id).generatorId() : -1,
            id -> LableId.fromLong(id).timestampMillis(),
            id -> LableId.fromLong(id).timestampMillis(),
            0);

    @TempDir
    Path directory;

    @Test
    void processesSharingRedisNeverIssueTheSameIdWhenOneIsKilledAndAnotherPausedPastItsLease() throws Exception {
        String prefix = "ids-multijvm-" + UUID.randomUUID().toString().substring(0, 8);
        try (RedisServer server = RedisServer.durable()) {
            Interruption[] interruptions = {Interruption.KILL, Interruption.PAUSE};
            int processes = interruptions.length + 2;
            NamespaceKeys keys = new NamespaceKeys(prefix, "lable");
            KillAndRestartScenario.Store store = new KillAndRestartScenario.Store() {
                @Override
                public List<String> arguments(Path out) {
                    return List.of("redis.uri=" + server.uri(), "redis.prefix=" + prefix,
                            "lease.ms=" + LEASE_MILLIS, "grace.ms=" + GRACE_MILLIS, "scheme=lable",
                            "namespace=lable", "min=0", "max=" + (processes - 1), "out=" + out);
                }

                @Override
                public Class<?> mainClass() {
                    return RedisLeasedIdWriter.class;
                }

                @Override
                public void afterInterruption(ChildJvm child, long identity, long atMillis) throws Exception {
                    // Neither a crash nor a pause releases anything: the key stays until its TTL runs out.
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
            };
            List<Handover> handovers = new KillAndRestartScenario(directory, store, LABLE, 0, 10_000,
                    interruptions).run();

            for (Handover handover : handovers) {
                // The key expires a lease and a grace after the holder's last renewal, at most a renewal period
                // before the interruption.
                assertThat(handover.claimedAtMillis() - handover.interruptedAtMillis())
                        .as("ms from the interruption of %s until %s held generator id %d", handover.interrupted(),
                                handover.successor(), handover.identity())
                        .isGreaterThanOrEqualTo(LEASE_MILLIS + GRACE_MILLIS - RENEWAL_MILLIS - 200);
                assertThat(server.cli("EXISTS", keys.lease(handover.identity())))
                        .as("the key of generator id %d after the orderly end of %s", handover.identity(),
                                handover.successor()).isEqualTo("0");
                assertThat(server.cli("GET", keys.mark(handover.identity())))
                        .as("the high-water mark of generator id %d", handover.identity()).isNotEmpty();
            }
        }
    }
}
