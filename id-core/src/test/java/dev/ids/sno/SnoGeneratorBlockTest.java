package dev.ids.sno;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.clock.ManualClock;
import dev.ids.sno.SnoGeneratorRaceTest.HoldingClock;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** Blocks of sequence numbers that a thread takes for itself when threads contend for one generator. */
class SnoGeneratorBlockTest {

    @Test
    void threadThatLostARaceTakesABlockAndDropsWhatIsLeftWhenTheUnitPasses() throws Exception {
        ManualClock time = ManualClock.at(Instant.parse("2026-01-01T00:00:00Z"));
        HoldingClock clock = new HoldingClock(time);
        SnoGenerator generator = SnoGenerator.builder().clock(clock).partition(1).build();
        Sno first = generator.next();

        clock.armed = true;
        AtomicReference<Sno> raced = new AtomicReference<>();
        AtomicReference<Sno> afterUnit = new AtomicReference<>();
        CountDownLatch unitPassed = new CountDownLatch(1);
        Thread held = new Thread(() -> {
            raced.set(generator.next());
            try {
                unitPassed.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            afterUnit.set(generator.next());
        }, "held");
        held.start();
        assertThat(clock.held.await(10, TimeUnit.SECONDS)).isTrue();
        Sno winner = generator.next(); // the held thread's compare-and-set now fails
        clock.release.countDown();
        while (raced.get() == null && held.isAlive()) {
            Thread.onSpinWait();
        }
        Sno afterBlock = generator.next();
        time.advance(Duration.ofMillis(4));
        unitPassed.countDown();
        held.join(10_000);

        assertThat(first.sequence()).isZero();
        assertThat(winner.sequence()).isOne();
        assertThat(raced.get().sequence()).as("the loser takes 2 and 3").isEqualTo(2);
        assertThat(afterBlock.sequence()).as("3 belongs to the loser's block").isEqualTo(4);
        assertThat(afterBlock.units()).isEqualTo(first.units());
        assertThat(afterUnit.get().units()).as("the rest of the block is dropped").isEqualTo(first.units() + 1);
        assertThat(afterUnit.get().sequence()).isZero();
    }

    @Test
    void contendingThreadsNeverShareAnIdAndEachThreadsIdsIncrease() throws Exception {
        SnoGenerator generator = SnoGenerator.builder().partition(3).maxWait(Duration.ofSeconds(10)).build();
        int threads = 4;
        int perThread = 200_000;
        long[][] keys = new long[threads][perThread];
        Thread[] workers = new Thread[threads];
        CountDownLatch start = new CountDownLatch(1);
        for (int t = 0; t < threads; t++) {
            long[] mine = keys[t];
            workers[t] = new Thread(() -> {
                try {
                    start.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
                for (int i = 0; i < perThread; i++) {
                    Sno sno = generator.next();
                    mine[i] = (sno.units() << 1 | sno.tickTock()) << 16 | sno.sequence();
                }
            });
            workers[t].start();
        }
        start.countDown();
        for (Thread worker : workers) {
            worker.join(60_000);
        }

        long[] all = new long[threads * perThread];
        for (int t = 0; t < threads; t++) {
            for (int i = 1; i < perThread; i++) {
                assertThat(keys[t][i]).as("thread %d, ID %d", t, i).isGreaterThan(keys[t][i - 1]);
            }
            System.arraycopy(keys[t], 0, all, t * perThread, perThread);
        }
        Arrays.sort(all);
        for (int i = 1; i < all.length; i++) {
            assertThat(all[i]).as("ID %d of %d", i, all.length).isNotEqualTo(all[i - 1]);
        }
    }
}
