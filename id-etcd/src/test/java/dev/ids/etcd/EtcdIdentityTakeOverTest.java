package dev.ids.etcd;

import dev.ids.node.IdentityTakeOver;
import dev.ids.node.NodeLease;
import dev.ids.node.Renewal;
import dev.ids.testing.IdentityTakeOverContract;
import dev.ids.testing.LeaseTerms;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * The take-over of a killed run's configured identity ({@link IdentityTakeOverContract}) on a 3-member etcd cluster
 * of the test's own, where a take-over also waits until the cluster counts no keep-alive for the silence.
 */
class EtcdIdentityTakeOverTest extends IdentityTakeOverContract {

    private static EtcdCluster cluster;

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

    @Override
    protected IdentityTakeOver newProvider(String keyPrefix, LeaseTerms terms) {
        return terms.applyTo(EtcdNodeLeaseProvider.builder(cluster.endpoints()).keyPrefix(keyPrefix)).build();
    }

    @Override
    protected Renewal renewOnce(NodeLease lease) {
        return ((EtcdNodeLease) lease).renew();
    }

    /** etcd counts an etcd lease's time to live in whole seconds. */
    @Override
    protected Duration pauseBetweenReads() {
        return Duration.ofMillis(1_100);
    }

    @Override
    protected Duration leastWaitBeforeRefusal() {
        return EtcdTakeOver.SETTLE;
    }
}
