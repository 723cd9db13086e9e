package dev.ids.chaos;

import dev.ids.IdGenerationException;
import dev.ids.clock.IdClock;
import dev.ids.node.NodeLease;
import dev.ids.node.process.LeasedIdWriter;
import dev.ids.testing.OutageTally;
import java.io.BufferedOutputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;

/**
 * A generating process of a chaos run, as an application runs the core without Spring: it leases a node identity per
 * scheme from the store ({@link WorkerLeases}: by default a {@link dev.ids.node.ReclaimingNodeLease}, which claims
 * the same identity again after a loss), builds the five generators, and issues IDs on a thread per scheme at a
 * steady rate, appending each to a file of its own ({@code <name>.<scheme>.ids}). Run as a separate JVM, so that the
 * nemesis can kill, pause, cut off, skew and restart it for real.
 *
 * <p>Arguments are {@code key=value} pairs: the store's ({@link ChaosStore#provider}, which keeps each run apart);
 * {@code max}, the highest identity of each claim (from 0), in each scheme's own namespace; {@code dir} and
 * {@code name}, where its files go; {@code rate}, IDs per second per scheme; {@code identity.<tag>=<n>}, a configured
 * identity; {@code await.go=true}, to claim only once a {@code GO} line arrives; the negative controls' switches
 * ({@link WorkerLeases}).
 *
 * <p>It prints {@code HOLDER <holder id> pid=<n>}, {@code CLAIMING at=<epoch ms>}, {@code CLAIMED scheme=<tag>
 * identity=<n> mark=<ms> skew=<ms> held=<bool> at=<ms>} per lease, {@code READY}, then every half second
 * {@code PROGRESS at=<epoch ms> <tag>=<IDs so far>... refused=<n>}; when its standard input ends it stops, prints a
 * {@code VIOLATION <what>} line per broken promise of a lease (a call that ran past its lease's deadline plus a second,
 * the deadline moved on by renewals that landed during the call; an ID stamped after its lease's deadline), then
 * {@code DONE refused=<n> violations=<n>}. A call past that bound prints {@code STUCK} and its thread's stack while it
 * still waits. Every time it prints is its own wall clock's, skewed where the nemesis skews it.
 */
public final class ChaosWorker {

    private static final long FLUSH_NANOS = 100_000_000L;

    private ChaosWorker() {
    }

    /**
     * Runs the worker.
     *
     * @param args {@code key=value} pairs, see the class comment
     * @throws Exception when the store cannot be reached for a minute or a file cannot be written
     */
    public static void main(String[] args) throws Exception {
        Map<String, String> options = LeasedIdWriter.parse(args);
        PrintWriter out = new PrintWriter(System.out, true);
        Input input = Input.read();
        WorkerLeases leases = new WorkerLeases(ChaosStore.provider(options), options);
        long rate = Long.parseLong(options.getOrDefault("rate", "2000"));
        Path dir = Path.of(options.get("dir"));
        String name = options.get("name");
        out.println("HOLDER " + leases.holderId() + " pid=" + ProcessHandle.current().pid());
        if (Boolean.parseBoolean(options.getOrDefault("await.go", "false"))) {
            leases.warmUp();
            out.println("WAITING");
            input.awaitGo();
            if (input.stop.get()) {
                out.println("DONE refused=0 violations=0"); // stopped before its cue: nothing claimed
                System.out.flush();
                Runtime.getRuntime().halt(0);
            }
        }
        out.println("CLAIMING at=" + System.currentTimeMillis());

        Map<ChaosScheme, WorkerLeases.Leased> claimed = leases.claimAll(out::println);
        Map<ChaosScheme, Stream> streams = new EnumMap<>(ChaosScheme.class);
        for (ChaosScheme scheme : ChaosScheme.values()) {
            WorkerLeases.Leased leased = claimed.get(scheme);
            NodeLease lease = leased == null ? null : leased.lease();
            Path file = dir.resolve(name + "." + scheme.tag() + ".ids");
            streams.put(scheme, new Stream(scheme, lease, leased == null ? () -> 0 : leased.number(), file));
        }
        AtomicBoolean stop = input.stop;
        List<Thread> threads = new ArrayList<>();
        for (Stream stream : streams.values()) {
            Thread thread = new Thread(() -> stream.run(rate, stop), "chaos-" + stream.scheme.tag());
            stream.thread = thread;
            thread.start();
            threads.add(thread);
        }
        out.println("READY");
        for (long tick = 0; threads.stream().anyMatch(Thread::isAlive); tick++) {
            streams.values().forEach(Stream::sampleCallDeadline);
            if (tick % 5 == 0) {
                StringBuilder line = new StringBuilder("PROGRESS at=").append(System.currentTimeMillis());
                long refused = 0;
                for (Stream stream : streams.values()) {
                    line.append(' ').append(stream.scheme.tag()).append('=').append(stream.issued.sum());
                    refused += stream.refused.sum();
                }
                out.println(line.append(" refused=").append(refused));
                streams.values().forEach(stream -> stream.reportIfOverBound(out));
            }
            Thread.sleep(100);
        }
        long refused = 0;
        int violations = 0;
        for (Stream stream : streams.values()) {
            refused += stream.refused.sum();
            for (String violation : stream.violations()) {
                out.println("VIOLATION " + violation);
                violations++;
            }
            if (stream.failure != null) {
                out.println("VIOLATION " + stream.scheme.tag() + ": the writer failed: " + stream.failure);
                violations++;
            }
            if (stream.lease != null) {
                stream.lease.close();
            }
        }
        out.println("DONE refused=" + refused + " violations=" + violations);
        System.out.flush();
        Runtime.getRuntime().halt(0);
    }

