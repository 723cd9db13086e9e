package dev.ids.node.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.node.process.ChildJvm;
import dev.ids.node.process.DistinctIds;
import dev.ids.node.process.LeasedIdWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 13, item 1: leases kept in an H2 file database that instances share through {@code AUTO_SERVER=TRUE} (the
 * first to open the file serves it to the others) survive a {@code kill -9} of the serving process, when the
 * database writes each commit before acknowledging it ({@code WRITE_DELAY=0}, which the JDBC store requires).
 *
 * <p>Each round uses a new database file and three JVMs: A opens the file and serves it ({@link H2FileHost}); B
 * (a {@link LeasedIdWriter}) claims {@value #CLAIMS} TraceId node numbers through A's server, issues an ID on each
 * (its first high-water mark) and prints {@code HOLDS}; at once the test kills A with {@code destroyForcibly()}
 * ({@code SIGKILL}); then W (its JVM started beside A's and idle until now, never connected) opens the file again
 * (it or B serves it from then on), claims {@value #CLAIMS} node numbers of the same range and issues IDs beside B
 * for a second. W must hold none of B's numbers (B's rows were committed, so a number of B's that W was given is a
 * claim the crash lost) and no ID may occur twice across B and W. The rounds run at once.
 *
 * <p>B keeps the starter's default lease (60 s, renewed every 20 s) and goes to the store again only for its next
 * high-water mark, about 5 s after its first ID, as the sample's instances would: a lost claim then also shows as
 * the duplicates it causes, not only as W's numbers. The report gives, per round, how long after B's {@code HOLDS}
 * line A was dead: H2's default write delay is 500 ms, so only a kill within about that time can find a commit
 * unwritten, and the failing variant below shows that the rounds do.
 *
 * <p>With H2's default write delay the same rounds lost claims (2,800, 0 and 2,400 duplicate IDs in three runs);
 * the store now refuses such a file at its first claim ({@link dev.ids.node.UnsafeLeaseStoreException}), so the
 * writers of this variant fail at once. Run
 * {@code ./mvnw -B -o verify -pl id-core -Dit.test=H2AutoServerHostKilledIT -Dtest=none
 * -Dsurefire.failIfNoSpecifiedTests=false -Dids.test.h2kill.writeDelay=default -Dids.test.h2kill.rounds=20}
 * ({@code writeDelay} also takes a number of milliseconds; {@code ids.test.h2kill.parallel} sets how many rounds
 * run at a time) and the test fails, reporting each round.
 */
class H2AutoServerHostKilledIT {

    /*
     * A round takes about a minute, nearly all of it waiting (B's claims through A's server, then H2 waiting for the
     * dead server's lock file to age), so every round runs at once. Four rounds still kill A within H2's default
     * write delay each time (13 to 185 ms after B's claims over ten rounds), which is what the failing variant needs.
     */
    private static final int ROUNDS = Integer.getInteger("ids.test.h2kill.rounds", 4);
    private static final int PARALLEL = Integer.getInteger("ids.test.h2kill.parallel", ROUNDS);
    /** {@code 0} as the store requires; {@code default} leaves H2's own (500 ms), which the store refuses. */
    private static final String WRITE_DELAY = System.getProperty("ids.test.h2kill.writeDelay", "0");
    private static final int CLAIMS = 3;
    private static final String TABLE = "ids_node_lease";
    private static final String NAMESPACE = "trace-id";
    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    private static final Pattern IDENTITIES = Pattern.compile("identities=([0-9,]+) wallMillis=(\\d+)");

    @TempDir
    Path directory;

    @Test
    void claimsMadeThroughTheServingProcessSurviveItsKillAndNoIdIsIssuedTwice() throws Exception {
        long start = System.nanoTime();
        // Rounds share nothing (each has its own file, and its server its own port), so they run at once.
        ExecutorService executor = Executors.newFixedThreadPool(PARALLEL);
        List<Round> rounds = new ArrayList<>();
        try {
            List<Future<Round>> futures = new ArrayList<>();
            for (int number = 1; number <= ROUNDS; number++) {
                int round = number;
                futures.add(executor.submit(() -> round(round)));
            }
            for (Future<Round> future : futures) {
                rounds.add(result(future));
            }
        } finally {
            executor.shutdownNow();
        }
        long lostClaims = rounds.stream().mapToLong(Round::lostClaims).sum();
        long duplicates = rounds.stream().mapToLong(Round::duplicates).sum();
        String summary = rounds.size() + " rounds with WRITE_DELAY=" + WRITE_DELAY + " in "
                + Duration.ofNanos(System.nanoTime() - start).toMillis() + " ms: "
                + rounds.stream().filter(round -> round.lostClaims() > 0).count() + " rounds lost claims ("
                + lostClaims + " claims), " + rounds.stream().filter(round -> round.duplicates() > 0).count()
                + " rounds issued duplicates (" + duplicates + " IDs); kill came "
                + rounds.stream().mapToLong(Round::killLagMillis).summaryStatistics()
                + " ms after B's claims\n" + rounds.stream().map(Round::toString).collect(Collectors.joining("\n"));
        System.out.println(summary);

        assertThat(lostClaims).as("node numbers W was given that B had claimed; %s", summary).isZero();
        assertThat(duplicates).as("IDs issued twice across B and W; %s", summary).isZero();
    }

    private Round round(int number) throws Exception {
        Path dir = Files.createDirectories(directory.resolve("round-" + number));
        String url = "jdbc:h2:file:" + dir.resolve("ids").toAbsolutePath() + ";AUTO_SERVER=TRUE"
                + ("default".equals(WRITE_DELAY) ? "" : ";WRITE_DELAY=" + WRITE_DELAY);
        long start = System.nanoTime();
        List<ChildJvm> children = new ArrayList<>();
        try {
            // B's and W's JVMs start beside A's and wait for the line that starts their claims: a round then
            // costs one JVM start-up, not three in a row.
            Path claimantFile = dir.resolve("B.ids");
            Path successorFile = dir.resolve("W.ids");
            ChildJvm host = start(children, "A" + number, dir, H2FileHost.class, List.of(url, TABLE));
            ChildJvm claimant = start(children, "B" + number, dir, LeasedIdWriter.class,
                    writerArguments(url, claimantFile));
            ChildJvm successor = start(children, "W" + number, dir, LeasedIdWriter.class,
                    writerArguments(url, successorFile));
            host.awaitLine("SERVING", TIMEOUT);
            long serving = System.nanoTime();
            claimant.send("go");
            Matcher claimed = parse(claimant, claimant.awaitLine("HOLDS", TIMEOUT));
            host.kill();
            long killed = System.nanoTime();
            long killLag = System.currentTimeMillis() - Long.parseLong(claimed.group(2));
            Set<Long> claimantHolds = identities(claimed);

            successor.send("go");
            Set<Long> successorHolds = identities(parse(successor, successor.awaitLine("HOLDS", TIMEOUT)));
            long taken = System.nanoTime();
            Thread.sleep(1_000); // both issue IDs; W on B's numbers, if it was given them, in the same seconds

            claimant.stop();
            successor.stop();
            for (ChildJvm writer : List.of(claimant, successor)) {
                writer.awaitSuccess(TIMEOUT);
                writer.awaitLine("DONE", Duration.ofSeconds(5));
            }
            Set<Long> lost = new TreeSet<>(successorHolds);
            lost.retainAll(claimantHolds);
            DistinctIds distinct = new DistinctIds(22); // TraceId: node number and second above bit 22
            long[] claimantIds = ChildJvm.readIds(claimantFile);
            long[] successorIds = ChildJvm.readIds(successorFile);
            Arrays.stream(claimantIds).forEach(id -> distinct.add(id, "B"));
            Arrays.stream(successorIds).forEach(id -> distinct.add(id, "W"));
            assertThat(claimantIds.length).as("IDs B wrote in round %d", number).isPositive();
            assertThat(successorIds.length).as("IDs W wrote in round %d", number).isPositive();
            Round round = new Round(number, claimantHolds, killLag, successorHolds, lost.size(), claimantIds.length,
                    successorIds.length, distinct.duplicateCount(), distinct.duplicates(), millis(start, serving),
                    millis(serving, killed), millis(killed, taken), millis(start, System.nanoTime()));
            System.out.println(round);
            return round;
        } finally {
            children.forEach(ChildJvm::close);
        }
    }

    private static Round result(Future<Round> future) throws Exception {
        try {
            return future.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Exception cause) {
                throw cause;
            }
            throw e;
        }
    }

    private static long millis(long fromNanos, long toNanos) {
        return (toNanos - fromNanos) / 1_000_000;
    }

    private static ChildJvm start(List<ChildJvm> children, String name, Path dir, Class<?> main, List<String> args)
            throws IOException {
        ChildJvm child = ChildJvm.start(name, dir, main, args);
        children.add(child);
        return child;
    }

    /**
     * The starter's default lease and grace, connections kept open as the starter's pool keeps them (so that
     * whoever opens the file after A's death keeps serving it), and 2,000 IDs a second per node number: within
     * one second B and W, both starting each second's chunks at 0, repeat IDs at once if they share a number.
     */
    private static List<String> writerArguments(String url, Path out) {
        return List.of("jdbc.url=" + url, "jdbc.user=sa", "jdbc.password=", "jdbc.table=" + TABLE,
                "jdbc.pool=true", "lease.ms=60000", "grace.ms=10000", "scheme=trace-id", "namespace=" + NAMESPACE,
                "min=1", "max=" + 2 * CLAIMS, "claims=" + CLAIMS, "rate=2000", "seconds=60", "await.go=true",
                "out=" + out);
    }

    private static Matcher parse(ChildJvm child, String line) {
        Matcher matcher = IDENTITIES.matcher(line);
        assertThat(matcher.find()).as("%s's line '%s' names identities and wallMillis", child.name(), line).isTrue();
        return matcher;
    }

    private static Set<Long> identities(Matcher holds) {
        return Arrays.stream(holds.group(1).split(",")).map(Long::valueOf)
                .collect(Collectors.toCollection(TreeSet::new));
    }

    /** What one round came to. */
    private record Round(int number, Set<Long> claimantHolds, long killLagMillis, Set<Long> successorHolds,
            long lostClaims, long claimantIds, long successorIds, long duplicates, List<String> examples,
            long servingMillis, long claimsMillis, long takeoverMillis, long millis) {

        @Override
        public String toString() {
            return "round " + number + ": B held " + claimantHolds + ", A killed " + killLagMillis + " ms after; W"
                    + " held " + successorHolds + "; lost claims " + lostClaims + ", IDs B " + claimantIds + " W "
                    + successorIds + ", duplicates " + duplicates + (examples.isEmpty() ? "" : " e.g. "
                    + examples.subList(0, Math.min(3, examples.size()))) + "; " + millis + " ms (A served after "
                    + servingMillis + ", B held after " + claimsMillis + " more, W after " + takeoverMillis
                    + " more)";
        }
    }
}
