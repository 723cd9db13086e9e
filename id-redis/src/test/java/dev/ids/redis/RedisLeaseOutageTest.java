package dev.ids.redis;

import dev.ids.node.LeaseFence;
import dev.ids.node.NodeLeaseProvider;
import dev.ids.testing.LeaseOutageContract;
import io.lettuce.core.RedisClient;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * The scenarios of {@link LeaseOutageContract} for the Redis store, on a durable {@code redis-server} of the test's
 * own: the link is cut through the contract's proxy just as the generators' clocks come within the fence's margin of
 * the written mark. Every call must return or refuse within the lease's remaining time at its start plus one second,
 * no ID may be stamped after the lease's deadline, and a reclaiming lease must recover once Redis is reachable
 * again, also when the hung connection never comes back. No driver timeout is set: Lettuce has no read timeout, and
 * the store's own limit on every call (the renewal period, at least a second) is what frees a hung call.
 */
class RedisLeaseOutageTest extends LeaseOutageContract {

    private RedisServer server;
    private final List<RedisClient> clients = new ArrayList<>();

    @BeforeAll
    void startServer() throws Exception {
        server = RedisServer.durable();
    }

    @AfterAll
    void stopServer() throws Exception {
        clients.forEach(RedisClient::shutdown);
        if (server != null) {
            server.close();
        }
    }

    @Override
    protected String storeName() {
        return "Redis";
    }

    @Override
    protected int serverPort() {
        return server.port();
    }

    @Override
    protected NodeLeaseProvider providerThrough(int port, boolean driverTimeouts) {
        RedisClient client = RedisClient.create("redis://127.0.0.1:" + port);
        clients.add(client);
        return outageTerms(RedisNodeLeaseProvider.builder(client)
                .keyPrefix("ids-outage-" + ProcessHandle.current().pid())).build();
    }

    /** Every call of the store gives up after its time limit, dropping the connection that did not answer. */
    @Override
    protected boolean abandonsHungConnections() {
        return true;
    }

    /**
     * A mark step more than the SQL stores. The store drops a connection that did not answer within the call's time
     * limit, so the answer of a mark write that lands once the link is restored never reaches the generator's fence,
     * which then takes that write for another holder's and waits for the clock to pass it (at most a step, 10 s):
     * safe, but slower than the SQL stores, whose hung statements complete on the same connection.
     */
    @Override
    protected long recoveryAfterRestoreMillis() {
        return RECOVERY_MILLIS + LeaseFence.STEP_MILLIS;
    }
}
