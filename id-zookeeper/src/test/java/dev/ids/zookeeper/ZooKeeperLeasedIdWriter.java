package dev.ids.zookeeper;

import dev.ids.node.process.LeasedIdWriter;
import java.time.Duration;
import java.util.Map;

/**
 * The child process of {@link MultiProcessZooKeeperLeaseIT}: a {@link LeasedIdWriter} whose identities come from
 * ZooKeeper. Arguments as for {@link LeasedIdWriter}, plus {@code zk.connect}, {@code zk.session.ms} and
 * {@code zk.root}; for Lable IDs the cluster id is read from the root, as Lable's own module does.
 */
public final class ZooKeeperLeasedIdWriter {

    private ZooKeeperLeasedIdWriter() {
    }

    /**
     * Claims from ZooKeeper, generates, writes, releases.
     *
     * @param args {@code key=value} pairs
     * @throws Exception when anything fails; the exit status is then non-zero
     */
    public static void main(String[] args) throws Exception {
        Map<String, String> options = LeasedIdWriter.parse(args);
        Duration session = Duration.ofMillis(Long.parseLong(options.getOrDefault("zk.session.ms", "2000")));
        try (ZooKeeperNodeLeaseProvider provider = ZooKeeperNodeLeaseProvider.builder()
                .connectString(options.get("zk.connect")).sessionTimeout(session).connectionTimeout(session)
                .rootPath(options.get("zk.root")).build()) {
            int clusterId = (int) provider.clusterId(options.get("namespace"));
            LeasedIdWriter.run(options, provider, clusterId);
        }
        System.exit(0);
    }
}
