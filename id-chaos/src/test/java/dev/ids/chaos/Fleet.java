package dev.ids.chaos;

import dev.ids.node.process.ChildJvm;
import dev.ids.testing.CutProxy;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The generating JVMs of a run, one per slot, each reaching the store through a {@link CutProxy} of its slot's own.
 * A killed worker is replaced in its slot by a new incarnation ({@code w2.1}, then {@code w2.2}...); every
 * incarnation's files stay for the checker.
 */
final class Fleet implements AutoCloseable {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(90);

    /**
     * One worker JVM.
     *
     * @param slot its slot
     * @param name its name, which prefixes its files
     * @param jvm the process
     */
    record Incarnation(int slot, String name, ChildJvm jvm) {
    }

    private final ChaosStore store;
    private final Path dir;
    private final List<String> settings;
    private final List<CutProxy> links = new ArrayList<>();
    private final List<Incarnation> current = new ArrayList<>();
    private final List<Incarnation> all = new ArrayList<>();

    /**
     * Prepares a fleet.
     *
     * @param store the store its workers lease from
     * @param dir where the files go
     * @param settings the workers' arguments beyond the store's, {@code name} and {@code dir}
     */
    Fleet(ChaosStore store, Path dir, List<String> settings) {
        this.store = store;
        this.dir = dir;
        this.settings = settings;
    }

    /** Starts the workers and waits until each has issued IDs. */
    void start(int workers) throws IOException, InterruptedException {
        for (int slot = 0; slot < workers; slot++) {
            links.add(new CutProxy(store.port()));
            current.add(launch(slot));
        }
        for (Incarnation worker : current) {
            worker.jvm().awaitLine("READY", START_TIMEOUT);
        }
    }

    /** Kills a slot's worker (SIGKILL) and starts its next incarnation at once, without waiting for it. */
    Incarnation killAndRestart(int slot) throws IOException, InterruptedException {
        current.get(slot).jvm().kill();
        Incarnation next = launch(slot);
        current.set(slot, next);
        return next;
    }

    /** Starts one more worker in a slot of its own, as the negative control's successor. */
    Incarnation add() throws IOException {
        int slot = links.size();
        links.add(new CutProxy(store.port()));
        Incarnation worker = launch(slot);
        current.add(worker);
        return worker;
    }

    Incarnation current(int slot) {
        return current.get(slot);
    }

    CutProxy link(int slot) {
        return links.get(slot);
    }

    int size() {
        return current.size();
    }

    /** Every incarnation started, killed ones included. */
    List<Incarnation> all() {
        return List.copyOf(all);
    }

    /** Ends every running worker by closing its input, and waits for its summary. */
    void stopAll() throws InterruptedException {
        current.forEach(worker -> worker.jvm().stop());
        for (Incarnation worker : current) {
            worker.jvm().awaitSuccess(Duration.ofSeconds(60));
            worker.jvm().awaitLine("DONE", Duration.ofSeconds(5));
        }
    }

    private Incarnation launch(int slot) throws IOException {
        long before = all.stream().filter(worker -> worker.slot() == slot).count();
        String name = "w" + slot + "." + (before + 1);
        List<String> arguments = new ArrayList<>(store.arguments(links.get(slot).port()));
        arguments.addAll(settings);
        arguments.add("dir=" + dir);
        arguments.add("name=" + name);
        Incarnation worker = new Incarnation(slot, name, ChildJvm.start(name, dir, ChaosWorker.class, arguments));
        all.add(worker);
        return worker;
    }

    @Override
    public void close() {
        all.forEach(worker -> worker.jvm().close());
        links.forEach(CutProxy::close);
    }
}
