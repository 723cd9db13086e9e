package dev.ids.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ids.IdGenerationException;
import dev.ids.lable.LableIdGenerator;
import dev.ids.node.LeaseFence;
import dev.ids.node.NodeClaim;
import dev.ids.node.NodeLease;
import dev.ids.node.ReclaimingNodeLease;
import dev.ids.testing.CutProxy;
import dev.ids.testing.OutageTally;
import dev.ids.testing.SteppedClock;
import dev.ids.traceid.TraceIdGenerator;
import io.lettuce.core.RedisClient;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The scenarios of id-core's {@code LeaseOutageContract} for the Redis store (that contract is typed to the SQL
 * stores' test databases and builders): the link to Redis is cut through a {@link CutProxy} just as the generators'
 * clocks come within the fence's margin of the written mark. Every call must return or refuse within the lease's
 * remaining time at its start plus one second, and no ID may be stamped after the lease's deadline; a reclaiming
 * lease must recover within 4 s once Redis is reachable again, also when the hung connection never comes back.
 */
class RedisLeaseOutageTest {

    static final Duration LEASE = Duration.ofSeconds(2);
    static final Duration RENEWAL = Duration.ofMillis(500);
    static final long BOUND_SLACK_MILLIS = 1_000;
    static final long BEFORE_MARK_MILLIS = 700;
    static final long RECOVERY_MILLIS = 4_000;
    /**
     * How long the reclaiming lease may take when the hung connection comes back: a mark step more. The store drops
     * a connection that did not answer within the call timeout, so the answer of a mark write that lands once the link
     * is restored never reaches the generator's fence, which then takes that write for another holder's and waits
     * for the clock to pass it (at most a step, 10 s). Safe, but slower than the 4 s of the SQL stores, whose hung
     * statements complete on the same connection.
     */
    static final long RECOVERY_AFTER_LATE_WRITE_MILLIS = RECOVERY_MILLIS + LeaseFence.STEP_MILLIS;

    private static RedisServer server;
    private CutProxy proxy;
    private RedisClient client;
    private RedisNodeLeaseProvider provider;
    private final List<NodeLease> opened = new ArrayList<>();
    private final String namespace = UUID.randomUUID().toString().substring(0, 8);

    @BeforeAll
    static void startServer() throws Exception {
        server = RedisServer.durable();
    }

    @AfterAll
    static void stopServer() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    @BeforeEach
    void connectThroughProxy() throws Exception {
        proxy = new CutProxy(server.port());
        client = RedisClient.create("redis://127.0.0.1:" + proxy.port());
        provider = RedisNodeLeaseProvider.builder(client).keyPrefix("ids-outage-" + ProcessHandle.current().pid())
                .holderId("outage").leaseLength(LEASE).renewalPeriod(RENEWAL).build();
    }

    @AfterEach
    void close() throws Exception {
        proxy.restore();
        for (int i = opened.size() - 1; i >= 0; i--) {
            opened.get(i).close();
        }
        provider.close();
        client.shutdown();
        proxy.close();
    }

    @Test
    void aHungRedisMakesCallsRefuseByTheLeasesDeadline() throws Exception {
        Outage outage = start();
        proxy.hang();
        report("hang", outage.runUntilEveryDeadlinePassed(null, 0));
    }

    @Test
    void aRefusingRedisMakesCallsRefuseByTheLeasesDeadline() throws Exception {
        Outage outage = start();
        proxy.refuse();
        report("refuse", outage.runUntilEveryDeadlinePassed(null, 0));
    }

    @Test
    void aRedisBackAfterTheDeadlineLeavesALostLeaseRefusingAndAReclaimingOneRecovering() throws Exception {
        Outage outage = start();
        proxy.hang();
        List<OutageTally> tallies = outage.runUntilEveryDeadlinePassed(() -> proxy.restore(),
                RECOVERY_AFTER_LATE_WRITE_MILLIS);
        report("hang, restore", tallies);
        assertThat(outage.trace.lease.isEnded()).as("the plain lease, lost in the outage").isTrue();
        assertThatThrownBy(outage.trace.next::getAsLong).isInstanceOf(IdGenerationException.class);
        assertThat(tallies.get(1).recoveredMillis()).isBetween(0L, RECOVERY_AFTER_LATE_WRITE_MILLIS);
    }

    /** The hung connection never comes back: the link drops it after a call timeout and opens a new one. */
    @Test
    void aHungConnectionThatNeverComesBackIsLeftBehind() throws Exception {
        Outage outage = start();
        proxy.hang();
        List<OutageTally> tallies = outage.runUntilEveryDeadlinePassed(() -> proxy.restoreNewConnections(),
                RECOVERY_MILLIS);
        report("hang, new connections only", tallies);
        assertThat(tallies.get(1).recoveredMillis()).isBetween(0L, RECOVERY_MILLIS);
    }

