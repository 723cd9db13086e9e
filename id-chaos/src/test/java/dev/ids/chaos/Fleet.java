package dev.ids.chaos;

import dev.ids.node.process.ChildJvm;
import dev.ids.testing.CutProxy;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/**
 * The generating JVMs of a run, one per slot, each reaching the store through a {@link CutProxy} of its slot's own.
 * A killed worker is replaced in its slot by a new incarnation ({@code w2.1}, then {@code w2.2}...); every
 * incarnation's files stay for the checker.
 *
 * <p>An isolated fleet runs each slot in a network namespace of its own ({@link NetLink}), its proxy on the host's
 * end of the slot's link, and each incarnation as process 1 of PID and UTS namespaces of its own, all named
 * {@value #HOST}: as replicas of one service in containers with one host name, whose holder ids show the same host
 * and process id. An incarnation may also run with its wall clock skewed (libfaketime).
 */
final class Fleet implements AutoCloseable {

    /** The host name of every worker of an isolated fleet. */
    static final String HOST = "ids-chaos-replica";

    private static final Duration START_TIMEOUT = Duration.ofSeconds(90);

    /**
     * One worker JVM.
     *
     * @param slot its slot
     * @param name its name, which prefixes its files
     * @param jvm the process (in an isolated fleet, the launcher of the JVM)
     * @param skewMillis how far its wall clock runs ahead of the true one
     */
    record Incarnation(int slot, String name, ChildJvm jvm, long skewMillis) {

        /** Stops the JVM itself with SIGSTOP (not its launcher), as a long GC pause or a frozen VM. */
        void pause() throws IOException, InterruptedException {
            signal("STOP");
        }

        /** Lets a paused JVM go on. */
        void resume() throws IOException, InterruptedException {
            signal("CONT");
        }

        private void signal(String signal) throws IOException, InterruptedException {
            long pid = ProcessHandle.of(jvm.pid()).stream().flatMap(ProcessHandle::descendants)
                    .filter(process -> process.info().command().filter(command -> command.endsWith("/java"))
                            .isPresent())
                    .mapToLong(ProcessHandle::pid).findFirst().orElse(jvm.pid());
            FaultTools.run(List.of("sh", "-c", "kill -" + signal + " " + pid));
        }
    }

    private final ChaosStore store;
    private final Path dir;
    private final List<String> settings;
    private final boolean isolated;
    private final String tag = UUID.randomUUID().toString().substring(0, 6);
    private final List<NetLink> nets = new ArrayList<>();
    private final List<CutProxy> links = new ArrayList<>();
    private final List<Incarnation> current = new ArrayList<>();
    private final List<Incarnation> all = new ArrayList<>();

    /**
     * Prepares a fleet whose workers run as plain child processes.
     *
     * @param store the store its workers lease from
     * @param dir where the files go
     * @param settings the workers' arguments beyond the store's, {@code name} and {@code dir}
     */
    Fleet(ChaosStore store, Path dir, List<String> settings) {
        this(store, dir, settings, false);
    }

    /**
     * Prepares a fleet.
     *
     * @param store the store its workers lease from
     * @param dir where the files go
     * @param settings the workers' arguments beyond the store's, {@code name} and {@code dir}
     * @param isolated whether each worker runs in namespaces of its own (root only: {@link FaultTools})
     */
    Fleet(ChaosStore store, Path dir, List<String> settings, boolean isolated) {
        this.store = store;
        this.dir = dir;
        this.settings = settings;
        this.isolated = isolated;
    }

    /** Starts the workers and waits until each has issued IDs. */
    void start(int workers) throws IOException, InterruptedException {
        for (int slot = 0; slot < workers; slot++) {
            open();
            current.add(launch(slot, List.of(), 0));
        }
        for (Incarnation worker : current) {
            worker.jvm().awaitLine("READY", START_TIMEOUT);
        }
    }

    /** Kills a slot's worker (SIGKILL) and starts its next incarnation at once, without waiting for it. */
    Incarnation killAndRestart(int slot) throws IOException, InterruptedException {
        current.get(slot).jvm().kill();
        return restart(slot, List.of(), 0);
    }

    /**
     * Starts a slot's next incarnation beside the one there, without waiting for it; the new one is the slot's
     * current worker from then on.
     *
     * @param slot the slot
     * @param extra arguments beyond the fleet's, such as configured identities
     * @param skewMillis how far its wall clock runs ahead of the true one (negative: behind); 0 for the true clock
     * @return the new incarnation
     */
    Incarnation restart(int slot, List<String> extra, long skewMillis) throws IOException {
        Incarnation next = launch(slot, extra, skewMillis);
        current.set(slot, next);
        return next;
    }

    /** Starts one more worker in a slot of its own, as a negative control's successor. */
    Incarnation add() throws IOException, InterruptedException {
        return add(List.of(), 0);
    }

    /** Starts one more worker in a slot of its own, with more arguments and its clock skewed (0: the true clock). */
    Incarnation add(List<String> extra, long skewMillis) throws IOException, InterruptedException {
        int slot = links.size();
        open();
        Incarnation worker = launch(slot, extra, skewMillis);
        current.add(worker);
        return worker;
    }

