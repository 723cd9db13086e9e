package dev.ids.testing;

import dev.ids.clock.IdClock;
import java.time.Instant;
import java.util.PriorityQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Simulated time for a fixed set of threads, as a thread scheduler would give it: time stands still while any of
 * them runs, and moves to the earliest wake-up when all of them are paused. Unlike {@link dev.ids.clock.ManualClock},
 * on which every pause moves time forward for everyone (so a hundred waiting threads make time run a hundred times
 * faster and contention vanishes), pauses here overlap as sleeping threads do. One thread can be made to wake late
 * on every pause, as a thread the scheduler serves last.
 */
public final class SimulatedClock implements IdClock {

    private final long startMicros;
    private final ReentrantLock lock = new ReentrantLock();
    private final PriorityQueue<Sleeper> sleepers = new PriorityQueue<>();
    private volatile long nanos;
    private int running;
    private long order;
    private volatile Thread late;
    private long lateByNanos;

    private static final class Sleeper implements Comparable<Sleeper> {
        final long until;
        final long order;
        final Condition woken;
        boolean awake;

        Sleeper(long until, long order, Condition woken) {
            this.until = until;
            this.order = order;
            this.woken = woken;
        }

        @Override
        public int compareTo(Sleeper other) {
            int byTime = Long.compare(until, other.until);
            return byTime != 0 ? byTime : Long.compare(order, other.order);
        }
    }

    /**
     * Creates a clock for a number of threads, each of which must call {@link #finished()} when it is done.
     *
     * @param start the wall-clock time to start at
     * @param threads how many threads use the clock
     */
    public SimulatedClock(Instant start, int threads) {
        this.startMicros = start.getEpochSecond() * 1_000_000L + start.getNano() / 1_000;
        this.running = threads;
    }

    /**
     * Makes the calling thread wake late from every pause.
     *
     * @param delayNanos how late
     */
    public void wakeLate(long delayNanos) {
        lock.lock();
        try {
            late = Thread.currentThread();
            lateByNanos = delayNanos;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public long wallTimeMicros() {
        return startMicros + nanos / 1_000L;
    }

    @Override
    public long monotonicNanos() {
        return nanos;
    }

    @Override
    public void pause(long pauseNanos) {
        lock.lock();
        try {
            long delay = Thread.currentThread() == late ? lateByNanos : 0;
            Sleeper me = new Sleeper(nanos + Math.max(pauseNanos, 1) + delay, order++, lock.newCondition());
            sleepers.add(me);
            stopped();
            while (!me.awake) {
                if (!me.woken.await(30, TimeUnit.SECONDS)) {
                    throw new IllegalStateException("simulated time stood still for 30 s: a thread neither paused "
                            + "nor finished");
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } finally {
            lock.unlock();
        }
    }

    /** Called by each thread when it is done: time no longer waits for it. */
    public void finished() {
        lock.lock();
        try {
            stopped();
        } finally {
            lock.unlock();
        }
    }

    /** Under the lock: one thread fewer runs; when none runs, time moves to the earliest wake-up. */
    private void stopped() {
        running--;
        if (running == 0 && !sleepers.isEmpty()) {
            long next = sleepers.peek().until;
            nanos = next;
            while (!sleepers.isEmpty() && sleepers.peek().until <= next) {
                Sleeper due = sleepers.poll();
                due.awake = true;
                due.woken.signal();
                running++;
            }
        }
    }
}
