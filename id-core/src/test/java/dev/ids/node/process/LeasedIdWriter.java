package dev.ids.node.process;

import dev.ids.testing.PlainDataSource;
import dev.ids.IdGenerationException;
import dev.ids.lable.LableIdGenerator;
import dev.ids.node.NoFreeNodeIdentityException;
import dev.ids.node.NodeClaim;
import dev.ids.node.NodeLease;
import dev.ids.node.NodeLeaseProvider;
import dev.ids.node.jdbc.JdbcNodeLeaseProvider;
import dev.ids.traceid.TraceIdGenerator;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;
import javax.sql.DataSource;

/**
 * The child process of the multi-process uniqueness tests: claims a node identity from a shared store, builds a
 * generator on the lease and issues IDs as fast as it can on several threads for a while, appending every ID, as
 * its 8 big-endian bytes, to its own file. Run as a separate JVM, so that a test can kill it for real.
 *
 * <p>Arguments are {@code key=value} pairs:
 * <ul>
 * <li>{@code jdbc.url}, {@code jdbc.user}, {@code jdbc.password}, {@code jdbc.table}: the lease table
 * ({@link #main} only; other mains pass their own provider to {@link #run}); {@code jdbc.pool}: {@code true} to keep
 * connections open between uses, as an application's pool does, instead of one connection per statement;</li>
 * <li>{@code lease.ms}, {@code grace.ms}: the JDBC lease length and reclaim grace;</li>
 * <li>{@code scheme}: {@code trace-id} or {@code lable}; {@code namespace}, {@code min}, {@code max}: the claim;</li>
 * <li>{@code claims}: how many identities to claim (1), one lease and one generator each;</li>
 * <li>{@code out}: the output file; {@code seconds}: how long to generate; {@code threads} (2, and at least
 * {@code claims}; thread {@code i} uses generator {@code i % claims});
 * {@code rate}: IDs per second per thread (0, the default, for as fast as it can);
 * {@code claim.timeout.ms}: how long to keep trying while every identity is held or the store cannot be reached
 * (30 s);</li>
 * <li>{@code await.go}: {@code true} to wait for a line on standard input before claiming, so that a test can
 * start the JVM ahead of the moment the claims must begin.</li>
 * </ul>
 * The run ends after {@code seconds} or when standard input ends, whichever comes first.
 *
 * <p>It prints one line per event to standard output, which the test reads: {@code CLAIMED identity=<n>
 * mark=<ms> wallMillis=<ms>} once each lease is held; {@code HOLDS identities=<n>,<n>... wallMillis=<ms>} once
 * every generator has issued its first ID (so its lease row and its first high-water mark are committed) and the
 * ID is in the file; {@code READY} after that; {@code PROGRESS count=<n> refused=<n> late=<n>} every second and
 * {@code DONE count=<n> refused=<n> late=<n>} at the end, after the file is complete and the leases released
 * ({@code late}: calls that took longer than their lease's remaining time at their start plus a second).
 */
public final class LeasedIdWriter {

    /** IDs per buffer: a killed process loses at most this many per thread, never part of one. */
    private static final int IDS_PER_BUFFER = 4096;

    private LeasedIdWriter() {
    }

