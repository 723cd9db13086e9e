package dev.ids.zookeeper;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.node.NodeClaim;
import dev.ids.node.NodeLease;
import dev.ids.testing.CutProxy;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Closing a provider whose ZooKeeper stopped answering (a hung server, a partition): every call into ZooKeeper is
 * bounded by the connection timeout, and once the client has lost its connection the release of a lease gives up
 * at once, leaving the znode to go with the session. Before, each call of each release waited for the client to
 * notice the loss and then for reconnection attempts: minutes of shutdown for a few leases.
 */
class ZooKeeperHungCloseTests {

    private TestingServer server;
    private CutProxy proxy;

    @BeforeEach
    void start() throws Exception {
        server = ZooKeeperTesting.server(1_000); // sessions of 2 to 20 s
        proxy = new CutProxy(server.getPort());
    }

    @AfterEach
    void stop() throws Exception {
        proxy.close();
        server.close();
    }

    @Test
    @Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void closingWhileZooKeeperHangsTakesAFewConnectionTimeoutsNotMultiplesOfTheSession() throws Exception {
        ZooKeeperNodeLeaseProvider provider = ZooKeeperNodeLeaseProvider.builder()
                .connectString("127.0.0.1:" + proxy.port()).sessionTimeout(Duration.ofSeconds(12))
                .connectionTimeout(Duration.ofSeconds(1)).rootPath("/ids-hung-close").build();
        List<NodeLease> leases = List.of(provider.claim(new NodeClaim("sno", 0, 7)),
                provider.claim(new NodeClaim("trace-id", 1, 7)), provider.claim(new NodeClaim("lable", 0, 7)));
        // Marks a minute ahead: beyond where a claim that finds no mark starts (20 s ahead), so each is written.
        long mark = System.currentTimeMillis() + 60_000;
        for (NodeLease lease : leases) {
            lease.advanceHighWaterMark(mark);
            assertThat(lease.highWaterMarkMillis()).isEqualTo(mark);
        }

        proxy.hang();
        long started = System.nanoTime();
        provider.close();
        long tookMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);

        // On its own, the client notices a hung server only after two thirds of the session (8 s), and calls queued
        // meanwhile wait for reconnection attempts too (62 s in all before). Now a few calls of 1 s at most: the
        // first release's, the session's close, and what was queued in between; the other releases give up at once.
        assertThat(tookMillis).as("close took %d ms", tookMillis).isLessThan(12_000);
        assertThat(leases).noneMatch(NodeLease::isHeld);
    }
}
