package dev.ids.node.jdbc;

import static dev.ids.node.BuilderSeams.backgroundRenewal;
import static dev.ids.node.sql.TableBuilderSeams.databaseClock;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ids.IdGenerationException;
import dev.ids.clock.ManualClock;
import dev.ids.node.LeaseFence;
import dev.ids.node.NodeClaim;
import dev.ids.node.NodeLease;
import dev.ids.sno.Sno;
import dev.ids.sno.SnoGenerator;
import dev.ids.testing.RecordingListener;
import dev.ids.testing.TestDatabase;
import dev.ids.traceid.TraceId;
import dev.ids.traceid.TraceIdGenerator;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * Restarts on one lease table: after an orderly close the next generator on the identity issues at once, because
 * the close lowered the mark from the step reserved ahead to the last ID's time; after a crash (no close) the mark
 * is still a step ahead, and the next generator waits for the clock to pass it, as a wait for the mark and not as a
 * clock regression, or refuses saying so when the wait exceeds its maximum.
 */
class LeasedGeneratorQuickRestartH2Test {

    private static final String TABLE = "ids_quick_restart_test";

    private final TestDataSource dataSource = new TestDataSource(TestDatabase.H2, getClass().getSimpleName());
    private final ManualClock clock = ManualClock.atEpochMillis(1_750_000_000_000L);
    private final RecordingListener listener = new RecordingListener();

    private JdbcNodeLeaseProvider provider(String holder) {
        return backgroundRenewal(databaseClock(JdbcNodeLeaseProvider.builder(dataSource), clock), false)
                .singleProcess(true)
                .tableName(TABLE).holderId(holder).clock(clock).build();
    }

    /**
     * Moves the clock past where a first claim's lease starts (beyond any time a former holder whose row vanished
     * may issue IDs for, as JdbcNodeLeaseContract checks): these tests are about the restarts after it.
     */
    private NodeLease passedItsStart(NodeLease lease) {
        long behind = lease.highWaterMarkMillis() + 1_000 - clock.wallTimeMillis();
        if (behind > 0) {
            clock.advance(Duration.ofMillis(behind));
        }
        return lease;
    }

    private SnoGenerator sno(NodeLease lease, Duration maxWait) {
        return SnoGenerator.builder().lease(lease).clock(clock).listener(listener).maxWait(maxWait).build();
    }

