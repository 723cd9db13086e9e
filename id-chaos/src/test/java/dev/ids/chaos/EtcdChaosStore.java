package dev.ids.chaos;

import dev.ids.etcd.EtcdCluster;
import java.net.URI;
import java.util.List;

/**
 * The etcd lease store on a three-member cluster of the run's own ({@link EtcdCluster}: Debian's {@code etcd} on
 * loopback), under a key prefix of the run's own. Each worker reaches the first member through its proxy, so that
 * the nemesis's cut and partition take the whole cluster from it; the other two members keep the cluster's quorum
 * and its clock for the lease TTLs. Skipped, saying why, where etcd is not installed (required with CI=true).
 */
final class EtcdChaosStore implements ChaosStore {

    /** Identities whose marks are seeded per namespace: above what a run claims ({@code max=} of the workers). */
    private static final int SEEDED_IDENTITIES = 8;

    private final EtcdCluster cluster;
    private final String prefix;

    private EtcdChaosStore(EtcdCluster cluster, String prefix) {
        this.cluster = cluster;
        this.prefix = prefix;
    }

    /** Starts the cluster and seeds the marks of the identities a run claims (see {@link EtcdCluster#seedMarks}). */
    static EtcdChaosStore start(String run) throws Exception {
        EtcdCluster cluster = EtcdCluster.start(3);
        String prefix = "ids-chaos-" + run;
        try {
            for (ChaosScheme scheme : ChaosScheme.values()) {
                if (scheme.leased()) {
                    cluster.seedMarks(prefix, scheme.namespace(), SEEDED_IDENTITIES);
                }
            }
        } catch (Exception e) {
            cluster.close();
            throw e;
        }
        return new EtcdChaosStore(cluster, prefix);
    }

    @Override
    public String name() {
        return "etcd";
    }

    @Override
    public int port() {
        return URI.create(cluster.endpoints().get(0)).getPort();
    }

    @Override
    public List<String> arguments(int through) {
        return List.of("store=etcd", "etcd.endpoints=http://127.0.0.1:" + through, "etcd.prefix=" + prefix);
    }

    /**
     * Kills every member at once (SIGKILL) and starts them again from their data after {@link Nemesis#PAST_THE_LEASE}:
     * a claim or a mark the cluster acknowledged must survive it, and every lease's TTL starts again with the new
     * leader, as etcd does after an election.
     */
    @Override
    public String restart() throws Exception {
        cluster.restartEveryMember(Nemesis.PAST_THE_LEASE);
        return "every etcd member killed (SIGKILL) and started again from its data " + Nemesis.PAST_THE_LEASE.toMillis()
                + " ms later";
    }

    @Override
    public void close() throws Exception {
        cluster.close();
    }
}
