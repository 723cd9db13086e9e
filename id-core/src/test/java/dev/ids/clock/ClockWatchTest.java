package dev.ids.clock;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.testing.RecordingListener;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.Test;

class ClockWatchTest {

    private final ManualClock clock = ManualClock.atEpochMillis(1_700_000_000_000L);
    private final RecordingListener events = new RecordingListener();
    private final ClockWatch watch = new ClockWatch(clock, events, Duration.ofSeconds(2));

    @Test
    void eachFallIsReportedOnce() {
        watch.reportRegression(1_000, 400, ChronoUnit.MILLIS);
        watch.reportRegression(1_000, 300, ChronoUnit.MILLIS);
        watch.reportRegression(2_000, 1_990, ChronoUnit.MICROS);
        assertThat(events.regressions).containsExactly(Duration.ofMillis(600), Duration.ofNanos(10_000));
    }

    @Test
    void aGapFarBeyondTheAllowedWaitIsRefusedWithoutOverflow() {
        long nowMicros = clock.wallTimeMicros();
        assertThat(watch.nanosUntil(nowMicros + 1_500, 2, 1_000_000L, Duration.ofSeconds(2).toNanos()))
                .isEqualTo(1_500_000L);
        assertThat(watch.nanosUntil(Long.MAX_VALUE / 2, Long.MAX_VALUE / 4, 1_000_000L, 2_000_000_000L))
                .isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void aRefusalIsToldToTheListenerAndReturned() {
        var failure = watch.refuse("no");
        assertThat(events.refusals).containsExactly(failure);
        assertThat(failure).hasMessage("no");
    }

    @Test
    void theLeadIsNeverNegative() {
        assertThat(ClockWatch.lead(10, 4, ChronoUnit.MILLIS)).isEqualTo(Duration.ofMillis(6));
        assertThat(ClockWatch.lead(4, 10, ChronoUnit.MILLIS)).isZero();
    }
}