    /**
     * Runs the writer on a JDBC lease table.
     *
     * @param args {@code key=value} pairs, see the class comment
     * @throws Exception when anything fails; the exit status is then non-zero
     */
    public static void main(String[] args) throws Exception {
        Map<String, String> options = parse(args);
        DataSource connections = new DriverManagerDataSource(options.get("jdbc.url"),
                options.getOrDefault("jdbc.user", ""), options.getOrDefault("jdbc.password", ""));
        DataSource dataSource = Boolean.parseBoolean(options.getOrDefault("jdbc.pool", "false"))
                ? new KeptConnections(connections) : connections;
        JdbcNodeLeaseProvider provider = JdbcNodeLeaseProvider.builder(dataSource)
                .tableName(require(options, "jdbc.table"))
                .leaseLength(Duration.ofMillis(Long.parseLong(options.getOrDefault("lease.ms", "3000"))))
                .reclaimGrace(Duration.ofMillis(Long.parseLong(options.getOrDefault("grace.ms", "1000"))))
                .holderId("leased-id-writer/pid " + ProcessHandle.current().pid())
                .build();
        run(options, provider, 0);
        // Everything the tests read is written and the leases are released (DONE is printed). halt, not exit:
        // twice in about 40 rounds of H2AutoServerHostKilledIT a writer that had become the AUTO_SERVER host of the
        // H2 file after its host's death printed DONE and then did not exit within a minute; the exit hooks (H2
        // closes its open databases there) are the likely place, not confirmed. How a JVM leaves after its work is
        // not what the tests measure.
        System.out.flush();
        Runtime.getRuntime().halt(0);
    }

    /**
     * Parses {@code key=value} arguments.
     *
     * @param args the arguments
     * @return the options
     */
    public static Map<String, String> parse(String[] args) {
        Map<String, String> options = new HashMap<>();
        for (String arg : args) {
            int equals = arg.indexOf('=');
            if (equals < 1) {
                throw new IllegalArgumentException("Arguments are key=value pairs: '" + arg + "'");
            }
            options.put(arg.substring(0, equals), arg.substring(equals + 1));
        }
        return options;
    }

