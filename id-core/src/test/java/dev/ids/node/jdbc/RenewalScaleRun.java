package dev.ids.node.jdbc;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.ids.node.NodeClaim;
import dev.ids.node.NodeLease;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * Simulated instances renewing their leases against one database (issue 37's figure of scale), in a JVM of their
 * own: each instance a {@link JdbcNodeLeaseProvider} with a holder id of its own that holds five leases, one per
 * namespace, renewed by the library itself with the default lease length and renewal period; all share one Hikari
 * pool. After the claims and one renewal period, it counts the renewals for the given time, times each (pool wait
 * included, {@link RenewalTimer}), samples every second how many leases are not held, and prints {@code SCALE ...};
 * the latencies go to a file, one number (microseconds) a line.
 *
 * <p>Five namespaces with 65,535 identities each: the application leasing "all five schemes" cannot be run at this
 * scale as it is, since Lable's generator ids are 0 to 63 and gid leases nothing; a lease costs the same renewals in
 * any namespace.
 *
 * <p>Arguments: instances, pool size, table, JDBC URL, user, password, seconds to measure, latency file, label, and
 * the lease length in seconds (0: the default; the renewal period is a third of it either way).
 */
public final class RenewalScaleRun {

    static final List<String> NAMESPACES = List.of("trace-id", "sno", "muid", "scale-4", "scale-5");

    private static final java.util.logging.Logger PROVIDER_LOG = java.util.logging.Logger.getLogger(
            "dev.ids.node.jdbc.JdbcNodeLeaseProvider");

    private RenewalScaleRun() {
    }

    public static void main(String[] args) throws Exception {
        int instances = Integer.parseInt(args[0]);
        int poolSize = Integer.parseInt(args[1]);
        String table = args[2];
        long seconds = Long.parseLong(args[6]);
        Path latencyFile = Path.of(args[7]);
        String label = args[8];
        long leaseSeconds = Long.parseLong(args[9]);
        // Every first claim of an identity logs why its first ID waits: thousands of lines about nothing measured.
        PROVIDER_LOG.setLevel(java.util.logging.Level.WARNING);
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(args[3]);
        config.setUsername(args[4]);
        config.setPassword(args[5]);
        config.setMaximumPoolSize(poolSize);
        config.setMinimumIdle(poolSize);
        try (HikariDataSource pool = new HikariDataSource(config)) {
            try (Connection connection = pool.getConnection(); Statement statement = connection.createStatement()) {
                statement.execute(JdbcNodeLeaseProvider.createTableStatement(table));
            }
            RenewalTimer timer = new RenewalTimer(pool, table);
            List<NodeLease> leases = Collections.synchronizedList(new ArrayList<>());
            long claimStart = System.nanoTime();
            ExecutorService claimers = Executors.newFixedThreadPool(16);
            List<Future<?>> claims = new ArrayList<>();
            JdbcNodeLeaseProvider any = null;
            for (int i = 0; i < instances; i++) {
                JdbcNodeLeaseProvider.Builder builder = JdbcNodeLeaseProvider.builder(timer).tableName(table)
                        .holderId(label + "-instance-" + i);
                if (leaseSeconds > 0) {
                    builder.leaseLength(Duration.ofSeconds(leaseSeconds));
                }
                JdbcNodeLeaseProvider provider = builder.build();
                any = provider;
                for (String namespace : NAMESPACES) {
                    claims.add(claimers.submit(() -> leases.add(provider.claim(new NodeClaim(namespace, 1,
                            65_535)))));
                }
            }
            for (Future<?> claim : claims) {
                claim.get(10, TimeUnit.MINUTES);
            }
            claimers.shutdown();
            System.out.printf("CLAIMED %s leases=%d millis=%d renewalPeriod=%s lease=%s%n", label, leases.size(),
                    TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - claimStart), any.renewalPeriod(),
                    any.leaseLength());
            // Steady state: every lease renewed once, and the claims' connections long handed back.
            Thread.sleep(any.renewalPeriod().toMillis() + 5_000);
            long failuresBefore = failures(leases);
            long renewalsBefore = leases.stream().mapToLong(NodeLease::renewalCount).sum();
            timer.measure(true);
            long began = System.nanoTime();
            int maxNotHeld = 0;
            long end = began + TimeUnit.SECONDS.toNanos(seconds);
            while (System.nanoTime() < end) {
                Thread.sleep(1_000);
                int notHeld = (int) leases.stream().filter(lease -> !lease.isHeld()).count();
                maxNotHeld = Math.max(maxNotHeld, notHeld);
            }
            timer.measure(false);
            double took = (System.nanoTime() - began) / 1e9;
            long[] micros = timer.latenciesMicros();
            long lost = leases.stream().filter(NodeLease::isEnded).count();
            long renewed = leases.stream().mapToLong(NodeLease::renewalCount).sum() - renewalsBefore;
            Files.writeString(latencyFile, java.util.Arrays.stream(micros).mapToObj(Long::toString)
                    .collect(Collectors.joining("\n")));
            Files.writeString(Path.of(latencyFile + ".timeline"), timer.timeline());
            System.out.printf("SCALE %s instances=%d leases=%d seconds=%.1f renewals=%d renewedByLeases=%d"
                    + " renewalStatements=%d otherStatements=%d p50us=%d p99us=%d maxus=%d maxNotHeld=%d"
                    + " renewalFailures=%d lost=%d threads=%d%n", label, instances, leases.size(), took,
                    timer.renewals(), renewed, timer.renewalStatements(), timer.otherStatements(),
                    percentile(micros, 0.50), percentile(micros, 0.99), percentile(micros, 1.0), maxNotHeld,
                    failures(leases) - failuresBefore, lost, Thread.activeCount());
            ExecutorService closers = Executors.newFixedThreadPool(16);
            for (NodeLease lease : leases) {
                closers.submit(lease::close);
            }
            closers.shutdown();
            closers.awaitTermination(5, TimeUnit.MINUTES);
        }
    }

    private static long failures(List<NodeLease> leases) {
        return leases.stream().mapToLong(NodeLease::renewalFailureCount).sum();
    }

    static long percentile(long[] sorted, double fraction) {
        if (sorted.length == 0) {
            return 0;
        }
        return sorted[(int) Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
    }
}