    /** One scheme's generator, its lease's tally, and its file. */
    private static final class Stream {

        final ChaosScheme scheme;
        final NodeLease lease;
        final LongAdder issued = new LongAdder();
        final LongAdder refused = new LongAdder();
        private final ChaosScheme.Issuer issuer;
        private final OutageTally tally;
        private final Path file;
        volatile Throwable failure;
        volatile Thread thread;
        /** The call under way: when it began (System.nanoTime), 0 between calls. */
        private volatile long callBegan;
        /**
         * The latest deadline (System.nanoTime) the lease had while the call under way ran: its remaining time at the
         * call's start, moved on by renewals that landed during the call (sampled every 100 ms).
         */
        private final AtomicLong callDeadline = new AtomicLong();
        private long reportedCall;

        Stream(ChaosScheme scheme, NodeLease lease, LongSupplier leaseNumber, Path file) {
            this.scheme = scheme;
            this.lease = lease;
            this.issuer = scheme.issuer(lease);
            this.tally = lease == null ? null : new OutageTally(scheme.tag(), lease, leaseNumber, IdClock.system());
            this.file = file;
        }

        /**
         * On the progress thread: prints where a call that has run past its bound is, once per call, so that a
         * broken promise in the report comes with the wait that broke it.
         */
        void reportIfOverBound(PrintWriter out) {
            long began = callBegan;
            if (began == 0 || began == reportedCall || System.nanoTime() - callDeadline.get() <= 1_000_000_000L) {
                return;
            }
            reportedCall = began;
            StringBuilder stack = new StringBuilder("STUCK ").append(scheme.tag()).append(" for ")
                    .append((System.nanoTime() - began) / 1_000_000).append(" ms:");
            for (StackTraceElement frame : thread.getStackTrace()) {
                stack.append("\n    at ").append(frame);
            }
            out.println(stack);
        }

        /** On the progress thread: moves the deadline of the call under way on by a renewal that landed. */
        void sampleCallDeadline() {
            if (lease != null && callBegan != 0) {
                long remaining = lease.remaining().toNanos();
                if (remaining > 0) {
                    callDeadline.accumulateAndGet(System.nanoTime() + remaining, Math::max);
                }
            }
        }

        List<String> violations() {
            return tally == null ? List.of() : tally.violations();
        }

        /** Issues at the rate until stopped; a buffer reaches the file at least every 100 ms. */
        void run(long rate, AtomicBoolean stop) {
            try (OutputStream ids = new BufferedOutputStream(Files.newOutputStream(file), 1 << 16)) {
                long started = System.nanoTime();
                long lastFlush = started;
                long count = 0;
                while (!stop.get()) {
                    long due = started + count * 1_000_000_000L / rate - System.nanoTime();
                    if (due > 0) {
                        LockSupport.parkNanos(due);
                    }
                    count++;
                    ChaosScheme.Issued id = issue();
                    if (id != null) {
                        ids.write(id.bytes());
                        issued.increment();
                    }
                    if (System.nanoTime() - lastFlush > FLUSH_NANOS) {
                        ids.flush();
                        lastFlush = System.nanoTime();
                    }
                }
            } catch (IOException | RuntimeException e) {
                failure = e;
            }
        }

        /** One call, timed and tallied; {@code null} when the generator refused. */
        private ChaosScheme.Issued issue() {
            if (tally == null) {
                return issuer.next();
            }
            tally.sampleDeadline();
            long began = System.nanoTime();
            callDeadline.set(began + lease.remaining().toNanos());
            callBegan = began;
            ChaosScheme.Issued id;
            try {
                id = issuer.next();
            } catch (IdGenerationException e) {
                id = null;
                refused.increment();
            }
            long ended = System.nanoTime();
            callBegan = 0;
            tally.sampleDeadline();
            // The promise: a call returns or refuses by its lease's deadline plus a second. A renewal that lands
            // while the call waits (for the clock to pass a mark, say) moves that deadline on.
            long bound = (callDeadline.get() - began) / 1_000_000 + 1_000;
            tally.record(began, ended, bound, id == null ? -1 : id.stampMillis());
            return id;
        }
    }

    /**
     * The worker's standard input: a {@code GO} line lets a worker started with {@code await.go=true} claim (so that
     * a test can have it claim the moment another is killed, its JVM started beforehand), and its end stops the
     * worker, as the run's end or a test's stop closes it.
     */
    private static final class Input {

        final AtomicBoolean stop = new AtomicBoolean();
        private final CountDownLatch go = new CountDownLatch(1);

        static Input read() {
            Input input = new Input();
            Thread reader = new Thread(() -> {
                try (BufferedReader lines = new BufferedReader(new InputStreamReader(System.in,
                        StandardCharsets.UTF_8))) {
                    for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                        if (line.equals("GO")) {
                            input.go.countDown();
                        }
                    }
                } catch (IOException e) {
                    // a broken pipe ends the run as well
                }
                input.stop.set(true);
                input.go.countDown();
            }, "stop-on-eof");
            reader.setDaemon(true);
            reader.start();
            return input;
        }

        void awaitGo() throws InterruptedException {
            go.await();
        }
    }
}
