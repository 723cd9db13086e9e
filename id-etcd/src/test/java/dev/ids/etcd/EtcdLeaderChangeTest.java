package dev.ids.etcd;

import static dev.ids.node.BuilderSeams.backgroundRenewal;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.clock.ManualClock;
import dev.ids.node.NodeClaim;
import dev.ids.node.Renewal;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.KV;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A renewal's keep-alive counts only when the leader that answered it led throughout: the renewal's check, a
 * linearizable read, must be answered in the same raft term. Here the leadership is handed to another member between
 * the keep-alive and the check, as an old leader's answer would look, and the renewal is not recorded; the next one
 * is. On a 3-member cluster of the test's own, through a client that moves the leader just before the check.
 */
class EtcdLeaderChangeTest {

    private static final Duration LEASE = Duration.ofSeconds(20);

    private static EtcdCluster cluster;
    private static Client real;

    @BeforeAll
    static void startCluster() throws Exception {
        cluster = EtcdCluster.start(3);
        real = Client.builder().endpoints(cluster.endpoints().toArray(String[]::new)).build();
    }

    @AfterAll
    static void stopCluster() throws Exception {
        if (real != null) {
            real.close();
        }
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void aRenewalWhoseKeepAliveAndCheckWereAnsweredInDifferentTermsIsNotRecorded() throws Exception {
        AtomicBoolean moveBeforeNextTxn = new AtomicBoolean();
        AtomicLong moves = new AtomicLong();
        Client client = intercepting(real, () -> {
            if (moveBeforeNextTxn.getAndSet(false)) {
                cluster.moveLeader();
                moves.incrementAndGet();
            }
        });
        ManualClock clock = ManualClock.atEpochMillis(System.currentTimeMillis());
        String run = UUID.randomUUID().toString().substring(0, 8);
        try (EtcdNodeLeaseProvider provider = backgroundRenewal(EtcdNodeLeaseProvider.builder(client), false)
                .keyPrefix("ids-term-" + run)
                .clock(clock).leaseLength(LEASE).build();
                EtcdNodeLease lease = provider.claim(new NodeClaim("ns-" + run, 0, 0))) {
            clock.advance(Duration.ofSeconds(5));
            moveBeforeNextTxn.set(true);
            assertThat(lease.renew()).isEqualTo(Renewal.FAILED);
            assertThat(moves).hasValue(1);
            assertThat(lease.remaining()).as("the deadline did not move").isEqualTo(LEASE.minusSeconds(5));
            assertThat(lease.renewalFailureCount()).isEqualTo(1);

            assertThat(lease.renew()).isEqualTo(Renewal.RENEWED);
            assertThat(lease.remaining()).isEqualTo(LEASE);
        }
    }

    /** A client whose KV client runs the hook before each transaction. */
    private static Client intercepting(Client client, Hook beforeTxn) {
        return (Client) Proxy.newProxyInstance(Client.class.getClassLoader(), new Class<?>[] {Client.class},
                (proxy, method, args) -> {
                    Object answer = invoke(method, client, args);
                    if (!method.getName().equals("getKVClient")) {
                        return answer;
                    }
                    KV kv = (KV) answer;
                    return Proxy.newProxyInstance(KV.class.getClassLoader(), new Class<?>[] {KV.class},
                            (kvProxy, kvMethod, kvArgs) -> {
                                if (kvMethod.getName().equals("txn")) {
                                    beforeTxn.run();
                                }
                                return invoke(kvMethod, kv, kvArgs);
                            });
                });
    }

    private static Object invoke(Method method, Object target, Object[] args) throws Throwable {
        try {
            return method.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    /** Something the test does between two calls of the store. */
    @FunctionalInterface
    private interface Hook {
        void run() throws Exception;
    }
}