    private Outage start() {
        SteppedClock traceClock = new SteppedClock();
        NodeLease traceLease = provider.claim(new NodeClaim("trace-" + namespace, 0, 1023));
        opened.add(traceLease);
        TraceIdGenerator traceIds = TraceIdGenerator.builder().lease(traceLease).clock(traceClock)
                .maxWait(Duration.ofSeconds(30)).build();
        Fenced trace = new Fenced("TraceId", traceLease, () -> 0, traceClock,
                () -> traceIds.next().timestampNear(Instant.ofEpochMilli(traceClock.wallTimeMillis())).toEpochMilli());
        SteppedClock lableClock = new SteppedClock();
        ReclaimingNodeLease reclaiming = ReclaimingNodeLease.claim(provider, new NodeClaim("lable-" + namespace, 0,
                63), lableClock, Duration.ofMillis(100));
        opened.add(reclaiming);
        LableIdGenerator lableIds = LableIdGenerator.builder().lease(reclaiming).clock(lableClock)
                .maxWait(Duration.ofSeconds(30)).build();
        Fenced lable = new Fenced("Lable", reclaiming, reclaiming::reclaimCount, lableClock,
                () -> lableIds.next().timestampMillis());
        trace.stepPastMark();
        lable.stepPastMark();
        trace.next.getAsLong();
        lable.next.getAsLong();
        return new Outage(trace, lable);
    }

    private static void report(String scenario, List<OutageTally> tallies) {
        List<String> violations = new ArrayList<>();
        for (OutageTally tally : tallies) {
            System.out.println("[outage] Redis " + scenario + " " + tally.summary());
            violations.addAll(tally.violations());
            assertThat(tally.refusals()).as(tally.summary()).isPositive();
        }
        assertThat(violations).isEmpty();
    }

    /** What restores the link. */
    @FunctionalInterface
    private interface Restore {
        void run() throws Exception;
    }

    private record Fenced(String name, NodeLease lease, LongSupplier reclaims, SteppedClock clock,
            LongSupplier next) {

        OutageTally tally() {
            return new OutageTally(name, lease, reclaims, clock);
        }

        void stepPastMark() {
            clock.stepForward(Math.max(0, lease.highWaterMarkMillis() + 1 - clock.wallTimeMillis()));
        }

        void stepToMark() {
            long mark = lease.highWaterMarkMillis();
            clock.stepForward(Math.max(0, mark + 1 - BEFORE_MARK_MILLIS - clock.wallTimeMillis()));
        }
    }

    private record Outage(Fenced trace, Fenced lable) {

        List<OutageTally> runUntilEveryDeadlinePassed(Restore restore, long recoveryMillis) throws Exception {
            Thread.sleep(300);
            trace.stepToMark();
            lable.stepToMark();
            long longest = Math.max(trace.lease.remaining().toNanos(), lable.lease.remaining().toNanos());
            OutageTally traceTally = trace.tally();
            OutageTally lableTally = lable.tally();
            AtomicBoolean stop = new AtomicBoolean();
            ExecutorService callers = Executors.newFixedThreadPool(4);
            try {
                List<Future<?>> running = new ArrayList<>();
                for (int i = 0; i < 2; i++) {
                    running.add(callers.submit(() -> call(trace, traceTally, stop)));
                    running.add(callers.submit(() -> call(lable, lableTally, stop)));
                }
                Thread.sleep(TimeUnit.NANOSECONDS.toMillis(longest) + (restore == null ? 1_000 : 200));
                if (restore != null) {
                    long restored = System.nanoTime();
                    traceTally.restoredAt(restored);
                    lableTally.restoredAt(restored);
                    restore.run();
                    long until = restored + TimeUnit.MILLISECONDS.toNanos(recoveryMillis + 1_000);
                    while (System.nanoTime() < until && !lableTally.recoveredFor(500)) {
                        Thread.sleep(50);
                    }
                }
                stop.set(true);
                for (Future<?> caller : running) {
                    caller.get(30, TimeUnit.SECONDS);
                }
            } finally {
                stop.set(true);
                callers.shutdownNow();
            }
            return List.of(traceTally, lableTally);
        }

        private static void call(Fenced fenced, OutageTally tally, AtomicBoolean stop) {
            while (!stop.get()) {
                tally.sampleDeadline();
                long bound = fenced.lease.remaining().toMillis() + BOUND_SLACK_MILLIS;
                long began = System.nanoTime();
                long stamp;
                try {
                    stamp = fenced.next.getAsLong();
                } catch (IdGenerationException refused) {
                    stamp = -1;
                }
                long ended = System.nanoTime();
                tally.sampleDeadline();
                tally.record(began, ended, bound, stamp);
                LockSupport.parkNanos(200_000);
            }
        }
    }
}