    Incarnation current(int slot) {
        return current.get(slot);
    }

    CutProxy link(int slot) {
        return links.get(slot);
    }

    /** The slot's network namespace, in an isolated fleet. */
    NetLink net(int slot) {
        return nets.get(slot);
    }

    boolean isolated() {
        return isolated;
    }

    int size() {
        return current.size();
    }

    /** Every incarnation started, killed ones included. */
    List<Incarnation> all() {
        return List.copyOf(all);
    }

    /**
     * The identities a worker claimed, as the arguments that configure a successor with them.
     *
     * @param worker a worker that printed its {@code CLAIMED} lines
     * @return {@code identity.<tag>=<n>} per leased scheme
     */
    static List<String> identitiesOf(Incarnation worker) throws InterruptedException {
        List<String> identities = new ArrayList<>();
        for (ChaosScheme scheme : ChaosScheme.values()) {
            if (scheme.leased()) {
                long identity = worker.jvm().field("CLAIMED scheme=" + scheme.tag() + " ", "identity",
                        Duration.ofSeconds(10));
                identities.add("identity." + scheme.tag() + "=" + identity);
            }
        }
        return identities;
    }

    /**
     * Restarts the store under every worker (the nemesis's store fault).
     *
     * @return what was done, for the log
     * @throws Exception when the store cannot be restarted
     */
    String restartStore() throws Exception {
        return store.restart();
    }

    /** Ends every running worker by closing its input, and waits for its summary. */
    void stopAll() throws InterruptedException {
        current.forEach(worker -> worker.jvm().stop());
        for (Incarnation worker : current) {
            worker.jvm().awaitSuccess(Duration.ofSeconds(60));
            worker.jvm().awaitLine("DONE", Duration.ofSeconds(5));
        }
    }

    /** Ends one worker that is no slot's current one (a replaced predecessor) and waits for its summary. */
    static void stop(Incarnation worker) throws InterruptedException {
        worker.jvm().stop();
        worker.jvm().awaitSuccess(Duration.ofSeconds(60));
        worker.jvm().awaitLine("DONE", Duration.ofSeconds(5));
    }

    /** Opens the next slot's link: its network namespace when isolated, and its proxy. */
    private void open() throws IOException, InterruptedException {
        if (isolated) {
            NetLink net = NetLink.create(tag + nets.size());
            nets.add(net);
            links.add(new CutProxy(InetAddress.getByName(net.hostAddress()), store.port()));
        } else {
            links.add(new CutProxy(store.port()));
        }
    }

    private Incarnation launch(int slot, List<String> extra, long skewMillis) throws IOException {
        long before = all.stream().filter(worker -> worker.slot() == slot).count();
        String name = "w" + slot + "." + (before + 1);
        List<String> arguments = new ArrayList<>();
        for (String argument : store.arguments(links.get(slot).port())) {
            // The store's arguments name 127.0.0.1, which is the worker's own inside its namespace: its proxy
            // listens on the host's end of its link.
            arguments.add(isolated ? argument.replace("127.0.0.1", nets.get(slot).hostAddress())
                    .replace("localhost", nets.get(slot).hostAddress()) : argument);
        }
        arguments.addAll(settings);
        arguments.addAll(extra);
        arguments.add("dir=" + dir);
        arguments.add("name=" + name);
        Map<String, String> environment = new HashMap<>();
        if (skewMillis != 0) {
            environment.putAll(FaultTools.skewedClock(skewMillis));
        }
        List<String> launcher = List.of();
        if (isolated) {
            launcher = nets.get(slot).launcher(HOST);
            environment.put("HOSTNAME", HOST);
            // Every such JVM is process 1: without this, all but one warn that /tmp/hsperfdata_root/1 is locked.
            environment.put("JDK_JAVA_OPTIONS", "-XX:-UsePerfData");
        }
        Incarnation worker = new Incarnation(slot, name,
                ChildJvm.start(name, dir, launcher, environment, ChaosWorker.class, arguments), skewMillis);
        all.add(worker);
        return worker;
    }

    @Override
    public void close() {
        all.forEach(worker -> worker.jvm().close());
        for (Incarnation worker : all) {
            awaitEnd(worker);
        }
        links.forEach(CutProxy::close);
        nets.forEach(NetLink::close);
    }

    /**
     * Waits for a closed worker to be gone, and removes what libfaketime leaves in {@code /dev/shm} for a plain
     * worker killed with its clock skewed (files named after its process id, which a later process may get).
     */
    private static void awaitEnd(Incarnation worker) {
        ProcessHandle.of(worker.jvm().pid()).ifPresent(process -> {
            try {
                process.onExit().get(10, TimeUnit.SECONDS);
            } catch (Exception e) {
                // left to the operating system
            }
        });
        if (worker.skewMillis() != 0) {
            for (String leftover : List.of("faketime_shm_", "sem.faketime_sem_")) {
                try {
                    Files.deleteIfExists(Path.of("/dev/shm", leftover + worker.jvm().pid()));
                } catch (IOException e) {
                    // not ours to remove, or gone
                }
            }
        }
    }
}
