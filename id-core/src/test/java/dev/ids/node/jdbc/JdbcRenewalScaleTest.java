package dev.ids.node.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.node.process.ChildJvm;
import dev.ids.testing.RequiresDatabase;
import dev.ids.testing.TestDatabase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 37's figure of scale, not a test of speed: N simulated instances, several per JVM, each holding five leases
 * renewed by the library against one PostgreSQL ({@link RenewalScaleRun}); prints the renewals per second, the p99
 * renewal latency and whether any lease was lost, for BENCHMARKS.md. Run with {@code -Dids.jdbc.renewalScale=<N>};
 * {@code -Dids.jdbc.renewalJvms} (default 4), {@code -Dids.jdbc.renewalPool} (connections per JVM, default 10),
 * {@code -Dids.jdbc.renewalSeconds} (default 180) and {@code -Dids.jdbc.renewalLeaseSeconds} (default: the library's
 * 60 s; the renewal period is a third of it) shape it. A renewal thread per lease makes N × 5 threads: a shorter
 * lease brings the database the renewals of a larger fleet with fewer threads.
 */
@RequiresDatabase(TestDatabase.POSTGRESQL)
@EnabledIfSystemProperty(named = "ids.jdbc.renewalScale", matches = "\\d+")
class JdbcRenewalScaleTest {

    @TempDir
    Path directory;

    @Test
    void measureRenewalsOfManyInstances() throws Exception {
        int instances = Integer.getInteger("ids.jdbc.renewalScale");
        int jvms = Integer.getInteger("ids.jdbc.renewalJvms", 4);
        int pool = Integer.getInteger("ids.jdbc.renewalPool", 10);
        long seconds = Long.getLong("ids.jdbc.renewalSeconds", 180);
        long leaseSeconds = Long.getLong("ids.jdbc.renewalLeaseSeconds", 0);
        // Each JVM's latencies, and when each renewal asked (a .timeline file), kept where this names.
        Path out = System.getProperty("ids.jdbc.renewalOut") == null ? directory
                : Files.createDirectories(Path.of(System.getProperty("ids.jdbc.renewalOut")));
        String table = "ids_renewal_scale_" + ProcessHandle.current().pid();
        TestDatabase database = TestDatabase.POSTGRESQL;
        List<ChildJvm> children = new ArrayList<>();
        try {
            for (int j = 0; j < jvms; j++) {
                int share = instances / jvms + (j < instances % jvms ? 1 : 0);
                children.add(ChildJvm.startWithOptions("jvm" + j, directory, List.of("-Xmx512m"),
                        RenewalScaleRun.class, List.of(String.valueOf(share), String.valueOf(pool), table,
                                database.url(""), database.username(), database.password(),
                                String.valueOf(seconds), out.resolve("latencies-" + j).toString(),
                                "jvm" + j, String.valueOf(leaseSeconds))));
            }
            List<String> lines = new ArrayList<>();
            for (ChildJvm child : children) {
                lines.add(child.awaitLine("SCALE ", Duration.ofSeconds(seconds + 900)));
            }
            for (ChildJvm child : children) {
                child.awaitSuccess(Duration.ofMinutes(5));
            }
            long[] merged = new long[0];
            for (int j = 0; j < jvms; j++) {
                long[] one = Files.readAllLines(out.resolve("latencies-" + j)).stream()
                        .filter(line -> !line.isBlank()).mapToLong(Long::parseLong).toArray();
                merged = concat(merged, one);
            }
            Arrays.sort(merged);
            double took = lines.stream().mapToDouble(line -> Double.parseDouble(text(line, "seconds"))).max()
                    .orElseThrow();
            long renewals = sum(lines, "renewals");
            long statements = sum(lines, "renewalStatements");
            long lost = sum(lines, "lost");
            long failures = sum(lines, "renewalFailures");
            long notHeld = sum(lines, "maxNotHeld");
            System.out.printf("RENEWAL SCALE instances=%d jvms=%d pool=%d lease=%s leases=%d seconds=%.0f"
                    + " renewals/s=%.1f renewal statements/s=%.1f p50=%.1f ms p99=%.1f ms max=%.1f ms failures=%d"
                    + " lost=%d notHeld=%d%n", instances, jvms, pool,
                    leaseSeconds == 0 ? "default" : leaseSeconds + " s", sum(lines, "leases"), took, renewals / took,
                    statements / took, RenewalScaleRun.percentile(merged, 0.5) / 1e3,
                    RenewalScaleRun.percentile(merged, 0.99) / 1e3, RenewalScaleRun.percentile(merged, 1.0) / 1e3,
                    failures, lost, notHeld);
            assertThat(lost).as("leases lost while the database was healthy").isZero();
        } finally {
            children.forEach(ChildJvm::close);
            try (Connection connection = DriverManager.getConnection(database.url(""), database.username(),
                    database.password()); Statement statement = connection.createStatement()) {
                statement.execute("DROP TABLE IF EXISTS " + table);
            }
        }
    }

    private static long[] concat(long[] a, long[] b) {
        long[] both = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, both, a.length, b.length);
        return both;
    }

    private static long sum(List<String> lines, String key) {
        return lines.stream().mapToLong(line -> Long.parseLong(text(line, key))).sum();
    }

    private static String text(String line, String key) {
        Matcher matcher = Pattern.compile("\\b" + Pattern.quote(key) + "=([0-9.]+)").matcher(line);
        assertThat(matcher.find()).as(key + " in " + line).isTrue();
        return matcher.group(1);
    }
}
