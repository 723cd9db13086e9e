package dev.ids.redis;

import static dev.ids.node.BuilderSeams.backgroundRenewal;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ids.node.LeaseStoreUnreachableException;
import dev.ids.node.NodeClaim;
import dev.ids.node.UnsafeLeaseStoreException;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The check of the server's durability before the first claim: a server that may lose an acknowledged write is
 * refused, naming the settings, before anything is written; a server that hides its configuration only when the
 * application declares it durable; replicas waited for on every write stand in for the server's own persistence.
 */
class RedisDurabilityTest {

    private final List<AutoCloseable> opened = new ArrayList<>();
    private final String prefix = "ids-durability-" + ProcessHandle.current().pid() + "-"
            + UUID.randomUUID().toString().substring(0, 8);
    private final NodeClaim claim = new NodeClaim("sno", 0, 3);

    @AfterEach
    void closeAll() throws Exception {
        for (int i = opened.size() - 1; i >= 0; i--) {
            opened.get(i).close();
        }
    }

    private RedisClient client(String uri) {
        RedisClient client = RedisClient.create(uri);
        opened.add(client::shutdown);
        return client;
    }

    private RedisNodeLeaseProvider.Builder builder(RedisClient client) {
        return backgroundRenewal(RedisNodeLeaseProvider.builder(client), false).keyPrefix(prefix);
    }

    private RedisServer server(RedisServer server) {
        opened.add(server);
        return server;
    }

    private void claimAndClose(RedisNodeLeaseProvider provider) {
        opened.add(provider);
        provider.claim(claim).close();
    }

    @Test
    void theMachinesOwnRedisWithoutPersistenceIsRefusedByDefaultBeforeAnythingIsWritten() {
        Assumptions.assumeTrue(reachable(6379), "no Redis on 127.0.0.1:6379");
        RedisClient client = client("redis://127.0.0.1:6379");
        RedisNodeLeaseProvider provider = builder(client).build();
        opened.add(provider);

        assertThatThrownBy(() -> provider.claim(claim)).isInstanceOfSatisfying(UnsafeLeaseStoreException.class,
                refused -> assertThat(refused.reason()).isEqualTo(UnsafeLeaseStoreException.Reason.NOT_DURABLE))
                .hasMessageContaining("127.0.0.1:6379")
                .hasMessageContaining("appendonly no")
                .hasMessageContaining("Set appendonly yes and appendfsync always");
        try (StatefulRedisConnection<String, String> admin = client.connect()) {
            assertThat(admin.sync().exists(new NamespaceKeys(prefix, "sno").holders())).isZero();
        }
    }

    @Test
    void aServerWithoutAofIsRefusedEvenWhenTrusted() throws Exception {
        RedisServer server = server(RedisServer.start(List.of("--appendonly", "no")));
        assertThatThrownBy(() -> builder(client(server.uri())).build().claim(claim))
                .isInstanceOf(UnsafeLeaseStoreException.class).hasMessageContaining("appendonly no");
        assertThatThrownBy(() -> builder(client(server.uri())).durability(RedisDurability.TRUSTED).build()
                .claim(claim)).isInstanceOf(UnsafeLeaseStoreException.class).hasMessageContaining("appendonly no");
    }

    @Test
    void anAofFlushedEverySecondIsRefused() throws Exception {
        RedisServer server = server(RedisServer.durable("--appendfsync", "everysec"));
        assertThatThrownBy(() -> builder(client(server.uri())).build().claim(claim))
                .isInstanceOf(UnsafeLeaseStoreException.class)
                .hasMessageContaining("appendonly yes, appendfsync everysec");
    }

