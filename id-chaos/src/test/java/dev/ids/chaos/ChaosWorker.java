package dev.ids.chaos;

import dev.ids.node.NodeLease;
import dev.ids.node.process.LeasedIdWriter;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;

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
 * ({@link WorkerLeases}); {@code via=starter}, to run the Spring Boot starter instead of the core alone
 * ({@link StarterWorker}).
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
        if ("starter".equals(options.get("via"))) {
            StarterWorker.run(options, out, input.stop);
            return;
        }
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
        Map<ChaosScheme, IdStream> streams = new EnumMap<>(ChaosScheme.class);
        for (ChaosScheme scheme : ChaosScheme.values()) {
            WorkerLeases.Leased leased = claimed.get(scheme);
            NodeLease lease = leased == null ? null : leased.lease();
            Path file = dir.resolve(name + "." + scheme.tag() + ".ids");
            streams.put(scheme, new IdStream(scheme, lease, leased == null ? () -> 0 : leased.number(),
                    scheme.issuer(lease), file));
        }
        IdStream.issueUntilStopped(streams, rate, input.stop, out,
                () -> streams.values().forEach(IdStream::closeLease));
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
                IdStream.unlessIssuing(() -> {
                    System.out.println("DONE refused=0 violations=0"); // stopped while claiming: nothing issued
                    System.out.flush();
                    Runtime.getRuntime().halt(0);
                });
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
