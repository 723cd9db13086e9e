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
import java.util.stream.LongStream;

/**
 * The multi-process uniqueness scenario of issue 5, for any lease store: {@link LeasedIdWriter} JVMs claim every
 * identity of a range and generate at full speed; some are interrupted (killed with {@code destroyForcibly()}, or
 * paused with {@code SIGSTOP} past their lease) and as many new ones started, which must wait for an interrupted
 * one's identity (the range is full) and then for the clock to pass its high-water mark; paused ones are resumed
 * beside their successors and must refuse to issue IDs; then all stop, and every ID of every file must be distinct.
 *
 * <p>Processes are named A, B, C...: A and the last one run throughout, those between are interrupted in the order
 * given; the new process started after B's interruption is B2, and so on (B2 may take C's identity).
 *
 * <p>The store-specific checks (that an identity was not taken before its holder's lease lapsed) are the caller's,
 * through {@link Store#afterInterruption} and the returned {@link Handover}s.
 */
public final class KillAndRestartScenario {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(60);

    /** What happens to a process in the middle of the run. */
    public enum Interruption {

        /** Killed at once, as {@code kill -9} or a crash would: nothing released, nothing flushed. */
        KILL,

        /**
         * Stopped with {@code SIGSTOP}, as a long GC pause or a suspended VM would stop it, until its successor
         * issues IDs; then resumed, when it must refuse to issue IDs (fencing), and told to end normally.
         */
        PAUSE
    }

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

    /** How the children reach the store, and what the caller checks when one has been interrupted. */
    public interface Store {

        /**
         * Returns the arguments that make a child write to the given file.
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
         * Called at once after a child was killed or paused, before its successor starts.
         *
         * @param child the dead or paused child
         * @param identity the identity it held
         * @param atMillis the wall time when it was confirmed dead, or sent the stop signal
         * @throws Exception when the check fails
         */
        void afterInterruption(ChildJvm child, long identity, long atMillis) throws Exception;

        /**
         * Called when a paused child, resumed, has ended normally (releasing what it believes it holds) while its
         * successor still runs: the successor must still hold the identity.
         *
         * @param resumed the ended child
         * @param identity the identity it held before its pause
         * @param successor the running child that holds the identity now
         * @throws Exception when the check fails
         */
        void afterResumedEnded(ChildJvm resumed, long identity, ChildJvm successor) throws Exception;
    }

    /**
     * One identity that passed from an interrupted process to a new one.
     *
     * @param interrupted the interrupted process's name
     * @param how how it was interrupted
     * @param identity the identity
     * @param interruptedAtMillis when it was confirmed dead or sent the stop signal
     * @param successor the new holder's name
     * @param successorPid the new holder's process id
     * @param claimedAtMillis when the new holder printed that it held the identity
     * @param mark the high-water mark the new holder found
     */
    public record Handover(String interrupted, Interruption how, long identity, long interruptedAtMillis,
            String successor, long successorPid, long claimedAtMillis, long mark) {
    }

    private final Path directory;
    private final Store store;
    private final Scheme scheme;
    private final long min;
    private final long minimumIdsPerProcess;
    private final List<Interruption> interruptions;

    /**
     * Prepares the scenario.
     *
     * @param directory where the ID files and standard-error files go
     * @param store how children reach the store
     * @param scheme how IDs are read
     * @param min the lowest identity of the claim's range; the range, set by the store's arguments, must be
     *     {@code min} to {@code min + interruptions.length + 1}: as many identities as processes
     * @param minimumIdsPerProcess how many IDs each child must at least have written
     * @param interruptions what happens to B, C..., at the same moment
     */
    public KillAndRestartScenario(Path directory, Store store, Scheme scheme, long min, long minimumIdsPerProcess,
            Interruption... interruptions) {
        if (interruptions.length == 0) {
            throw new IllegalArgumentException("Give at least one interruption");
        }
        this.directory = directory;
        this.store = store;
        this.scheme = scheme;
        this.min = min;
        this.minimumIdsPerProcess = minimumIdsPerProcess;
        this.interruptions = List.of(interruptions);
    }

