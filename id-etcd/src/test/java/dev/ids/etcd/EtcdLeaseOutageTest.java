package dev.ids.etcd;

import dev.ids.node.LeaseFence;
import dev.ids.node.NodeLeaseProvider;
import dev.ids.testing.LeaseOutageContract;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * The scenarios of {@link LeaseOutageContract} for the etcd store, on a 3-member cluster of the test's own: the
 * provider reaches one member through the contract's proxy (a byte proxy, so gRPC's HTTP/2 passes as it is), and
 * the link is cut just as the generators' clocks come within the fence's margin of the written mark. Every call must
 * return or refuse within the lease's remaining time at its start plus one second, no ID may be stamped after the
 * lease's deadline, and a reclaiming lease must recover once etcd is reachable again, also when the hung connection
 * never comes back: gRPC would notice that only by its keep-alive pings (10 s at the least), so the store's own limit
 * on every operation, and the client it drops after one ran out of time, are what free it.
 */
class EtcdLeaseOutageTest extends LeaseOutageContract {

    private EtcdCluster cluster;

    @BeforeAll
    void startCluster() throws Exception {
        cluster = EtcdCluster.start(3);
    }

    @AfterAll
    void stopCluster() throws Exception {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Override
    protected String storeName() {
        return "etcd";
    }

    @Override
    protected int serverPort() {
        return cluster.clientPort(0);
    }

    @Override
    protected NodeLeaseProvider providerThrough(int port, boolean driverTimeouts) {
        return outageTerms(EtcdNodeLeaseProvider.builder("http://127.0.0.1:" + port)
                .keyPrefix("ids-outage-" + ProcessHandle.current().pid())).build();
    }

    /** Every operation of the store gives up after its time limit, dropping the client that did not answer. */
    @Override
    protected boolean abandonsHungConnections() {
        return true;
    }

    /**
     * A mark step more than the SQL stores, as for Redis: the client whose call ran out of time is dropped, so the
     * answer of a mark write that lands once the link is restored never reaches the generator's fence, which then
     * takes that write for another holder's and waits for the clock to pass it (at most a step, 10 s).
     */
    @Override
    protected long recoveryAfterRestoreMillis() {
        return RECOVERY_MILLIS + LeaseFence.STEP_MILLIS;
    }
}
