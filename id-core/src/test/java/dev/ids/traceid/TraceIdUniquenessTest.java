package dev.ids.traceid;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.clock.IdClock;
import dev.ids.clock.ManualClock;
import dev.ids.event.IdGeneratorListener;
import dev.ids.event.WaitCause;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class TraceIdUniquenessTest {

    private static final int THREADS = 2;
    private static final int PER_THREAD = 2_000_000;

    @Test
    void twoThreadsOnTheSystemClockNeverRepeatAnId() throws Exception {
        TraceIdGenerator generator = TraceIdGenerator.builder().nodeNo(42).clock(IdClock.system())
                .maxWait(Duration.ofSeconds(5)).build();

        long[][] perThread = generateConcurrently(generator, PER_THREAD);

        assertNoDuplicates(perThread, 42);
    }

    @Test
    void twoThreadsBurstingPastOneSecondsCapacityOnAManualClockNeverRepeatAnId() throws Exception {
        // 4,400,000 IDs in all, above the 4,190,208 of one second; the clock only moves when a thread waits, so
        // the first second's 4096 chunks are used up and the threads must wait for the next (a sequence overflow).
        ManualClock clock = ManualClock.atEpochMillis(1_767_225_600_000L);
        AtomicInteger overflows = new AtomicInteger();
        TraceIdGenerator generator = TraceIdGenerator.builder().nodeNo(7).clock(clock)
                .listener(new IdGeneratorListener() {
                    @Override
                    public void onWait(WaitCause cause, Duration waited) {
                        if (cause == WaitCause.CAPACITY) {
                            overflows.incrementAndGet();
                        }
                    }
                })
                .build();

        long[][] all = generateConcurrently(generator, 2_200_000);

        assertNoDuplicates(all, 7);
        assertThat(overflows.get()).isPositive();
        long firstSecond = 1_767_225_600L % (1L << 25);
        long inFirstSecond = Arrays.stream(all).flatMapToLong(Arrays::stream)
                .filter(id -> TraceId.fromLong(id).timestampSeconds() == firstSecond).count();
        assertThat(inFirstSecond).isLessThanOrEqualTo(4096L * 1023);
    }

    private static long[][] generateConcurrently(TraceIdGenerator generator, int count) throws Exception {
        long[][] ids = new long[THREADS][count];
        Throwable[] failures = new Throwable[THREADS];
        CyclicBarrier start = new CyclicBarrier(THREADS);
        Thread[] threads = new Thread[THREADS];
        for (int t = 0; t < THREADS; t++) {
            int index = t;
            threads[t] = new Thread(() -> {
                try {
                    start.await();
                    long[] mine = ids[index];
                    for (int i = 0; i < count; i++) {
                        mine[i] = generator.next().toLong();
                    }
                } catch (Throwable e) {
                    failures[index] = e;
                }
            });
            threads[t].start();
        }
        for (Thread thread : threads) {
            thread.join();
        }
        for (Throwable failure : failures) {
            if (failure != null) {
                throw new AssertionError("a generating thread failed", failure);
            }
        }
        for (long[] mine : ids) {
            TraceIdGeneratorTest.assertStrictlyIncreasing(mine); // the order promised to one thread
        }
        return ids;
    }

    private static void assertNoDuplicates(long[][] perThread, int nodeNo) {
        int total = 0;
        for (long[] ids : perThread) {
            total += ids.length;
        }
        long[] all = new long[total];
        int at = 0;
        for (long[] ids : perThread) {
            System.arraycopy(ids, 0, all, at, ids.length);
            at += ids.length;
        }
        Arrays.sort(all);
        for (int i = 0; i < all.length; i++) {
            if (i > 0 && all[i] == all[i - 1]) {
                throw new AssertionError("duplicate ID " + all[i]);
            }
            TraceId id = TraceId.fromLong(all[i]);
            if (id.nodeNo() != nodeNo) {
                throw new AssertionError("ID " + all[i] + " carries node " + id.nodeNo());
            }
        }
    }
}