    /**
     * Runs the scenario and checks what holds for every store.
     *
     * @return one handover per interruption, in order
     * @throws Exception when a child fails or a check fails
     */
    public List<Handover> run() throws Exception {
        Map<String, ChildJvm> children = new LinkedHashMap<>();
        try {
            Map<String, Long> identities = startAll(children);
            Thread.sleep(2_000); // all at full speed

            List<ChildJvm> interrupted = new ArrayList<>();
            Map<String, Long> interruptedAt = new LinkedHashMap<>();
            for (int i = 0; i < interruptions.size(); i++) {
                ChildJvm child = children.get(String.valueOf((char) ('B' + i)));
                if (interruptions.get(i) == Interruption.PAUSE) {
                    child.pause();
                } else {
                    child.kill();
                }
                interrupted.add(child);
                interruptedAt.put(child.name(), System.currentTimeMillis());
            }
            for (ChildJvm child : interrupted) {
                store.afterInterruption(child, identities.get(child.name()), interruptedAt.get(child.name()));
            }

            List<ChildJvm> successors = startSuccessors(interrupted, children, identities);
            for (int i = 0; i < interruptions.size(); i++) {
                if (interruptions.get(i) == Interruption.PAUSE) {
                    // Now two processes have believed they hold one identity: the resumed one must notice first.
                    interrupted.get(i).resume();
                }
            }
            Thread.sleep(2_000); // the successors at full speed beside the survivors (and the resumed)
            endAll(children, interrupted, successors, identities);

            Map<String, FileSummary> summaries = checkFiles(children, identities);
            System.out.println("Interrupted " + interruptions + " at " + interruptedAt);
            return checkHandovers(interrupted, interruptedAt, successors, identities, summaries);
        } finally {
            for (ChildJvm child : children.values()) {
                child.close();
            }
        }
    }

    /** Starts A, B, C... at once and waits until each holds an identity of the range and has written IDs. */
    private Map<String, Long> startAll(Map<String, ChildJvm> children) throws Exception {
        int processes = interruptions.size() + 2;
        for (int i = 0; i < processes; i++) {
            String name = String.valueOf((char) ('A' + i));
            children.put(name, start(name));
        }
        Map<String, Long> identities = new LinkedHashMap<>();
        for (ChildJvm child : children.values()) {
            identities.put(child.name(), child.field("CLAIMED", "identity", START_TIMEOUT));
        }
        assertThat(identities.values()).as("the identities of the first %d processes", processes)
                .containsExactlyInAnyOrderElementsOf(LongStream.range(min, min + processes).boxed().toList());
        for (ChildJvm child : children.values()) {
            child.awaitLine("READY", START_TIMEOUT);
        }
        return identities;
    }

    /** Starts one new process per interrupted one and waits until each holds an identity and has written IDs. */
    private List<ChildJvm> startSuccessors(List<ChildJvm> interrupted, Map<String, ChildJvm> children,
            Map<String, Long> identities) throws Exception {
        List<ChildJvm> successors = new ArrayList<>();
        for (ChildJvm child : interrupted) {
            ChildJvm successor = start(child.name() + "2");
            children.put(successor.name(), successor);
            successors.add(successor);
        }
        for (ChildJvm successor : successors) {
            identities.put(successor.name(), successor.field("CLAIMED", "identity", START_TIMEOUT));
            successor.awaitLine("READY", START_TIMEOUT);
        }
        // The range is full, so the successors can only have had the interrupted ones' identities.
        assertThat(successors.stream().map(successor -> identities.get(successor.name())).toList())
                .as("the new processes' identities").containsExactlyInAnyOrderElementsOf(
                        interrupted.stream().map(child -> identities.get(child.name())).toList());
        return successors;
    }