    /** Issues IDs over about two seconds, so the mark is a step ahead of the last. */
    private List<Sno> issue(SnoGenerator generator) {
        List<Sno> ids = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            ids.add(generator.next());
            clock.advance(Duration.ofMillis(10));
        }
        return ids;
    }

    private static long lastMillis(List<Sno> ids) {
        return ids.stream().mapToLong(id -> id.timestamp().toEpochMilli() + Sno.UNIT_MILLIS - 1).max().orElseThrow();
    }

    @Test
    void anOrderlyCloseStopsTheThreadThatWritesTheMark() throws Exception {
        NodeLease lease = passedItsStart(provider("process-1").claim(new NodeClaim("restart.writer", 0, 3)));
        Set<Thread> writers = startMarkWriter(lease);

        lease.close();

        assertEnded(writers);
    }

    @Test
    void aCloseAfterTheLeaseLapsedStopsTheThreadThatWritesTheMarkToo() throws Exception {
        NodeLease lease = passedItsStart(provider("process-1").claim(new NodeClaim("restart.writer.lapsed", 0, 3)));
        Set<Thread> writers = startMarkWriter(lease);
        // Not renewed (a store that hung, a process paused): the lease ends at its deadline, before the close.
        clock.advance(JdbcNodeLeaseProvider.DEFAULT_LEASE_LENGTH.plusSeconds(1));
        assertThat(lease.isHeld()).as("lapsed before the close").isFalse();

        lease.close();

        assertEnded(writers);
    }

    /** Issues an ID, then one within the margin of the mark, so the fence's writer thread writes the next step. */
    private Set<Thread> startMarkWriter(NodeLease lease) throws InterruptedException {
        Set<Thread> earlier = markWritersBesides(Set.of());
        SnoGenerator generator = sno(lease, Duration.ofSeconds(10));
        generator.next();
        clock.advance(Duration.ofMillis(LeaseFence.STEP_MILLIS - LeaseFence.MARGIN_MILLIS + 1_000));
        generator.next();
        Set<Thread> started = markWritersBesides(earlier);
        long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (started.isEmpty() && System.nanoTime() < giveUp) {
            Thread.sleep(5);
            started = markWritersBesides(earlier);
        }
        assertThat(started).as("the writer thread this generator started").isNotEmpty();
        return started;
    }

    /**
     * An idle writer would otherwise live out its keep-alive: an application that closed, or a web application a
     * servlet container undeployed, would keep a thread (and its class loader) of ours.
     */
    private static void assertEnded(Set<Thread> writers) throws InterruptedException {
        for (Thread writer : writers) {
            writer.join(5_000);
            assertThat(writer.isAlive()).as("%s 5 s after the lease closed", writer.getName()).isFalse();
        }
    }

    /** The live mark-writer threads of any fence, but those given (started by earlier tests in this JVM). */
    private static Set<Thread> markWritersBesides(Set<Thread> earlier) {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(thread -> thread.getName().startsWith("ids-lease-mark-") && !earlier.contains(thread))
                .collect(Collectors.toSet());
    }

    @Test
    void afterAnOrderlyCloseTheNextGeneratorIssuesAtOnceWithoutWaitingForTheReservedStep() {
        NodeClaim claim = new NodeClaim("restart.orderly", 0, 3);
        NodeLease first = passedItsStart(provider("process-1").claim(claim));
        SnoGenerator before = sno(first, Duration.ZERO);
        List<Sno> issued = issue(before);
        long reserved = first.highWaterMarkMillis();
        assertThat(reserved).as("a step ahead of the last ID").isGreaterThan(lastMillis(issued) + 1_000);
        first.close();
        assertThatThrownBy(before::next).as("the closed generator is stopped").isInstanceOf(
                IdGenerationException.class);
        listener.refusals.clear();

        clock.advance(Duration.ofMillis(5)); // a quick restart
        try (NodeLease second = provider("process-2").claim(claim)) {
            assertThat(second.identity()).isEqualTo(first.identity());
            assertThat(second.highWaterMarkMillis()).isEqualTo(lastMillis(issued));
            SnoGenerator after = sno(second, Duration.ZERO); // no wait allowed at all
            Sno next = after.next();
            assertThat(next.partition()).isEqualTo(issued.get(0).partition());
            assertThat(next).isGreaterThan(issued.get(issued.size() - 1));
            assertThat(listener.refusals).isEmpty();
            assertThat(listener.regressions).isEmpty();
        }
    }

    @Test
    void afterACrashTheNextGeneratorWaitsForTheClockToPassTheMarkWithoutReportingAClockRegression() {
        NodeClaim claim = new NodeClaim("restart.crash", 0, 3);
        NodeLease crashed = passedItsStart(provider("process-1").claim(claim));
        List<Sno> issued = issue(sno(crashed, Duration.ZERO));
        long mark = crashed.highWaterMarkMillis();
        // No close: the process died. Its row frees (as after expiry plus grace, shortened here by hand).
        execute("UPDATE " + TABLE + " SET expires_at = 0 WHERE namespace = 'restart.crash'");

        try (NodeLease second = provider("process-2").claim(claim)) {
            assertThat(second.highWaterMarkMillis()).isEqualTo(mark);
            long behind = mark - clock.instant().toEpochMilli();
            assertThat(behind).isGreaterThan(LeaseFence.STEP_MILLIS - LeaseFence.MARGIN_MILLIS);

            assertThatThrownBy(() -> sno(second, Duration.ofSeconds(1)).next())
                    .isInstanceOf(IdGenerationException.class)
                    .hasMessageContaining("behind the high-water mark " + java.time.Instant.ofEpochMilli(mark))
                    .hasMessageContaining("longer than the maximum wait");
            assertThat(listener.regressions).isEmpty();
        }
        execute("UPDATE " + TABLE + " SET expires_at = 0 WHERE namespace = 'restart.crash'");
        try (NodeLease third = provider("process-3").claim(claim)) {
            long start = clock.instant().toEpochMilli();
            Sno next = sno(third, Duration.ofSeconds(20)).next();
            assertThat(clock.instant().toEpochMilli()).as("waited for the mark").isGreaterThan(mark);
            assertThat(clock.instant().toEpochMilli() - start).isLessThan(mark - start + 50);
            assertThat(next.timestamp().toEpochMilli() + Sno.UNIT_MILLIS - 1).isGreaterThan(mark);
            assertThat(issued).doesNotContain(next);
            assertThat(listener.regressions).as("a wait for the mark, not a clock regression").isEmpty();
        }
    }

    @Test
    void aTraceIdGeneratorRestartedInTheSameSecondWaitsOnlyForTheNextSecond() {
        NodeClaim claim = new NodeClaim("restart.traceid", 1, 65_535);
        NodeLease first = passedItsStart(provider("process-1").claim(claim));
        TraceIdGenerator before = TraceIdGenerator.builder().lease(first).clock(clock).listener(listener).build();
        TraceId last = before.next();
        first.close();

        try (NodeLease second = provider("process-2").claim(claim)) {
            long markSecond = second.highWaterMarkMillis() / 1000;
            TraceId next = TraceIdGenerator.builder().lease(second).clock(clock).listener(listener)
                    .maxWait(Duration.ofMillis(1_100)).build().next();
            assertThat(next.nodeNo()).isEqualTo(last.nodeNo());
            assertThat(next.timestampNear(clock.instant()).getEpochSecond()).isEqualTo(markSecond + 1);
            assertThat(listener.regressions).isEmpty();
        }
    }

    private void execute(String sql) {
        try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
            statement.executeUpdate(sql);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    @AfterAll
    static void dropTable() throws SQLException {
        try (Connection connection = new TestDataSource(TestDatabase.H2,
                LeasedGeneratorQuickRestartH2Test.class.getSimpleName()).getConnection();
                Statement statement = connection.createStatement()) {
            statement.execute("DROP TABLE IF EXISTS " + TABLE);
        }
    }
}
