package dev.ids.testing;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CyclicBarrier;
import java.util.function.IntConsumer;

/**
 * Runs tasks a new platform thread each, as a thread-per-task server does, waits for them all and returns what they
 * threw, for the test to assert on.
 */
public final class Threads {

    private Threads() {
    }

    /**
     * Runs {@code task(0)} to {@code task(threads - 1)}, all started before any is waited for.
     *
     * @param threads how many tasks, and threads
     * @param task what a thread does, given its index
     * @return what the tasks threw
     */
    public static List<Throwable> run(int threads, IntConsumer task) throws InterruptedException {
        return inBatches(threads, threads, task, () -> { });
    }

    /**
     * Runs the tasks {@code batchSize} at a time: a batch starts once the one before has ended, and
     * {@code afterEachBatch} runs after each batch, the last one included.
     *
     * @param threads how many tasks, and threads
     * @param batchSize how many run at a time
     * @param task what a thread does, given its index
     * @param afterEachBatch what happens between batches, for example moving a manual clock on
     * @return what the tasks threw
     */
    public static List<Throwable> inBatches(int threads, int batchSize, IntConsumer task, Runnable afterEachBatch)
            throws InterruptedException {
        List<Throwable> failures = new CopyOnWriteArrayList<>();
        for (int from = 0; from < threads; from += batchSize) {
            Thread[] batch = new Thread[Math.min(batchSize, threads - from)];
            for (int i = 0; i < batch.length; i++) {
                int index = from + i;
                batch[i] = new Thread(() -> {
                    try {
                        task.accept(index);
                    } catch (Throwable failure) {
                        failures.add(failure);
                    }
                });
                batch[i].start();
            }
            for (Thread thread : batch) {
                thread.join();
            }
            afterEachBatch.run();
        }
        return failures;
    }

    /**
     * Runs the tasks from the same moment: each thread waits until all have started, so that they contend from
     * their first step.
     *
     * @param threads how many tasks, and threads
     * @param task what a thread does, given its index
     * @return what the tasks threw
     */
    public static List<Throwable> together(int threads, IntConsumer task) throws InterruptedException {
        CyclicBarrier start = new CyclicBarrier(threads);
        return run(threads, index -> {
            try {
                start.await();
            } catch (Exception e) {
                throw new IllegalStateException("thread " + index + " could not start with the others", e);
            }
            task.accept(index);
        });
    }
}
