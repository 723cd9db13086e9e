package dev.ids.chaos;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.node.LeaseHolder;
import dev.ids.testing.RequiresDatabase;
import dev.ids.testing.TestDatabase;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The faults of issue 36 that need more than signals and proxies, each as a focused scenario on the JDBC store
 * (PostgreSQL) and with a negative control: the same fault on a worker built without the protection that covers it
 * produces duplicates the checker finds, or a live identity taken, where the protected run has none.
 *
 * <ul>
 * <li><b>Clock skew</b> (libfaketime): a worker killed and restarted at once on its identities, as an instance
 *     configured with them, its clock behind, within the reclaim grace or beyond it. The promise: the restart starts
 *     above the killed holder's high-water mark (docs/LEASES.md, "Restarts"), and beyond the grace its lease is
 *     fenced (README, "Running many instances"). Expiry is judged on the database's clock, so a claimant whose clock
 *     runs far ahead does not take a live lease.</li>
 * <li><b>A restart beside its paused predecessor with the same host name and process id</b>, each as process 1 of
 *     PID and UTS namespaces of its own ({@link NamespaceScenarios#twin}): the successor must not take the live
 *     identity at once, as the holder's end cannot be proven.</li>
 * <li><b>A partition through a network namespace</b> ({@link NamespaceScenarios#partition}): the holder's link taken
 *     down past its lease while another worker waits for its identity.</li>
 * </ul>
 * A test whose tool is missing is skipped, saying why ({@link FaultTools}); libfaketime is required with
 * {@code CI=true}.
 */
class ChaosFaultsIT {

    static final long RATE = 1_000;
    /** Within the reclaim grace (1 s): half of it. */
    private static final long WITHIN = ChaosStore.GRACE.toMillis() / 2;
    /** Beyond the lease plus the grace. */
    private static final long BEYOND = 5_000;
    /** How long a configured claim watches a holder before it takes its identity: a renewal period plus the grace. */
    private static final Duration SILENCE = ChaosStore.LEASE.dividedBy(3).plus(ChaosStore.GRACE);

    @TempDir
    Path dir;

    /** Two hosts, each within the grace of the database's clock, a whole grace apart: the restart waits for the mark. */
    @Test
    @RequiresDatabase(TestDatabase.POSTGRESQL)
    void aRestartWhoseClockIsBehindWithinTheGraceStartsAboveTheKilledHoldersMark() throws Exception {
        FaultTools.assumeFaketime();
        Restart restart = restartOnTheKilledHoldersIdentities(WITHIN, -WITHIN, List.of(), true);

        assertThat(restart.ids().values()).allSatisfy(ids -> assertThat(ids.duplicates()).isZero());
        for (ChaosScheme scheme : ChaosScheme.values()) {
            if (scheme.leased()) {
                assertThat(claimed(restart.killed(), scheme)).as("the killed holder, ahead: claims normally")
                        .contains("held=true");
                assertThat(claimed(restart.restarted(), scheme)).as("the restart, behind within the grace")
                        .contains("held=true");
                byte[][] before = IdCheck.firstAndLast(dir, restart.killed().name(), scheme);
                byte[][] after = IdCheck.firstAndLast(dir, restart.restarted().name(), scheme);
                assertThat(after).as(scheme + " IDs of the restart").isNotNull();
                assertThat(Arrays.compareUnsigned(after[0], before[1])).as(scheme + ": the restart's first ID above "
                        + "the killed holder's last").isPositive();
            }
        }
    }

    /** The same restart with the mark hidden from its generators: it repeats IDs of the killed holder. */
    @Test
    @RequiresDatabase(TestDatabase.POSTGRESQL)
    void withoutTheMarkARestartWhoseClockIsBehindWithinTheGraceRepeatsIds() throws Exception {
        FaultTools.assumeFaketime();
        Restart restart = restartOnTheKilledHoldersIdentities(WITHIN, -WITHIN, List.of("markless=true"), true);

        for (ChaosScheme scheme : List.of(ChaosScheme.TRACE_ID, ChaosScheme.LABLE, ChaosScheme.SNO)) {
            assertThat(restart.ids().get(scheme).duplicates()).as(scheme + " IDs issued twice without the mark")
                    .isPositive();
        }
    }

    /** Beyond the grace, the restart's leases are fenced for the skew: it issues nothing while its clock is off. */
    @Test
    @RequiresDatabase(TestDatabase.POSTGRESQL)
    void aRestartWhoseClockIsBehindBeyondTheGraceIsFencedAndIssuesNothing() throws Exception {
        FaultTools.assumeFaketime();
        Restart restart = restartOnTheKilledHoldersIdentities(0, -BEYOND, List.of(), false);

        assertThat(restart.ids().values()).allSatisfy(ids -> assertThat(ids.duplicates()).isZero());
        Progress last = Progress.of(restart.restarted().jvm()).get(Progress.of(restart.restarted().jvm()).size() - 1);
        for (ChaosScheme scheme : ChaosScheme.values()) {
            if (scheme.leased()) {
                String claimed = claimed(restart.restarted(), scheme);
                assertThat(claimed).as("fenced at its claim").contains("held=false");
                assertThat(restart.restarted().jvm().field("CLAIMED scheme=" + scheme.tag() + " ", "skew",
                        Duration.ofSeconds(1))).as("the skew it measured").isLessThan(-BEYOND + 1_000);
                assertThat(last.counts().get(scheme.tag())).as(scheme + " IDs while fenced").isZero();
            }
        }
        assertThat(refused(restart.restarted())).as("refusals while fenced").isPositive();
    }

    /** Without the fence and the mark, the same restart beyond the grace repeats IDs of the killed holder. */
    @Test
    @RequiresDatabase(TestDatabase.POSTGRESQL)
    void withoutTheFenceAndTheMarkARestartBehindBeyondTheGraceRepeatsIds() throws Exception {
        FaultTools.assumeFaketime();
        Restart restart = restartOnTheKilledHoldersIdentities(0, -BEYOND, List.of("unfenced=true", "markless=true"),
                true);

        for (ChaosScheme scheme : List.of(ChaosScheme.TRACE_ID, ChaosScheme.LABLE, ChaosScheme.SNO)) {
            assertThat(restart.ids().get(scheme).duplicates()).as(scheme + " IDs issued twice without fence or mark")
                    .isPositive();
        }
    }

    /**
     * A claimant whose clock runs far beyond the lease plus the grace ahead, in a process of its own, finds the live
     * holder's identity held, as the database's clock judges expiry; the holder never loses it (the JDBC contract's
     * {@code aClaimantWhoseClockRunsAMinuteAheadCannotTakeALiveIdentity} checks the same within one process). No
     * negative control here: an expiry judged on the claimant's clock would take the live identity, yet repeat no ID
     * (the claimant, ahead, starts after the holder's mark, and the holder can neither renew nor raise it once its
     * row is taken), so the checker would have nothing to find; it is availability that this clock protects.
     */
    @Test
    @RequiresDatabase(TestDatabase.POSTGRESQL)
    void aClaimantWhoseClockIsFarAheadDoesNotTakeALiveLease() throws Exception {
        FaultTools.assumeFaketime();
        try (ChaosStore store = JdbcChaosStore.postgreSql(run());
                Fleet fleet = new Fleet(store, dir, List.of("max=0", "rate=" + RATE))) {
            Fleet.Incarnation holder = fleet.add();
            holder.jvm().awaitLine("READY", Duration.ofSeconds(90));
            Fleet.Incarnation ahead = fleet.add(List.of(), 30_000);
            ahead.jvm().awaitLine("CLAIMING", Duration.ofSeconds(90));
            Thread.sleep(Nemesis.PAST_THE_LEASE.toMillis() + 1_000);

            assertThat(ahead.jvm().lines("CLAIMED")).as("identities the claimant 30 s ahead took").isEmpty();
            assertThat(refused(holder)).as("the holder's refusals").isZero();
            List<Progress> progress = Progress.of(holder.jvm());
            assertThat(progress.get(progress.size() - 1).allAbove(progress.get(progress.size() - 4).counts()))
                    .as("the holder still issues every scheme").isTrue();
            Fleet.stop(holder);
        }
    }

    /**
     * The fault of issue 33's incident: a successor with the paused holder's host name and process id (each is
     * process 1 of its own PID namespace, one host name) must not take the identities over at once as if the holder
     * had provably ended. It watches the holder's silence first (a renewal period plus the grace), then takes them
     * over (docs/LEASES.md, "Restarts"); the holder, continued past its lease, issues nothing more.
     */
    @Test
    @RequiresDatabase(TestDatabase.POSTGRESQL)
    void aSuccessorWithThePausedHoldersHostNameAndPidWatchesItsSilenceAndTheHolderContinuedRefuses()
            throws Exception {
        FaultTools.assumeNamespaces();
        NamespaceScenarios.Outcome twin = NamespaceScenarios.twin(dir, List.of(), "product", Nemesis.PAST_THE_LEASE,
                true);

        assertSameHostAndProcessId(twin);
        assertThat(takeOverMillis(twin.second())).as("from the successor's claim to its takeover")
                .isGreaterThanOrEqualTo(SILENCE.toMillis() - 50);
        List<Progress> continued = Progress.of(twin.first().jvm()).stream()
                .filter(progress -> progress.atMillis() >= twin.resumedAtMillis()).toList();
        assertThat(continued).as("the holder's progress after it was continued").hasSizeGreaterThan(3);
        for (ChaosScheme scheme : ChaosScheme.values()) {
            if (scheme.leased()) {
                assertThat(continued.get(continued.size() - 1).counts().get(scheme.tag()))
                        .as(scheme + " IDs of the holder, continued beside its successor")
                        .isEqualTo(continued.get(1).counts().get(scheme.tag()));
            }
        }
        assertThat(twin.ids().values()).allSatisfy(ids -> assertThat(ids.duplicates()).isZero());
        assertThat(twin.second().jvm().lines("VIOLATION")).isEmpty();
        assertThat(twin.first().jvm().lines("VIOLATION")).as("besides calls that took the pause")
                .allMatch(line -> line.contains("beyond the lease's remaining time")
                        || line.contains("more calls beyond their bound"));
    }

    /**
     * The negative control: the successor judges the holder by host name and process id, as before issue 33, and
     * takes its identities at once while the holder is paused for a second; the holder, without its fence, goes on
     * beside it. Duplicates follow.
     */
    @Test
    @RequiresDatabase(TestDatabase.POSTGRESQL)
    void judgedByHostNameAndPidASuccessorTakesALiveIdentityAndIdsRepeat() throws Exception {
        FaultTools.assumeNamespaces();
        NamespaceScenarios.Outcome twin = NamespaceScenarios.twin(dir, List.of("unfenced=true"), "hostAndPid",
                Duration.ofSeconds(1), true);

        assertSameHostAndProcessId(twin);
        assertThat(takeOverMillis(twin.second())).as("the shortcut: no watch").isLessThan(SILENCE.toMillis());
        for (ChaosScheme scheme : List.of(ChaosScheme.TRACE_ID, ChaosScheme.LABLE, ChaosScheme.SNO)) {
            assertThat(twin.ids().get(scheme).duplicates()).as(scheme + " IDs issued twice").isPositive();
        }
    }

    /** The same run as the product judges: the holder renews within the watch, keeps its identities, and no ID repeats. */
    @Test
    @RequiresDatabase(TestDatabase.POSTGRESQL)
    void asTheProductJudgesASuccessorLeavesTheLiveIdentityAlone() throws Exception {
        FaultTools.assumeNamespaces();
        NamespaceScenarios.Outcome twin = NamespaceScenarios.twin(dir, List.of("unfenced=true"), "product",
                Duration.ofSeconds(1), false);

        assertSameHostAndProcessId(twin);
        assertThat(twin.secondClaimed()).as("identities the successor took").isEmpty();
        assertThat(twin.ids().values()).allSatisfy(ids -> assertThat(ids.duplicates()).isZero());
        List<Progress> progress = Progress.of(twin.first().jvm());
        assertThat(progress.get(progress.size() - 1).allAbove(progress.stream()
                .filter(line -> line.atMillis() >= twin.resumedAtMillis()).findFirst().orElseThrow().counts()))
                .as("the holder issues every scheme after it was continued").isTrue();
    }

    /**
     * A partition through a network namespace: the holder's link goes down past its lease while another worker
     * waits for its identities. The holder refuses by its deadline and issues no ID after it, the other takes the
     * identities over and starts above the holder's mark, and the holder, back on the network, refuses beside it.
     */
    @Test
    @RequiresDatabase(TestDatabase.POSTGRESQL)
    void aPartitionedHolderRefusesWhileAnotherTakesItsIdentities() throws Exception {
        FaultTools.assumeNamespaces();
        NamespaceScenarios.Outcome partition = NamespaceScenarios.partition(dir, List.of());

        assertThat(partition.ids().values()).allSatisfy(ids -> assertThat(ids.duplicates()).isZero());
        assertThat(partition.first().jvm().lines("VIOLATION")).isEmpty();
        assertThat(partition.second().jvm().lines("VIOLATION")).isEmpty();
        assertThat(refused(partition.first())).as("the holder's refusals").isPositive();
        for (ChaosScheme scheme : ChaosScheme.values()) {
            if (scheme.leased()) {
                byte[][] holder = IdCheck.firstAndLast(dir, partition.first().name(), scheme);
                byte[][] successor = IdCheck.firstAndLast(dir, partition.second().name(), scheme);
                assertThat(Arrays.compareUnsigned(successor[0], holder[1])).as(scheme + ": the successor's first ID "
                        + "above the partitioned holder's last").isPositive();
            }
        }
    }

    /** The negative control: the same partition of a holder without its fence; it issues beside its successor. */
    @Test
    @RequiresDatabase(TestDatabase.POSTGRESQL)
    void withoutTheFenceAPartitionedHolderIssuesTheIdsOfItsSuccessor() throws Exception {
        FaultTools.assumeNamespaces();
        NamespaceScenarios.Outcome partition = NamespaceScenarios.partition(dir, List.of("unfenced=true"));

        for (ChaosScheme scheme : List.of(ChaosScheme.TRACE_ID, ChaosScheme.LABLE, ChaosScheme.SNO)) {
            assertThat(partition.ids().get(scheme).duplicates()).as(scheme + " IDs issued twice").isPositive();
        }
    }

    private static void assertSameHostAndProcessId(NamespaceScenarios.Outcome twin) throws InterruptedException {
        LeaseHolder holder = LeaseHolder.parse(holderId(twin.first()));
        LeaseHolder successor = LeaseHolder.parse(holderId(twin.second()));
        assertThat(successor.host()).as("host names").isEqualTo(holder.host()).contains(Fleet.HOST);
        assertThat(successor.processId()).as("process ids").isEqualTo(holder.processId()).hasValue(1);
        assertThat(successor).as("holders").isNotEqualTo(holder);
    }

    private static String holderId(Fleet.Incarnation worker) throws InterruptedException {
        String line = worker.jvm().awaitLine("HOLDER ", Duration.ofSeconds(5));
        return line.substring("HOLDER ".length(), line.lastIndexOf(" pid="));
    }

    /** From the worker's claim to its first identity taken, on its clock. */
    private static long takeOverMillis(Fleet.Incarnation worker) throws InterruptedException {
        return worker.jvm().field("CLAIMED ", "at", Duration.ofSeconds(5))
                - worker.jvm().field("CLAIMING ", "at", Duration.ofSeconds(5));
    }

    /** The refusals of the worker's last progress line. */
    static long refused(Fleet.Incarnation worker) {
        List<String> lines = worker.jvm().lines("PROGRESS");
        String last = lines.get(lines.size() - 1);
        return Long.parseLong(last.substring(last.lastIndexOf("refused=") + "refused=".length()));
    }

    /**
     * What a restart on the killed holder's identities came to.
     *
     * @param killed the killed holder
     * @param restarted its successor
     * @param ids the checker's findings over both
     */
    record Restart(Fleet.Incarnation killed, Fleet.Incarnation restarted, Map<ChaosScheme, IdCheck.SchemeResult> ids) {
    }

    /**
     * A holder issues for two seconds (or a second more than the restart's clock is behind) with its clock skewed
     * by {@code killedSkew}; its successor, its JVM started beforehand, claims the holder's identities the moment it
     * is killed (a holder of this PID namespace that ended: taken over at once), its own clock skewed by
     * {@code restartSkew}. Then the successor runs until it has issued every scheme, or for a few seconds when it is
     * not expected to issue.
     */
    private Restart restartOnTheKilledHoldersIdentities(long killedSkew, long restartSkew, List<String> switches,
            boolean issues) throws Exception {
        try (ChaosStore store = JdbcChaosStore.postgreSql(run());
                Fleet fleet = new Fleet(store, dir, List.of("max=0", "rate=" + RATE))) {
            Fleet.Incarnation killed = fleet.add(List.of(), killedSkew);
            killed.jvm().awaitLine("READY", Duration.ofSeconds(90));
            List<String> settings = new ArrayList<>(List.of("await.go=true"));
            settings.addAll(switches);
            settings.addAll(Fleet.identitiesOf(killed));
            Fleet.Incarnation restarted = fleet.add(settings, restartSkew);
            restarted.jvm().awaitLine("WAITING", Duration.ofSeconds(90));
            // Long enough for the restart's first IDs, stamped up to its skew behind, to fall among the holder's.
            Thread.sleep(Math.max(2_000, -restartSkew + 1_000));
            killed.jvm().kill();
            restarted.jvm().send("GO");
            if (issues) {
                // Up to a mark step (10 s) and the skew, for the clock to pass the mark the holder wrote ahead.
                Progress.awaitEveryScheme(restarted.jvm(), Duration.ofSeconds(30));
                Thread.sleep(1_000);
            } else {
                restarted.jvm().awaitLine("READY", Duration.ofSeconds(30));
                Thread.sleep(4_000);
            }
            Fleet.stop(restarted);
            Map<ChaosScheme, IdCheck.SchemeResult> ids = IdCheck.check(dir, List.of(killed.name(),
                    restarted.name()));
            System.out.println("[chaos] a restart skewed " + restartSkew + " ms on the identities of a holder skewed "
                    + killedSkew + " ms" + (switches.isEmpty() ? "" : ", " + switches) + ": " + ids);
            return new Restart(killed, restarted, ids);
        }
    }

    static String claimed(Fleet.Incarnation worker, ChaosScheme scheme) throws InterruptedException {
        return worker.jvm().awaitLine("CLAIMED scheme=" + scheme.tag() + " ", Duration.ofSeconds(30));
    }

    static String run() {
        return "f" + UUID.randomUUID().toString().substring(0, 8);
    }
}
