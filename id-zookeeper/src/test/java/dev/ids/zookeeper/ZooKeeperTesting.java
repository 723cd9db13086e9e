package dev.ids.zookeeper;

import static org.assertj.core.api.Assertions.fail;

import java.time.Duration;
import java.util.function.BooleanSupplier;
import org.apache.curator.test.InstanceSpec;
import org.apache.curator.test.TestingServer;
import org.apache.zookeeper.ZooKeeper;

/** Helpers for the ZooKeeper lease tests: an in-process server with short ticks, and waiting for conditions. */
final class ZooKeeperTesting {

    private ZooKeeperTesting() {
    }

    /**
     * Starts an in-process ZooKeeper whose tick is the given length; it accepts session timeouts from 2 to 20
     * ticks.
     */
    static TestingServer server(int tickMillis) throws Exception {
        InstanceSpec spec = new InstanceSpec(null, -1, -1, -1, true, -1, tickMillis, 0);
        return new TestingServer(spec, true);
    }

    /** Waits until the condition holds, failing with the description after the timeout. */
    static void await(String description, Duration timeout, BooleanSupplier condition) throws InterruptedException {
        long end = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - end > 0) {
                fail("Timed out after " + timeout + " waiting until " + description);
            }
            Thread.sleep(10);
        }
    }

    /** Opens a plain ZooKeeper client, for looking at znodes behind the provider's back, and waits for it. */
    static ZooKeeper plainClient(String connectString) throws Exception {
        ZooKeeper zooKeeper = new ZooKeeper(connectString, 2_000, event -> { });
        await("a plain ZooKeeper client connects", Duration.ofSeconds(5), () -> zooKeeper.getState().isConnected());
        return zooKeeper;
    }

    /**
     * Ends a session on the server as an expiry would: a second handle joins the session with its id and password
     * and closes it, so the server deletes the session's ephemeral znodes at once.
     */
    static void expireSession(String connectString, long sessionId, byte[] password) throws Exception {
        ZooKeeper other = new ZooKeeper(connectString, 2_000, event -> { }, sessionId, password);
        await("a second handle joins session 0x" + Long.toHexString(sessionId), Duration.ofSeconds(5),
                () -> other.getState().isConnected());
        other.close();
    }
}
