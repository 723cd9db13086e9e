package dev.ids.node.process;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.testing.CutProxy;
import java.io.IOException;
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
 * (and cut ones reconnected) beside their successors and must refuse to issue IDs; then all stop, and every ID of
 * every file must be distinct.
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
        PAUSE,

        /**
         * Its link to the store cut, every byte stalled in both directions as a network partition stalls them,
         * through a {@link CutProxy} of its own, until its successor issues IDs; then restored, so that what it sent
         * during the cut arrives late, beside the successor. Meanwhile each of its calls must return or refuse
         * within its lease's remaining time plus a second, and it must refuse once its lease has lapsed; then it is
         * told to end normally. Needs the store's {@link Store#port()} and {@link Store#arguments(Path, int)}.
         */
        CUT;

        /** Whether the process lives on beside its successor, and must then refuse. */
        boolean outlivesIt() {
            return this != KILL;
        }
    }

    /**
     * How the IDs of a scheme are read, for the checks.
     *
     * @param identity the node identity an ID carries
     * @param startMillis the first epoch millisecond of the span of time an ID stands for
     * @param endMillis the last epoch millisecond of that span
     * @param blockBits how many low bits of an ID the duplicate check keeps in one bit set: 0 to sort all IDs
     *     instead (see {@link DistinctIds})
     */
    public record Scheme(LongToIntFunction identity, LongUnaryOperator startMillis, LongUnaryOperator endMillis,
            int blockBits) {
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
         * Returns the port of the store's server on 127.0.0.1, for {@link Interruption#CUT}.
         *
         * @return the port
         */
        default int port() {
            throw new UnsupportedOperationException("This store names no port: a CUT needs Store.port()");
        }

        /**
         * Returns the arguments that make a child write to the given file and reach the store through the given
         * port of 127.0.0.1 instead of {@link #port()}, for {@link Interruption#CUT}.
         *
         * @param out the output file
         * @param port the port of the proxy that stands between the child and the store
         * @return the main class's arguments, store settings and {@code out=} included
         */
        default List<String> arguments(Path out, int port) {
            throw new UnsupportedOperationException("This store cannot be reached through a proxy: a CUT needs "
                    + "Store.arguments(out, port)");
        }

        /**
         * Returns the main class of the children.
         *
         * @return the class
         */
        Class<?> mainClass();

        /**
         * Called at once after a child was killed, paused or cut off, before its successor starts.
         *
         * @param child the dead, paused or cut-off child
         * @param identity the identity it held
         * @param atMillis the wall time when it was confirmed dead, sent the stop signal or cut off
         * @throws Exception when the check fails
         */
        void afterInterruption(ChildJvm child, long identity, long atMillis) throws Exception;

        /**
         * Called when a paused or cut-off child, resumed or reconnected, has ended normally (releasing what it
         * believes it holds) while its successor still runs: the successor must still hold the identity.
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
    /** The links of the children to be cut, by name. */
    private final Map<String, CutProxy> links = new LinkedHashMap<>();

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
                switch (interruptions.get(i)) {
                    case KILL -> child.kill();
                    case PAUSE -> child.pause();
                    case CUT -> links.get(child.name()).hang();
                }
                interrupted.add(child);
                interruptedAt.put(child.name(), System.currentTimeMillis());
            }
            for (ChildJvm child : interrupted) {
                store.afterInterruption(child, identities.get(child.name()), interruptedAt.get(child.name()));
            }

            List<ChildJvm> successors = startSuccessors(interrupted, children, identities);
            for (int i = 0; i < interruptions.size(); i++) {
                // Now two processes have believed they hold one identity: the resumed one must notice first.
                if (interruptions.get(i) == Interruption.PAUSE) {
                    interrupted.get(i).resume();
                } else if (interruptions.get(i) == Interruption.CUT) {
                    links.get(interrupted.get(i).name()).restore();
                }
            }
            Thread.sleep(2_000); // the successors at full speed beside the survivors (and the resumed)
            endAll(children, interrupted, successors, identities);

            Map<String, Path> files = new LinkedHashMap<>();
            children.keySet().forEach(name -> files.put(name, file(name)));
            Map<String, IdFiles.Summary> summaries = new IdFiles(scheme).check(files, identities,
                    minimumIdsPerProcess);
            System.out.println("Interrupted " + interruptions + " at " + interruptedAt);
            return checkHandovers(interrupted, interruptedAt, successors, identities, summaries);
        } finally {
            for (ChildJvm child : children.values()) {
                child.close();
            }
            links.values().forEach(CutProxy::close);
        }
    }

    /** Starts A, B, C... at once and waits until each holds an identity of the range and has written IDs. */
    private Map<String, Long> startAll(Map<String, ChildJvm> children) throws Exception {
        int processes = interruptions.size() + 2;
        for (int i = 0; i < processes; i++) {
            String name = String.valueOf((char) ('A' + i));
            boolean cut = i >= 1 && i <= interruptions.size() && interruptions.get(i - 1) == Interruption.CUT;
            children.put(name, cut ? startThroughLink(name) : start(name));
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
     * Ends the resumed (and reconnected) processes first, checking through the store that their orderly end left
     * their successors' leases alone, then all others still running; each must end normally.
     */
    private void endAll(Map<String, ChildJvm> children, List<ChildJvm> interrupted, List<ChildJvm> successors,
            Map<String, Long> identities) throws Exception {
        for (int i = 0; i < interruptions.size(); i++) {
            if (interruptions.get(i).outlivesIt()) {
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

    /** Checks the high-water mark across each handover, and the fencing of each resumed process. */
    private List<Handover> checkHandovers(List<ChildJvm> interrupted, Map<String, Long> interruptedAt,
            List<ChildJvm> successors, Map<String, Long> identities, Map<String, IdFiles.Summary> summaries)
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
            if (handover.how().outlivesIt()) {
                assertThat(child.field("DONE", "refused", Duration.ofSeconds(5)))
                        .as("calls %s refused after it resumed (fencing)", child.name()).isPositive();
            }
            if (handover.how() == Interruption.CUT) {
                assertThat(child.field("DONE", "late", Duration.ofSeconds(5))).as("calls of %s, cut off, that "
                        + "took longer than their lease's remaining time plus a second", child.name()).isZero();
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
        return start(name, store.arguments(file(name)));
    }

    /** Starts a child whose every connection to the store passes a proxy of its own, which its CUT cuts. */
    private ChildJvm startThroughLink(String name) throws IOException {
        CutProxy link = new CutProxy(store.port());
        links.put(name, link);
        return start(name, store.arguments(file(name), link.port()));
    }

    private ChildJvm start(String name, List<String> storeArguments) throws IOException {
        List<String> arguments = new ArrayList<>(storeArguments);
        arguments.add("seconds=90"); // at most: the scenario stops them by closing their input
        return ChildJvm.start(name, directory, store.mainClass(), arguments);
    }

    private Path file(String name) {
        return directory.resolve(name + ".ids");
    }
}
