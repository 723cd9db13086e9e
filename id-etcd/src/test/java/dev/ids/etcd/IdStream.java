package dev.ids.etcd;

import dev.ids.IdGenerationException;
import dev.ids.lable.LableId;
import dev.ids.lable.LableIdGenerator;
import dev.ids.node.NodeLease;
import dev.ids.testing.SteppedClock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * A Lable generator on a lease, called by a thread of its own while a test injects a fault: it keeps every ID it was
 * given and counts the calls refused. Its clock is stepped past the lease's start mark rather than waited for (a
 * claim that finds no mark starts about 20 s ahead), and may be stepped to just before the written mark, so that
 * the next call must write the mark through the store. It can be paused, as a process stopped with SIGSTOP.
 */
final class IdStream implements AutoCloseable {

    private final NodeLease lease;
    private final SteppedClock clock = new SteppedClock();
    private final LableIdGenerator generator;
    private final List<LableId> ids = new CopyOnWriteArrayList<>();
    private final AtomicLong refusals = new AtomicLong();
    private final AtomicBoolean paused = new AtomicBoolean();
    private final AtomicBoolean stopped = new AtomicBoolean();
    private final Thread thread;

    IdStream(String name, NodeLease lease) {
        this.lease = lease;
        this.generator = LableIdGenerator.builder().lease(lease).clock(clock).maxWait(Duration.ofSeconds(2)).build();
        stepPastMark();
        this.thread = new Thread(this::run, "ids-stream-" + name);
        thread.setDaemon(true);
        thread.start();
    }

    private void run() {
        while (!stopped.get()) {
            if (paused.get()) {
                LockSupport.parkNanos(1_000_000);
                continue;
            }
            try {
                ids.add(generator.next());
            } catch (IdGenerationException refused) {
                refusals.incrementAndGet();
                LockSupport.parkNanos(1_000_000);
            }
            LockSupport.parkNanos(100_000);
        }
    }

    /** Steps the generator's clock past the lease's mark, where its IDs may be issued. */
    void stepPastMark() {
        clock.stepForward(Math.max(0, lease.highWaterMarkMillis() + 1 - clock.wallTimeMillis()));
    }

    /** Steps the clock to just before the written mark: the next calls need the next mark written. */
    void stepToMark() {
        clock.stepForward(Math.max(0, lease.highWaterMarkMillis() - 300 - clock.wallTimeMillis()));
    }

    /** Stops calling, as a stopped process would, until resumed. */
    void pause() {
        paused.set(true);
    }

    void resume() {
        paused.set(false);
    }

    /** Calls the generator once on the caller's thread. */
    LableId nextNow() {
        return generator.next();
    }

    List<LableId> ids() {
        return ids;
    }

    long refusals() {
        return refusals.get();
    }

    /** The latest timestamp of any ID given, or -1. */
    long latestMillis() {
        return ids.stream().mapToLong(LableId::timestampMillis).max().orElse(-1);
    }

    /** The earliest timestamp of any ID given, or -1. */
    long earliestMillis() {
        return ids.stream().mapToLong(LableId::timestampMillis).min().orElse(-1);
    }

    @Override
    public void close() throws InterruptedException {
        stopped.set(true);
        thread.join(10_000);
    }
}
