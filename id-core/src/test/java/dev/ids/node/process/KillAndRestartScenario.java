package dev.ids.node.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongToIntFunction;
import java.util.function.LongUnaryOperator;

/**
 * The multi-process uniqueness scenario of issue 5, for any lease store: three {@link LeasedIdWriter} JVMs claim
 * the three identities of a range and generate at full speed; one is killed with {@code destroyForcibly()} and a
 * new one started, which must wait for the killed one's identity (the range is full) and then for the clock to
 * pass its high-water mark; then all stop, and every ID of every file must be distinct.
 *
 * <p>{@link #pausingInsteadOfKilling()} gives the same scenario with B paused past its lease instead of killed.
 *
 * <p>The store-specific checks (that the identity was not taken before the killed holder's lease lapsed) are the
 * caller's, through {@link Store#afterKill} and the returned {@link Outcome}.
 */
public final class KillAndRestartScenario {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(60);

    /** How the IDs of a scheme are read, for the checks. */
    public interface Scheme {

        /**
         * Returns the node identity an ID carries.
         *
         * @param id the ID
         * @return the identity
         */
        long identity(long id);

        /**
         * Returns the first millisecond of the span of time the ID stands for.
         *
         * @param id the ID
         * @return epoch milliseconds
         */
        long startMillis(long id);

        /**
         * Returns the last millisecond of the span of time the ID stands for.
         *
         * @param id the ID
         * @return epoch milliseconds
         */
        long endMillis(long id);

        /**
         * Returns how many low bits of an ID the duplicate check keeps in one bit set: 0 to sort all IDs instead.
         *
         * @return the number of bits
         */
        int blockBits();
    }

    /** How the children reach the store, and what the caller checks when one has been killed. */
    public interface Store {

        /**
         * Returns the main class and arguments that make a {@link LeasedIdWriter} write to the given file.
         *
         * @param out the output file
         * @return the main class's arguments, store settings and {@code out=} included
         */
        List<String> arguments(Path out);

        /**
         * Returns the main class of the children.
         *
         * @return the class
         */
        Class<?> mainClass();

        /**
         * Called at once after the child was killed, before the new one starts.
         *
         * @param killed the dead child
         * @param identity the identity it held
         * @param killedAtMillis the wall time when it was confirmed dead
         * @throws Exception when the check fails
         */
        void afterKill(ChildJvm killed, long identity, long killedAtMillis) throws Exception;
    }

    /**
     * What happened, for the caller's own checks.
     *
     * @param killedIdentity the identity of the killed child
     * @param killedAtMillis when it was confirmed dead
     * @param restartClaimedAtMillis when its successor printed that it held a lease
     * @param restartIdentity the successor's identity
     * @param restartPid the successor's process id
     * @param counts the number of IDs in each child's file, by child name
     */
    public record Outcome(long killedIdentity, long killedAtMillis, long restartClaimedAtMillis,
            long restartIdentity, long restartPid, Map<String, Long> counts) {
    }

    private final Path directory;
    private final Store store;
    private final Scheme scheme;
    private final long min;
    private final long minimumIdsPerProcess;
    private final boolean pause;

    /**
     * Returns the same scenario with a pause instead of a kill: B is stopped ({@code SIGSTOP}, as a long GC pause
     * or a suspended VM would stop it) until its successor holds its identity and issues IDs, then resumed
     * ({@code SIGCONT}); B must then refuse to issue IDs (fencing), and end normally when told to.
     *
     * @return the scenario with a pause
     */
    public KillAndRestartScenario pausingInsteadOfKilling() {
        return new KillAndRestartScenario(directory, store, scheme, min, minimumIdsPerProcess, true);
    }

    /**
     * Prepares the scenario.
     *
     * @param directory where the ID files and standard-error files go
     * @param store how children reach the store
     * @param scheme how IDs are read
     * @param min the lowest identity of the claim's range; the range is {@code min} to {@code min + 2}, set by
     *     the caller's arguments as well
     * @param minimumIdsPerProcess how many IDs each child must at least have written
     */
    public KillAndRestartScenario(Path directory, Store store, Scheme scheme, long min, long minimumIdsPerProcess) {
        this(directory, store, scheme, min, minimumIdsPerProcess, false);
    }

    private KillAndRestartScenario(Path directory, Store store, Scheme scheme, long min, long minimumIdsPerProcess,
            boolean pause) {
        this.pause = pause;
        this.directory = directory;
        this.store = store;
        this.scheme = scheme;
        this.min = min;
        this.minimumIdsPerProcess = minimumIdsPerProcess;
    }

