package dev.ids.testing;

import dev.ids.clock.IdClock;
import dev.ids.clock.ManualClock;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * A {@link ManualClock} whose pauses hold the pausing thread until the test lets time move: calls that wait can be
 * lined up in a known order before any of them is served.
 */
public final class HeldClock implements IdClock {

    private final ManualClock time;
    private final Semaphore pauses = new Semaphore(0);
    private final CountDownLatch released = new CountDownLatch(1);

    /**
     * Wraps a manual clock.
     *
     * @param time the clock that reads and moves once the pauses are released
     */
    public HeldClock(ManualClock time) {
        this.time = time;
    }

    @Override
    public long wallTimeMicros() {
        return time.wallTimeMicros();
    }

    @Override
    public long monotonicNanos() {
        return time.monotonicNanos();
    }

    /** Holds the thread until {@link #release()}, then moves the manual clock as its pause would. */
    @Override
    public void pause(long nanos) {
        pauses.release();
        try {
            if (!released.await(30, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the test never released the paused calls");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        time.pause(nanos);
    }

    /**
     * Waits until another call has paused (so it has taken its place in the queue) since the last time this was
     * called.
     */
    public void awaitPause() throws InterruptedException {
        if (!pauses.tryAcquire(10, TimeUnit.SECONDS)) {
            throw new AssertionError("no call paused within 10 s");
        }
    }

    /** Lets every held pause, and every later one, move the clock. */
    public void release() {
        released.countDown();
    }
}
