package dev.ids.chaos;

import dev.ids.IdGenerationException;
import dev.ids.clock.IdClock;
import dev.ids.node.NodeLease;
import dev.ids.testing.OutageTally;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;

/**
 * One scheme's generator in a chaos worker, its lease's tally, and its file; and the loop that issues every scheme
 * on a thread of its own, reports progress, and at the end the broken promises. Shared by the worker that runs the
 * core ({@link ChaosWorker}) and the one that runs the Spring Boot starter ({@link StarterWorker}), which differ only
 * in where their generators and leases come from.
 */
final class IdStream {

    private static final long FLUSH_NANOS = 100_000_000L;

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

    IdStream(ChaosScheme scheme, NodeLease lease, LongSupplier leaseNumber, ChaosScheme.Issuer issuer, Path file) {
        this.scheme = scheme;
        this.lease = lease;
        this.issuer = issuer;
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


    /** Guards {@link #issuing} between the worker's main thread and a stop that comes while it still claims. */
    private static final Object STARTING = new Object();
    private static boolean issuing;

    /**
     * Runs the action unless the streams have begun (then a stop ends them as usual): a worker stopped while it
     * still claims, for example a restart on identities another worker took meanwhile and holds, has issued nothing
     * and is ended at once.
     *
     * @param action what ends the worker
     */
    static void unlessIssuing(Runnable action) {
        synchronized (STARTING) {
            if (!issuing) {
                action.run();
            }
        }
    }

    /**
     * Issues every scheme at the rate, each on a thread of its own, until stopped; prints {@code READY}, a
     * {@code PROGRESS} line every half second, a {@code STUCK} line for a call past its bound, then the broken
     * promises, and, after {@code release} has let the leases go, {@code DONE}; then halts the JVM.
     *
     * @param streams the schemes' streams
     * @param rate IDs per second per scheme
     * @param stop set when the worker is to stop
     * @param out the worker's output
     * @param release lets the leases go once the streams have stopped
     */
    static void issueUntilStopped(Map<ChaosScheme, IdStream> streams, long rate, AtomicBoolean stop, PrintWriter out,
            Runnable release) throws InterruptedException {
        synchronized (STARTING) {
            issuing = true; // from here on a stop ends the streams, which write their last IDs, never a halt
        }
        List<Thread> threads = new ArrayList<>();
        for (IdStream stream : streams.values()) {
            Thread thread = new Thread(() -> stream.run(rate, stop), "chaos-" + stream.scheme.tag());
            stream.thread = thread;
            thread.start();
            threads.add(thread);
        }
        out.println("READY");
        for (long tick = 0; threads.stream().anyMatch(Thread::isAlive); tick++) {
            streams.values().forEach(IdStream::sampleCallDeadline);
            if (tick % 5 == 0) {
                StringBuilder line = new StringBuilder("PROGRESS at=").append(System.currentTimeMillis());
                long refused = 0;
                for (IdStream stream : streams.values()) {
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
        for (IdStream stream : streams.values()) {
            refused += stream.refused.sum();
            for (String violation : stream.violations()) {
                out.println("VIOLATION " + violation);
                violations++;
            }
            if (stream.failure != null) {
                out.println("VIOLATION " + stream.scheme.tag() + ": the writer failed: " + stream.failure);
                violations++;
            }
        }
        release.run();
        out.println("DONE refused=" + refused + " violations=" + violations);
        System.out.flush();
        Runtime.getRuntime().halt(0);
    }

    /** Closes the stream's lease, where it has one. */
    void closeLease() {
        if (lease != null) {
            lease.close();
        }
    }
}
