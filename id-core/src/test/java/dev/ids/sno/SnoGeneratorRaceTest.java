package dev.ids.sno;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.clock.ManualClock;
import dev.ids.testing.ForwardingClock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** Interleavings of two threads around a tick-tock flip, forced with a clock that holds one thread back. */
class SnoGeneratorRaceTest {

    /** Holds the thread named "held" inside its next wall-clock read, after it has read the generator's state. */
    static final class HoldingClock extends ForwardingClock {
        final CountDownLatch held = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        volatile boolean armed;

        HoldingClock(ManualClock time) {
            super(time);
        }

        @Override
        public long wallTimeMillis() {
            if (armed && Thread.currentThread().getName().equals("held")) {
                armed = false;
                held.countDown();
                try {
                    release.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return super.wallTimeMillis();
        }
    }

    @Test
    void threadThatReadTheStateBeforeAnotherFlippedIssuesAtOnceInsteadOfWaitingOrFailing() throws Exception {
        ManualClock time = ManualClock.at(Instant.parse("2026-01-01T00:00:00Z"));
        HoldingClock clock = new HoldingClock(time);
        SnoGenerator generator = SnoGenerator.builder().clock(clock).partition(1).build();
        Sno before = generator.next();
        time.stepWallClock(Duration.ofHours(-1));

        clock.armed = true;
        AtomicReference<Object> heldResult = new AtomicReference<>();
        Thread held = new Thread(() -> {
            try {
                heldResult.set(generator.next());
            } catch (RuntimeException e) {
                heldResult.set(e);
            }
        }, "held");
        held.start();
        assertThat(clock.held.await(10, TimeUnit.SECONDS)).isTrue();
        Sno flipped = generator.next();
        clock.release.countDown();
        held.join(10_000);

        assertThat(flipped.tickTock()).isNotEqualTo(before.tickTock());
        assertThat(heldResult.get()).isInstanceOf(Sno.class);
        Sno afterFlip = (Sno) heldResult.get();
        assertThat(afterFlip.tickTock()).isEqualTo(flipped.tickTock());
        assertThat(afterFlip).isNotEqualTo(flipped).isNotEqualTo(before);
        assertThat(time.monotonicNanos()).as("no thread waited").isZero();
    }
}
