package dev.ids.kubernetes;

import dev.ids.node.LeaseFence;
import dev.ids.node.NodeLeaseProvider;
import dev.ids.testing.LeaseOutageContract;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * The scenarios of {@link LeaseOutageContract} for the Kubernetes store, on a mock API server of the test's own reached
 * through the contract's proxy: the link is hung or refused just as the generators' clocks come within the fence's
 * margin of the written mark. Every call must return or refuse within the lease's remaining time at its start plus
 * a second, no ID may be stamped after the lease's deadline, and a reclaiming lease must recover once the server is
 * reachable again, also when the hung connections never come back (the provider's client times every request out
 * and keeps no connection that did not answer).
 */
class KubernetesLeaseOutageTest extends LeaseOutageContract {

    private MockApiServer server;

    @BeforeAll
    void startServer() throws Exception {
        server = MockApiServer.start();
    }

    @AfterAll
    void stopServer() {
        if (server != null) {
            server.close();
        }
    }

    @Override
    protected String storeName() {
        return "Kubernetes (mock API server)";
    }

    @Override
    protected int serverPort() {
        return server.port();
    }

    @Override
    protected NodeLeaseProvider providerThrough(int port, boolean driverTimeouts) {
        return outageTerms(KubernetesNodeLeaseProvider.builder(MockApiServer.configThrough(port))).build();
    }

    /** Every request of the provider's own client times out after the renewal period, at least a second. */
    @Override
    protected boolean abandonsHungConnections() {
        return true;
    }

    /**
     * A mark step more than the SQL stores, as for etcd and Redis: the client drops a request that ran out of time, so
     * the answer of a mark write (an update of the Lease object) that the server applies once the link is restored
     * never reaches the generator's fence, which then takes that write for another holder's and waits for the clock
     * to pass it (at most a step, 10 s).
     */
    @Override
    protected long recoveryAfterRestoreMillis() {
        return RECOVERY_MILLIS + LeaseFence.STEP_MILLIS;
    }
}
