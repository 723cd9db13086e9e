package dev.ids.zookeeper;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.lable.LableId;
import dev.ids.node.process.ChildJvm;
import dev.ids.node.process.KillAndRestartScenario;
import dev.ids.node.process.KillAndRestartScenario.Handover;
import dev.ids.node.process.KillAndRestartScenario.Interruption;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.apache.curator.test.TestingServer;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.data.Stat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 5 on a shared ZooKeeper: separate JVMs lease Lable generator ids (Lable's own layout) and generate at full
 * speed while one of them is killed and another paused past its session, and new ones started; every ID is
 * distinct, an interrupted one's ephemeral znode keeps its generator id until its session expires, a new holder
 * issues only IDs after the interrupted one's last, and the paused one refuses IDs once it resumes.
 */
class MultiProcessZooKeeperLeaseIT {

    private static final String ROOT = "/ids-multijvm";
    private static final int CLUSTER_ID = 5;
    private static final long SESSION_MILLIS = 3_000;

    /** Lable IDs carry the generator id, and the cluster id read from the root; an ID of another cluster fails. */
    private static final KillAndRestartScenario.Scheme LABLE = new KillAndRestartScenario.Scheme(
            id -> LableId.fromLong(id).clusterId() == CLUSTER_ID ? LableId.fromLong(id).generatorId() : -1,
            id -> LableId.fromLong(id).timestampMillis(),
            id -> LableId.fromLong(id).timestampMillis(),
            0);

    @TempDir
    Path directory;

    @Test
    void processesSharingZooKeeperNeverIssueTheSameIdWhenOneIsKilledAndAnotherPausedPastItsSession() throws Exception {
        try (TestingServer server = ZooKeeperTesting.server(200)) {
            ZooKeeper plain = ZooKeeperTesting.plainClient(server.getConnectString());
            try {
                plain.create(ROOT, new byte[0], ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
                plain.create(ROOT + "/cluster-id", String.valueOf(CLUSTER_ID).getBytes(StandardCharsets.UTF_8),
                        ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
                run(server.getConnectString(), plain);
            } finally {
                plain.close();
            }
        }
    }

    private void run(String connectString, ZooKeeper plain) throws Exception {
        boolean canPause = !System.getProperty("os.name").startsWith("Windows"); // kill -STOP
        Interruption[] interruptions = canPause ? new Interruption[] {Interruption.KILL, Interruption.PAUSE}
                : new Interruption[] {Interruption.KILL};
        int processes = interruptions.length + 2;
        KillAndRestartScenario.Store store = new KillAndRestartScenario.Store() {
            @Override
            public List<String> arguments(Path out) {
                return List.of("zk.connect=" + connectString, "zk.session.ms=" + SESSION_MILLIS, "zk.root=" + ROOT,
                        "scheme=lable", "namespace=lable", "min=0", "max=" + (processes - 1), "out=" + out);
            }

            @Override
            public Class<?> mainClass() {
                return ZooKeeperLeasedIdWriter.class;
            }

            @Override
            public void afterInterruption(ChildJvm child, long identity, long atMillis) throws Exception {
                // Neither a crash nor a pause releases anything: the znode stays until the session expires.
                Stat znode = plain.exists(ROOT + "/pool/" + identity, false);
                assertThat(znode).as("the znode %s/pool/%d right after %s's interruption", ROOT, identity,
                        child.name()).isNotNull();
                assertThat(znode.getEphemeralOwner()).as("its session").isNotZero();
            }

            @Override
            public void afterResumedEnded(ChildJvm resumed, long identity, ChildJvm successor) throws Exception {
                assertThat(plain.exists(ROOT + "/pool/" + identity, false))
                        .as("the znode of generator id %d once %s, resumed, ended while %s runs", identity,
                                resumed.name(), successor.name()).isNotNull();
            }
        };
        List<Handover> handovers = new KillAndRestartScenario(directory, store, LABLE, 0, 10_000, interruptions)
                .run();

        for (Handover handover : handovers) {
            // Sessions are kept alive by pings at least every third of the timeout, so a dead or stopped client's
            // session ends at the earliest two thirds of the timeout after the interruption; half is a safe bound.
            assertThat(handover.claimedAtMillis() - handover.interruptedAtMillis())
                    .as("ms from the interruption of %s until %s held generator id %d (session timeout %d ms)",
                            handover.interrupted(), handover.successor(), handover.identity(), SESSION_MILLIS)
                    .isGreaterThanOrEqualTo(SESSION_MILLIS / 2);
            assertThat(plain.exists(ROOT + "/pool/" + handover.identity(), false))
                    .as("the znode of generator id %d after the orderly end of %s", handover.identity(),
                            handover.successor()).isNull();
            assertThat(plain.exists(ROOT + "/hwm/" + handover.identity(), false))
                    .as("the persistent high-water mark of generator id %d", handover.identity()).isNotNull();
        }
    }
}