    /**
     * Ends the resumed processes first, checking through the store that their orderly end left their
     * successors' leases alone, then all others still running; each must end normally.
     */
    private void endAll(Map<String, ChildJvm> children, List<ChildJvm> interrupted, List<ChildJvm> successors,
            Map<String, Long> identities) throws Exception {
        for (int i = 0; i < interruptions.size(); i++) {
            if (interruptions.get(i) == Interruption.PAUSE) {
                ChildJvm resumed = interrupted.get(i);
                long identity = identities.get(resumed.name());
                resumed.stop();
                resumed.awaitSuccess(Duration.ofSeconds(30));
                resumed.awaitLine("DONE", Duration.ofSeconds(5));
                store.afterResumedEnded(resumed, identity, successorOf(identity, successors, identities));
            }
        }
        List<ChildJvm> running = children.values().stream().filter(child -> !interrupted.contains(child)).toList();
        running.forEach(ChildJvm::stop);
        for (ChildJvm child : running) {
            child.awaitSuccess(Duration.ofSeconds(30));
            child.awaitLine("DONE", Duration.ofSeconds(5));
        }
    }

    /** Reads every file once: enough IDs each, each with its process's identity, and no ID twice in all. */
    private Map<String, FileSummary> checkFiles(Map<String, ChildJvm> children, Map<String, Long> identities)
            throws IOException {
        DistinctIds distinct = new DistinctIds(scheme.blockBits());
        Map<String, FileSummary> summaries = new LinkedHashMap<>();
        for (ChildJvm child : children.values()) {
            summaries.put(child.name(), summarize(child.name(), identities.get(child.name()), distinct));
        }
        Map<String, Long> counts = new LinkedHashMap<>();
        summaries.forEach((name, summary) -> counts.put(name, summary.count()));
        System.out.println("IDs written per process: " + counts + "; identities " + identities + "; " + distinct);

        for (Map.Entry<String, FileSummary> entry : summaries.entrySet()) {
            String name = entry.getKey();
            assertThat(entry.getValue().count()).as("IDs written by " + name)
                    .isGreaterThanOrEqualTo(minimumIdsPerProcess);
            assertThat(entry.getValue().foreign()).as("IDs of " + name + " that do not carry its identity "
                    + identities.get(name)).isZero();
        }
        assertThat(distinct.duplicates()).as("IDs written more than once, across all processes").isEmpty();
        return summaries;
    }

    /** Checks the high-water mark across each handover, and the fencing of each resumed process. */
    private List<Handover> checkHandovers(List<ChildJvm> interrupted, Map<String, Long> interruptedAt,
            List<ChildJvm> successors, Map<String, Long> identities, Map<String, FileSummary> summaries)
            throws InterruptedException {
        List<Handover> handovers = new ArrayList<>();
        for (int i = 0; i < interruptions.size(); i++) {
            ChildJvm child = interrupted.get(i);
            long identity = identities.get(child.name());
            ChildJvm successor = successorOf(identity, successors, identities);
            long mark = successor.field("CLAIMED", "mark", START_TIMEOUT);
            Handover handover = new Handover(child.name(), interruptions.get(i), identity,
                    interruptedAt.get(child.name()), successor.name(), successor.pid(),
                    successor.field("CLAIMED", "wallMillis", START_TIMEOUT), mark);
            System.out.println("Handover: " + handover);
            assertThat(mark).as("the high-water mark %s found covers the last ID of %s", successor.name(),
                    child.name()).isGreaterThanOrEqualTo(summaries.get(child.name()).lastEndMillis());
            assertThat(summaries.get(successor.name()).firstStartMillis())
                    .as("the first ID of %s lies after the high-water mark it found", successor.name())
                    .isGreaterThan(mark);
            if (handover.how() == Interruption.PAUSE) {
                assertThat(child.field("DONE", "refused", Duration.ofSeconds(5)))
                        .as("calls %s refused after it resumed (fencing)", child.name()).isPositive();
            }
            handovers.add(handover);
        }
        return handovers;
    }

    private static ChildJvm successorOf(long identity, List<ChildJvm> successors, Map<String, Long> identities) {
        return successors.stream().filter(successor -> identities.get(successor.name()) == identity).findFirst()
                .orElseThrow();
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
