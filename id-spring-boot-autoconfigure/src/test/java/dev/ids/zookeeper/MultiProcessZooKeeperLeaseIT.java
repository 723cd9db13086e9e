package dev.ids.zookeeper;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.lable.LableId;
import dev.ids.node.process.ChildJvm;
import dev.ids.node.process.KillAndRestartScenario;
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
 * speed while one of them is killed and a new one started; every ID is distinct, the killed one's ephemeral znode
 * keeps its generator id until its session expires, and the new holder issues only IDs after the killed one's last.
 */
class MultiProcessZooKeeperLeaseIT {

    private static final String ROOT = "/ids-multijvm";
    private static final int CLUSTER_ID = 5;
    private static final long SESSION_MILLIS = 3_000;

    /** Lable IDs carry the generator id, and the cluster id read from the root; an ID of another cluster fails. */
    private static final KillAndRestartScenario.Scheme LABLE = KillAndRestartScenario.scheme(
            id -> LableId.fromLong(id).clusterId() == CLUSTER_ID ? LableId.fromLong(id).generatorId() : -1,
            id -> LableId.fromLong(id).timestampMillis(),
            id -> LableId.fromLong(id).timestampMillis(),
            0);

    @TempDir
    Path directory;

    @Test
    void processesSharingZooKeeperNeverIssueTheSameIdAcrossAKillAndRestart() throws Exception {
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
        KillAndRestartScenario.Store store = new KillAndRestartScenario.Store() {
            @Override
            public List<String> arguments(Path out) {
                return List.of("zk.connect=" + connectString, "zk.session.ms=" + SESSION_MILLIS, "zk.root=" + ROOT,
                        "scheme=lable", "namespace=lable", "min=0", "max=2", "out=" + out);
            }

            @Override
            public Class<?> mainClass() {
                return ZooKeeperLeasedIdWriter.class;
            }

            @Override
            public void afterKill(ChildJvm killed, long identity, long killedAtMillis) throws Exception {
                // A crash releases nothing: the znode stays until the server expires the dead session.
                Stat killedZnode = plain.exists(ROOT + "/pool/" + identity, false);
                assertThat(killedZnode).as("the killed process's znode %s/pool/%d right after the kill", ROOT,
                        identity).isNotNull();
                assertThat(killedZnode.getEphemeralOwner()).as("its session").isNotZero();
            }
        };
        KillAndRestartScenario.Outcome outcome = new KillAndRestartScenario(directory, store, LABLE, 0, 10_000)
                .run();

        // Sessions are kept alive by pings at least every third of the timeout, so the dead session ends at the
        // earliest two thirds of the timeout after the kill; half is a safe lower bound.
        assertThat(outcome.restartClaimedAtMillis() - outcome.killedAtMillis())
                .as("ms from the kill until the new process held generator id %d (session timeout %d ms)",
                        outcome.killedIdentity(), SESSION_MILLIS)
                .isGreaterThanOrEqualTo(SESSION_MILLIS / 2);
        assertThat(plain.exists(ROOT + "/pool/" + outcome.killedIdentity(), false))
                .as("the generator id's znode after the new process's orderly end").isNull();
        Stat mark = plain.exists(ROOT + "/hwm/" + outcome.killedIdentity(), false);
        assertThat(mark).as("the generator id's persistent high-water mark").isNotNull();
    }
}
