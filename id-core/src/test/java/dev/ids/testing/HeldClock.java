package dev.ids.testing;

import dev.ids.clock.ManualClock;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * A {@link ManualClock} whose pauses hold the pausing thread until the test lets time move: calls that wait can be
 * lined up in a known order before any of them is served, each on a thread of its own. Closing it releases the
 * pauses and stops those threads.
 */
public final class HeldClock extends ForwardingClock implements AutoCloseable {

    private final Semaphore pauses = new Semaphore(0);
    private final CountDownLatch released = new CountDownLatch(1);
    private final ExecutorService callers = Executors.newCachedThreadPool();

    /**
     * Wraps a manual clock.
     *
     * @param time the clock that reads and moves once the pauses are released
     */
    public HeldClock(ManualClock time) {
        super(time);
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
        super.pause(nanos);
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

    /**
     * Makes a call on a thread of its own and waits until it has paused: it holds its place in the queue.
     *
     * @param call the call, usually to the generator this clock drives
     * @param <T> what the call returns
     * @return the call's outcome, once released
     */
    public <T> Future<T> queue(Callable<T> call) throws InterruptedException {
        Future<T> queued = callers.submit(call);
        awaitPause();
        return queued;
    }

    /**
     * Makes a call on a thread of its own, without waiting for it to pause.
     *
     * @param call the call
     * @param <T> what the call returns
     * @return the call's outcome
     */
    public <T> Future<T> submit(Callable<T> call) {
        return callers.submit(call);
    }

    /** Releases the pauses and stops the threads of the calls. */
    @Override
    public void close() {
        release();
        callers.shutdownNow();
    }
}