    /**
     * Runs the scenario and checks what holds for every store.
     *
     * @return what happened
     * @throws Exception when a child fails or a check fails
     */
    public Outcome run() throws Exception {
        Map<String, ChildJvm> children = new LinkedHashMap<>();
        try {
            for (String name : List.of("A", "B", "C")) {
                children.put(name, start(name));
            }
            Map<String, Long> identities = new LinkedHashMap<>();
            for (ChildJvm child : children.values()) {
                identities.put(child.name(), child.field("CLAIMED", "identity", START_TIMEOUT));
            }
            assertThat(identities.values()).as("the three processes' identities")
                    .containsExactlyInAnyOrder(min, min + 1, min + 2);
            for (ChildJvm child : children.values()) {
                child.awaitLine("READY", START_TIMEOUT);
            }
            Thread.sleep(2_000); // all three at full speed

            ChildJvm killed = children.get("B");
            long killedIdentity = identities.get("B");
            if (pause) {
                killed.pause();
            } else {
                killed.kill();
            }
            long killedAt = System.currentTimeMillis();
            store.afterKill(killed, killedIdentity, killedAt);

            ChildJvm restarted = start("B2");
            children.put("B2", restarted);
            long restartIdentity = restarted.field("CLAIMED", "identity", START_TIMEOUT);
            long restartClaimedAt = restarted.field("CLAIMED", "wallMillis", START_TIMEOUT);
            long restartMark = restarted.field("CLAIMED", "mark", START_TIMEOUT);
            restarted.awaitLine("READY", START_TIMEOUT);
            if (pause) {
                killed.resume(); // now a second process believes, for a moment, that it holds the identity
            }
            Thread.sleep(2_000); // the successor at full speed beside the two survivors

            for (ChildJvm child : children.values()) {
                if (pause || child != killed) {
                    child.stop();
                }
            }
            Map<String, Long> counts = new LinkedHashMap<>();
            for (ChildJvm child : children.values()) {
                if (pause || child != killed) {
                    child.awaitSuccess(Duration.ofSeconds(30));
                    child.awaitLine("DONE", Duration.ofSeconds(5));
                }
            }
            long resumedRefusals = pause ? killed.field("DONE", "refused", Duration.ofSeconds(5)) : 0;
            identities.put("B2", restartIdentity);
            DistinctIds distinct = new DistinctIds(scheme.blockBits());
            Map<String, FileSummary> summaries = new LinkedHashMap<>();
            for (ChildJvm child : children.values()) {
                FileSummary summary = summarize(child.name(), identities.get(child.name()), distinct);
                summaries.put(child.name(), summary);
                counts.put(child.name(), summary.count());
            }
            System.out.println("IDs written per process: " + counts + "; identities " + identities + "; B "
                    + (pause ? "paused" : "killed") + " at " + killedAt + ", B2 claimed at " + restartClaimedAt
                    + " with mark " + restartMark + "; " + distinct);

            for (Map.Entry<String, FileSummary> entry : summaries.entrySet()) {
                String name = entry.getKey();
                assertThat(entry.getValue().count()).as("IDs written by " + name)
                        .isGreaterThanOrEqualTo(minimumIdsPerProcess);
                assertThat(entry.getValue().foreign()).as("IDs of " + name + " that do not carry its identity "
                        + identities.get(name)).isZero();
            }
            assertThat(distinct.duplicates()).as("IDs written more than once, across all processes").isEmpty();

            // The range is full, so the successor can only have had the killed one's identity.
            assertThat(restartIdentity).as("the restarted process's identity").isEqualTo(killedIdentity);
            long lastOfKilled = summaries.get("B").lastEndMillis();
            long firstOfRestart = summaries.get("B2").firstStartMillis();
            assertThat(restartMark).as("the high-water mark the successor found covers the killed one's last ID")
                    .isGreaterThanOrEqualTo(lastOfKilled);
            assertThat(firstOfRestart).as("the successor's first ID lies after the high-water mark")
                    .isGreaterThan(restartMark);
            if (pause) {
                assertThat(resumedRefusals).as("calls the paused process had refused after it resumed (fencing)")
                        .isPositive();
            }
            return new Outcome(killedIdentity, killedAt, restartClaimedAt, restartIdentity, restarted.pid(), counts);
        } finally {
            for (ChildJvm child : children.values()) {
                child.close();
            }
        }
    }

    private ChildJvm start(String name) throws IOException {
        List<String> arguments = new ArrayList<>(store.arguments(file(name)));
        arguments.add("seconds=90"); // at most: the scenario stops them by closing their input
        return ChildJvm.start(name, directory, store.mainClass(), arguments);
    }

    private Path file(String name) {
        return directory.resolve(name + ".ids");
    }

    private record FileSummary(long count, long foreign, long firstStartMillis, long lastEndMillis) {
    }

    /** Streams one child's file through the checks, so that tens of millions of IDs need little memory. */
    private FileSummary summarize(String name, long identity, DistinctIds distinct) throws IOException {
        long count = 0;
        long foreign = 0;
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(
                Files.newInputStream(file(name)), 1 << 16))) {
            long remaining = Files.size(file(name)) / Long.BYTES; // a killed writer may leave part of one ID
            for (; remaining > 0; remaining--) {
                long id = in.readLong();
                count++;
                if (scheme.identity(id) != identity) {
                    foreign++;
                }
                first = Math.min(first, scheme.startMillis(id));
                last = Math.max(last, scheme.endMillis(id));
                distinct.add(id, name);
            }
        }
        return new FileSummary(count, foreign, first, last);
    }

    /**
     * Scheme readers.
     *
     * @param identity the identity an ID carries
     * @param start the first millisecond of its time
     * @param end the last millisecond of its time
     * @param blockBits see {@link Scheme#blockBits()}
     * @return the scheme
     */
    public static Scheme scheme(LongToIntFunction identity, LongUnaryOperator start, LongUnaryOperator end,
            int blockBits) {
        return new Scheme() {
            @Override
            public long identity(long id) {
                return identity.applyAsInt(id);
            }

            @Override
            public long startMillis(long id) {
                return start.applyAsLong(id);
            }

            @Override
            public long endMillis(long id) {
                return end.applyAsLong(id);
            }

            @Override
            public int blockBits() {
                return blockBits;
            }
        };
    }
}