    /**
     * Claims, generates and writes, as the class comment describes.
     *
     * @param options the parsed options
     * @param provider where to claim the identity
     * @param clusterId the Lable cluster id (ignored for other schemes)
     * @throws Exception when the claim times out or the file cannot be written
     */
    public static void run(Map<String, String> options, NodeLeaseProvider provider, int clusterId)
            throws Exception {
        PrintWriter out = new PrintWriter(System.out, true);
        String scheme = require(options, "scheme");
        NodeClaim claim = new NodeClaim(require(options, "namespace"), Long.parseLong(require(options, "min")),
                Long.parseLong(require(options, "max")));
        Path file = Path.of(require(options, "out"));
        long runNanos = Duration.ofMillis((long) (Double.parseDouble(require(options, "seconds")) * 1000)).toNanos();
        long claimTimeoutMillis = Long.parseLong(options.getOrDefault("claim.timeout.ms", "30000"));

        int claims = Integer.parseInt(options.getOrDefault("claims", "1"));
        int threads = Integer.parseInt(options.getOrDefault("threads", String.valueOf(Math.max(2, claims))));
        if (claims < 1 || threads < claims) {
            throw new IllegalArgumentException("claims must be at least 1 and threads at least claims: claims="
                    + claims + ", threads=" + threads);
        }
        long rate = Long.parseLong(options.getOrDefault("rate", "0"));

        CountDownLatch go = new CountDownLatch(1);
        AtomicBoolean stop = stopOnEndOfInput(go);
        if (Boolean.parseBoolean(options.getOrDefault("await.go", "false"))) {
            go.await();
            if (stop.get()) {
                throw new IllegalStateException("Standard input ended before the line that starts the claims");
            }
        }
        List<NodeLease> leases = new ArrayList<>();
        for (int i = 0; i < claims; i++) {
            NodeLease lease = claimPatiently(provider, claim, claimTimeoutMillis);
            leases.add(lease);
            out.println("CLAIMED identity=" + lease.identity() + " mark=" + lease.highWaterMarkMillis()
                    + " wallMillis=" + System.currentTimeMillis());
        }
        List<LongSupplier> generators = new ArrayList<>();
        for (NodeLease lease : leases) {
            generators.add(generator(scheme, lease, clusterId));
        }
        Tally tally = new Tally(new LongAdder(), new LongAdder(), new LongAdder());
        AtomicLong written = new AtomicLong();
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            // Each generator's first ID, written before the others start: its lease row and its first mark are
            // then committed, which is what HOLDS tells the test.
            ByteBuffer first = ByteBuffer.allocate(generators.size() * Long.BYTES);
            for (LongSupplier next : generators) {
                first.putLong(firstId(next, tally.refused()));
                tally.count().increment();
            }
            flush(first, channel, written);
            out.println("HOLDS identities=" + String.join(",", leases.stream()
                    .map(lease -> String.valueOf(lease.identity())).toList())
                    + " wallMillis=" + System.currentTimeMillis());

            long end = System.nanoTime() + runNanos;
            Thread[] workers = new Thread[threads];
            Throwable[] failures = new Throwable[threads];
            for (int t = 0; t < threads; t++) {
                int index = t;
                LongSupplier next = generators.get(t % generators.size());
                NodeLease lease = leases.get(t % generators.size());
                workers[t] = new Thread(() -> {
                    try {
                        generate(next, lease, channel, end, rate, stop, tally, written);
                    } catch (Throwable e) {
                        failures[index] = e;
                    }
                }, "writer-" + t);
                workers[t].start();
            }
            boolean ready = false;
            long nextProgress = System.nanoTime() + 1_000_000_000L;
            while (anyAlive(workers)) {
                Thread.sleep(5);
                if (!ready && written.get() > 0) {
                    ready = true;
                    out.println("READY");
                }
                if (System.nanoTime() - nextProgress >= 0) {
                    nextProgress = System.nanoTime() + 1_000_000_000L; // one line after a pause, not a burst
                    out.println("PROGRESS " + tally);
                }
            }
            for (Throwable failure : failures) {
                if (failure != null) {
                    throw new IllegalStateException("A writer thread failed", failure);
                }
            }
            channel.force(false);
        }
        leases.forEach(NodeLease::close);
        out.println("DONE " + tally);
    }

    private static LongSupplier generator(String scheme, NodeLease lease, int clusterId) {
        // A restarted holder's first call waits for the clock to pass the mark, up to one step of it (10 s).
        Duration maxWait = Duration.ofSeconds(15);
        return switch (scheme) {
            case "trace-id" -> {
                TraceIdGenerator generator = TraceIdGenerator.builder().lease(lease).maxWait(maxWait).build();
                yield () -> generator.next().toLong();
            }
            case "lable" -> {
                LableIdGenerator generator = LableIdGenerator.builder().lease(lease).clusterId(clusterId)
                        .maxWait(maxWait).build();
                yield () -> generator.next().toLong();
            }
            default -> throw new IllegalArgumentException("scheme must be trace-id or lable: '" + scheme + "'");
        };
    }

    private static long firstId(LongSupplier next, LongAdder refused) throws InterruptedException {
        while (true) {
            try {
                return next.getAsLong();
            } catch (IdGenerationException e) {
                refused.increment();
                Thread.sleep(10);
            }
        }
    }

    /**
     * What the writer's threads did: IDs issued, calls refused, and calls that took longer than their lease's
     * remaining time at their start plus a second (a call must return or refuse by its lease's deadline).
     */
    private record Tally(LongAdder count, LongAdder refused, LongAdder late) {

        @Override
        public String toString() {
            return "count=" + count.sum() + " refused=" + refused.sum() + " late=" + late.sum();
        }
    }

    private static void generate(LongSupplier next, NodeLease lease, FileChannel channel, long end, long rate,
            AtomicBoolean stop, Tally tally, AtomicLong written) throws IOException, InterruptedException {
        ByteBuffer buffer = ByteBuffer.allocate(IDS_PER_BUFFER * Long.BYTES);
        long started = System.nanoTime();
        long issued = 0;
        long lastFlush = started;
        while (System.nanoTime() - end < 0 && !stop.get()) {
            if (rate > 0) {
                // Throttled: the n-th ID is due n/rate seconds after the start; a slow thread catches up.
                long wait = started + issued * 1_000_000_000L / rate - System.nanoTime();
                if (wait > 0) {
                    LockSupport.parkNanos(wait);
                }
            }
            long id;
            long bound = lease.remaining().toNanos() + 1_000_000_000L;
            long began = System.nanoTime();
            try {
                id = next.getAsLong();
            } catch (IdGenerationException e) {
                // Fenced: the lease is not held, or the mark cannot be advanced. Count it and try again.
                tally.refused().increment();
                countIfLate(began, bound, tally);
                Thread.sleep(10);
                continue;
            }
            countIfLate(began, bound, tally);
            issued++;
            buffer.putLong(id);
            tally.count().increment();
            // A throttled writer fills a buffer slowly: its IDs reach the file at least every 100 ms.
            if (!buffer.hasRemaining() || rate > 0 && System.nanoTime() - lastFlush > 100_000_000L) {
                flush(buffer, channel, written);
                lastFlush = System.nanoTime();
            }
        }
        flush(buffer, channel, written);
    }

    private static void countIfLate(long began, long bound, Tally tally) {
        if (System.nanoTime() - began > bound) {
            tally.late().increment();
        }
    }

    private static void flush(ByteBuffer buffer, FileChannel channel, AtomicLong written) throws IOException {
        buffer.flip();
        int ids = buffer.remaining() / Long.BYTES;
        synchronized (channel) {
            while (buffer.hasRemaining()) {
                channel.write(buffer);
            }
        }
        buffer.clear();
        written.addAndGet(ids);
    }

    /**
     * The test ends a run early by closing this process's standard input; a line before that counts the latch
     * down (as does the end of input).
     */
    private static AtomicBoolean stopOnEndOfInput(CountDownLatch lineRead) {
        AtomicBoolean stop = new AtomicBoolean();
        Thread reader = new Thread(() -> {
            try {
                for (int b = System.in.read(); b >= 0; b = System.in.read()) {
                    if (b == '\n') {
                        lineRead.countDown();
                    }
                }
            } catch (IOException e) {
                // a broken pipe ends the run as well
            }
            stop.set(true);
            lineRead.countDown();
        }, "stop-on-eof");
        reader.setDaemon(true);
        reader.start();
        return stop;
    }

    private static NodeLease claimPatiently(NodeLeaseProvider provider, NodeClaim claim, long timeoutMillis)
            throws InterruptedException {
        long deadline = System.nanoTime() + timeoutMillis * 1_000_000L;
        while (true) {
            try {
                return provider.claim(claim);
            } catch (NoFreeNodeIdentityException e) {
                // Every identity is held, the killed process's too until its lease lapses: wait for one.
                if (System.nanoTime() - deadline > 0) {
                    throw e;
                }
                Thread.sleep(50);
            } catch (IllegalStateException e) {
                // The store cannot be reached for now: an H2 file whose serving process died is being opened
                // again, and a second process that tries at the same moment is told the file is in use.
                if (!(e.getCause() instanceof SQLException) || System.nanoTime() - deadline > 0) {
                    throw e;
                }
                System.err.println("Claim failed, trying again: " + e.getMessage());
                Thread.sleep(200);
            }
        }
    }

    private static boolean anyAlive(Thread[] threads) {
        for (Thread thread : threads) {
            if (thread.isAlive()) {
                return true;
            }
        }
        return false;
    }

    private static String require(Map<String, String> options, String key) {
        String value = options.get(key);
        if (value == null) {
            throw new IllegalArgumentException("Missing argument " + key + "=...");
        }
        return value;
    }

    /** Connections from DriverManager, enough for the lease provider. */
    private record DriverManagerDataSource(String url, String user, String password) implements PlainDataSource {

        @Override
        public Connection getConnection() throws SQLException {
            return DriverManager.getConnection(url, user, password);
        }
    }
}