    @Test
    void aServerHidingItsConfigurationIsRefusedUnlessTheApplicationDeclaresItDurable() throws Exception {
        RedisServer server = server(RedisServer.durable("--rename-command", "CONFIG", ""));
        assertThatThrownBy(() -> builder(client(server.uri())).build().claim(claim))
                .isInstanceOfSatisfying(UnsafeLeaseStoreException.class,
                        refused -> assertThat(refused.reason()).isEqualTo(UnsafeLeaseStoreException.Reason.NOT_DURABLE))
                .hasMessageContaining("persistence settings cannot be read")
                .hasMessageContaining("durability(RedisDurability.TRUSTED)");

        claimAndClose(builder(client(server.uri())).durability(RedisDurability.TRUSTED).build());
    }

    @Test
    void aDurableServerIsAccepted() throws Exception {
        RedisServer server = server(RedisServer.durable());
        claimAndClose(builder(client(server.uri())).build());
    }

    @Test
    void aServerKilledAndRestartedFromItsAofKeepsTheLeaseAndItsMark() throws Exception {
        RedisServer server = server(RedisServer.durable());
        RedisNodeLeaseProvider provider = builder(client(server.uri())).build();
        opened.add(provider);
        RedisNodeLease lease = provider.claim(claim);
        long mark = lease.highWaterMarkMillis() + 30_000;
        lease.advanceHighWaterMark(mark);

        server.kill();
        server.launch();

        assertThat(server.cli("GET", lease.highWaterMarkKey())).isEqualTo(Long.toString(mark));
        assertThat(server.cli("GET", lease.key())).isEqualTo(lease.holder());
        long giveUp = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (lease.renew() != dev.ids.node.Renewal.RENEWED) {
            assertThat(System.nanoTime()).as("renewed within 10 s of the restart").isLessThan(giveUp);
            Thread.sleep(100);
        }
        lease.close();
        RedisNodeLease next = provider.claim(claim);
        assertThat(next.identity()).isEqualTo(lease.identity());
        assertThat(next.highWaterMarkMillis()).isEqualTo(mark);
        next.close();
    }

    @Test
    void writesThatWaitForAReplicaStandInForTheServersOwnPersistence() throws Exception {
        RedisServer primary = server(RedisServer.start(List.of("--appendonly", "no")));
        RedisServer replica = server(RedisServer.start(List.of("--appendonly", "no", "--replicaof", "127.0.0.1",
                Integer.toString(primary.port()))));
        RedisClient client = client(primary.uri());
        awaitReplicaLinked(replica);

        RedisNodeLeaseProvider provider = builder(client).waitForReplicas(1, Duration.ofSeconds(2)).build();
        opened.add(provider);
        RedisNodeLease lease = provider.claim(claim);
        assertThat(replica.cli("GET", lease.key())).isEqualTo(lease.holder());
        lease.close();

        RedisNodeLeaseProvider tooMany = builder(client).waitForReplicas(2, Duration.ofMillis(300)).build();
        opened.add(tooMany);
        assertThatThrownBy(() -> tooMany.claim(claim)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("Only 1 of 2 replicas confirmed the claim");
    }

    @Test
    void aClaimWhileRedisIsDownSaysItCannotBeReached() throws Exception {
        RedisServer.assumeInstalled();
        int port = RedisServer.freePort();
        RedisNodeLeaseProvider provider = builder(client("redis://127.0.0.1:" + port)).build();
        opened.add(provider);
        assertThatThrownBy(() -> provider.claim(claim)).isInstanceOf(LeaseStoreUnreachableException.class)
                .hasMessageContaining("Redis cannot be reached");
    }

    private static void awaitReplicaLinked(RedisServer replica) throws Exception {
        long giveUp = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!replica.cli("INFO", "replication").contains("master_link_status:up")) {
            assertThat(System.nanoTime()).as("replica linked within 10 s").isLessThan(giveUp);
            Thread.sleep(50);
        }
    }

    private static boolean reachable(int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 500);
            return true;
        } catch (IOException e) {
            System.out.println("[skipped] no Redis on 127.0.0.1:" + port + ": " + e.getMessage());
            return false;
        }
    }
}
