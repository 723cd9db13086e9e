package dev.ids.node.jdbc;

import dev.ids.testing.PlainDataSource;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.IdGenerationException;
import dev.ids.node.LeaseFence;
import dev.ids.node.NodeClaim;
import dev.ids.node.NodeLease;
import dev.ids.testing.RequiresDatabase;
import dev.ids.testing.TestDatabase;
import dev.ids.traceid.TraceId;
import dev.ids.traceid.TraceIdGenerator;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/**
 * A database cut while generators run (issue 13, item 4): a TCP proxy between the lease and PostgreSQL stops
 * forwarding, so every statement and new connection hangs, just as the mark's next step falls due. No call blocks
 * longer than the lease's remaining time plus a second, and no ID is stamped after the lease's deadline.
 */
@RequiresDatabase(TestDatabase.POSTGRESQL)
class JdbcLeaseOutagePostgreSqlTest {

    private static final String TABLE = "ids_outage_test_" + ProcessHandle.current().pid();

    @Test
    void aCutDatabaseMakesCallsRefuseByTheLeasesDeadlineInsteadOfBlocking() throws Exception {
        try (CutProxy proxy = new CutProxy(5432)) {
            JdbcNodeLeaseProvider provider = JdbcNodeLeaseProvider.builder(proxy.dataSource()).tableName(TABLE)
                    .holderId("outage-" + ProcessHandle.current().pid()).leaseLength(Duration.ofSeconds(3))
                    .renewalPeriod(Duration.ofSeconds(1)).build();
            NodeLease lease = provider.claim(new NodeClaim("outage", 0, 1023));
            TraceIdGenerator generator = TraceIdGenerator.builder().lease(lease).maxWait(Duration.ofSeconds(30))
                    .build();
            generator.next();
            // Cut just before the calls come within the margin of the mark: the next step falls due in the outage.
            while (lease.highWaterMarkMillis() - System.currentTimeMillis() > LeaseFence.MARGIN_MILLIS + 300) {
                generator.next();
                Thread.sleep(20);
            }
            proxy.cut();
            // A renewal whose answer was already on its way when the cut came may still land: let it, so that the
            // deadline read next is the last one the lease can have.
            Thread.sleep(300);
            long deadlineMillis = System.currentTimeMillis() + lease.remaining().toMillis();
            ExecutorService pool = Executors.newFixedThreadPool(4);
            try {
                List<Future<List<String>>> callers = new ArrayList<>();
                for (int t = 0; t < 4; t++) {
                    callers.add(pool.submit(() -> call(generator, lease, deadlineMillis)));
                }
                List<String> violations = new ArrayList<>();
                for (Future<List<String>> caller : callers) {
                    violations.addAll(caller.get(60, TimeUnit.SECONDS));
                }
                assertThat(violations).isEmpty();
            } finally {
                pool.shutdownNow();
                proxy.restore();
                lease.close();
            }
        } finally {
            try (Connection connection = DriverManager.getConnection(TestDatabase.POSTGRESQL.url("outage"),
                    "postgres", ""); Statement statement = connection.createStatement()) {
                statement.execute("DROP TABLE IF EXISTS " + TABLE);
            }
        }
    }

    /** Calls the generator until two seconds past the lease's deadline; returns every broken promise. */
    private static List<String> call(TraceIdGenerator generator, NodeLease lease, long deadlineMillis) {
        List<String> violations = new ArrayList<>();
        while (System.currentTimeMillis() < deadlineMillis + 2_000) {
            long bound = lease.remaining().toMillis() + 1_000;
            long began = System.nanoTime();
            try {
                TraceId id = generator.next();
                if (id.instant().toEpochMilli() > deadlineMillis) {
                    violations.add("an ID stamped " + id.instant() + " after the lease's deadline");
                }
            } catch (IdGenerationException refused) {
                // refusing is what a caller should see once the lease cannot be proven
            }
            long took = (System.nanoTime() - began) / 1_000_000;
            if (took > bound) {
                violations.add("a call blocked " + took + " ms, beyond the lease's remaining time + 1 s: " + bound);
            }
        }
        return violations;
    }

    /** Forwards TCP to a local port until cut: then nothing passes and new connections hang, until restored. */
    private static final class CutProxy implements AutoCloseable {

        private final ServerSocket server;
        private final int target;
        private final Object gate = new Object();
        private final List<Socket> sockets = new ArrayList<>();
        private boolean cut;

        CutProxy(int target) throws IOException {
            this.target = target;
            this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
            daemon(this::accept);
        }

        DataSource dataSource() {
            return new ProxiedDataSource("jdbc:postgresql://127.0.0.1:" + server.getLocalPort() + "/test");
        }

        void cut() {
            synchronized (gate) {
                cut = true;
            }
        }

        void restore() {
            synchronized (gate) {
                cut = false;
                gate.notifyAll();
            }
        }

        private void awaitOpen() throws InterruptedException {
            synchronized (gate) {
                while (cut) {
                    gate.wait();
                }
            }
        }

        private void accept() {
            try {
                while (true) {
                    Socket client = server.accept();
                    daemon(() -> connect(client));
                }
            } catch (IOException closed) {
                // the proxy closed
            }
        }

        private void connect(Socket client) {
            try {
                awaitOpen();
                Socket upstream = new Socket(InetAddress.getLoopbackAddress(), target);
                synchronized (sockets) {
                    sockets.add(client);
                    sockets.add(upstream);
                }
                daemon(() -> pump(client, upstream));
                pump(upstream, client);
            } catch (IOException | InterruptedException e) {
                close(client);
            }
        }

        private void pump(Socket from, Socket to) {
            byte[] buffer = new byte[8192];
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                for (int n; (n = in.read(buffer)) >= 0; ) {
                    awaitOpen();
                    out.write(buffer, 0, n);
                    out.flush();
                }
            } catch (IOException | InterruptedException e) {
                // a side closed
            } finally {
                close(from);
                close(to);
            }
        }

        private static void close(Socket socket) {
            try {
                socket.close();
            } catch (IOException ignored) {
                // closing anyway
            }
        }

        private static void daemon(Runnable task) {
            Thread thread = new Thread(task, "cut-proxy");
            thread.setDaemon(true);
            thread.start();
        }

        @Override
        public void close() throws IOException {
            restore();
            server.close();
            synchronized (sockets) {
                sockets.forEach(CutProxy::close);
            }
        }
    }

    /** DriverManager through the proxy. */
    private record ProxiedDataSource(String url) implements PlainDataSource {

        @Override
        public Connection getConnection() throws SQLException {
            return DriverManager.getConnection(url, "postgres", "");
        }
    }
}
