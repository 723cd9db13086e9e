package dev.ids.node.jdbc;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.ids.IdScheme;
import dev.ids.NodeIdentityField;
import dev.ids.node.NodeClaim;
import dev.ids.node.NodeLease;
import java.lang.management.ManagementFactory;
import java.sql.Connection;
import java.sql.Statement;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A fleet rolling out, as one database sees it, in a JVM of its own so that every claim is cold: N claimants, each a
 * {@link JdbcNodeLeaseProvider} with a holder id and a platform thread of its own, share one Hikari pool and claim
 * TraceId node numbers at the same moment. Prints {@code FLEET claimants=<n> millis=<time until all held>
 * distinct=<identities> failed=<claims that threw>}, then releases the leases and drops its table.
 *
 * <p>Arguments: claimants, pool size, table, JDBC URL, user, password, and {@code quiet} to turn the provider's INFO
 * lines off (each claim of an identity without a row logs why its first ID waits: in one JVM a thousand of them queue
 * for one console handler, where a real fleet writes one line per process). The table is created before the start,
 * as a deployed application's exists; the pool is filled before the start, as a running application's is.
 */
public final class FleetClaimRun {

    /** The provider's logger, held so that a level set on it stays. */
    private static final java.util.logging.Logger PROVIDER_LOG = java.util.logging.Logger.getLogger(
            "dev.ids.node.jdbc.JdbcNodeLeaseProvider");

    private FleetClaimRun() {
    }

    public static void main(String[] args) throws Exception {
        int claimants = Integer.parseInt(args[0]);
        int poolSize = Integer.parseInt(args[1]);
        String table = args[2];
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(args[3]);
        config.setUsername(args[4]);
        config.setPassword(args[5]);
        if (args.length > 6 && args[6].equals("quiet")) {
            PROVIDER_LOG.setLevel(java.util.logging.Level.WARNING);
        }
        config.setMaximumPoolSize(poolSize);
        config.setMinimumIdle(poolSize);
        config.setConnectionTimeout(60_000);
        NodeIdentityField field = IdScheme.TRACE_ID.descriptor().nodeIdentityField().orElseThrow();
        NodeClaim claim = new NodeClaim(IdScheme.TRACE_ID.schemeName(), field.leasedMin(), field.leasedMax());
        try (HikariDataSource pool = new HikariDataSource(config)) {
            try (Connection connection = pool.getConnection(); Statement statement = connection.createStatement()) {
                statement.execute(JdbcNodeLeaseProvider.createTableStatement(table));
            }
            awaitFull(pool, poolSize);
            NodeLease[] leases = new NodeLease[claimants];
            AtomicReference<Throwable> failure = new AtomicReference<>();
            CountDownLatch ready = new CountDownLatch(claimants);
            CountDownLatch start = new CountDownLatch(1);
            CountDownLatch done = new CountDownLatch(claimants);
            for (int i = 0; i < claimants; i++) {
                int claimant = i;
                JdbcNodeLeaseProvider provider = JdbcNodeLeaseProvider.builder(pool).tableName(table)
                        .holderId("fleet-" + i).build();
                Thread thread = new Thread(() -> {
                    ready.countDown();
                    try {
                        start.await();
                        leases[claimant] = provider.claim(claim);
                    } catch (Throwable e) {
                        failure.compareAndSet(null, e);
                    } finally {
                        done.countDown();
                    }
                }, "claimant-" + i);
                thread.start();
            }
            ready.await();
            long jitBefore = ManagementFactory.getCompilationMXBean().getTotalCompilationTime();
            long cpuBefore = processCpuNanos();
            long began = System.nanoTime();
            start.countDown();
            boolean finished = done.await(5, TimeUnit.MINUTES);
            long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - began);
            long cpuMillis = TimeUnit.NANOSECONDS.toMillis(processCpuNanos() - cpuBefore);
            long jitMillis = ManagementFactory.getCompilationMXBean().getTotalCompilationTime() - jitBefore;
            Set<Long> identities = new HashSet<>();
            int failed = 0;
            for (NodeLease lease : leases) {
                if (lease == null) {
                    failed++;
                } else {
                    identities.add(lease.identity());
                }
            }
            System.out.printf("FLEET claimants=%d millis=%d distinct=%d failed=%d finished=%s cpuMillis=%d"
                    + " jitMillis=%d%n", claimants, millis, identities.size(), failed, finished, cpuMillis, jitMillis);
            if (failure.get() != null) {
                failure.get().printStackTrace();
            }
            for (NodeLease lease : leases) {
                if (lease != null) {
                    lease.close();
                }
            }
            try (Connection connection = pool.getConnection(); Statement statement = connection.createStatement()) {
                statement.execute("DROP TABLE " + table);
            }
        }
    }

    /** This JVM's CPU time, all its threads (the JIT compilers' too). */
    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    /** Waits until the pool holds all its connections, as a running application's does. */
    private static void awaitFull(HikariDataSource pool, int poolSize) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (pool.getHikariPoolMXBean().getTotalConnections() < poolSize && System.nanoTime() < end) {
            Thread.sleep(20);
        }
    }
}
