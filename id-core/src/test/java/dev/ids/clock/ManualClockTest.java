package dev.ids.clock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class ManualClockTest {

    private final ManualClock clock = ManualClock.at(Instant.parse("2026-03-01T12:00:00.123456Z"));

    @Test
    void showsTheStartInstantInEveryResolution() {
        assertThat(clock.instant()).isEqualTo(Instant.parse("2026-03-01T12:00:00.123456Z"));
        assertThat(clock.wallTimeMillis()).isEqualTo(Instant.parse("2026-03-01T12:00:00.123Z").toEpochMilli());
        assertThat(clock.wallTimeMicros()).isEqualTo(clock.wallTimeMillis() * 1000 + 456);
    }

    @Test
    void advanceMovesWallAndMonotonicClocksTogether() {
        long monotonic = clock.monotonicNanos();
        clock.advance(Duration.ofMillis(5));

        assertThat(clock.instant()).isEqualTo(Instant.parse("2026-03-01T12:00:00.128456Z"));
        assertThat(clock.monotonicNanos() - monotonic).isEqualTo(5_000_000);
    }

    @Test
    void steppingTheWallClockBackLeavesTheMonotonicClockAlone() {
        long monotonic = clock.monotonicNanos();
        clock.stepWallClock(Duration.ofHours(-1));

        assertThat(clock.instant()).isEqualTo(Instant.parse("2026-03-01T11:00:00.123456Z"));
        assertThat(clock.monotonicNanos()).isEqualTo(monotonic);
    }

    @Test
    void pauseMovesTimeForwardUnlessTheWallClockIsFrozen() {
        clock.pause(2_000_000);
        assertThat(clock.instant()).isEqualTo(Instant.parse("2026-03-01T12:00:00.125456Z"));

        clock.freeze().pause(2_000_000);
        assertThat(clock.instant()).isEqualTo(Instant.parse("2026-03-01T12:00:00.125456Z"));
        assertThat(clock.monotonicNanos()).isEqualTo(4_000_000);

        clock.unfreeze().pause(1_000);
        assertThat(clock.wallTimeMicros() % 1_000_000).isEqualTo(125_457);
    }

    @Test
    void advancingByANegativeDurationIsRefused() {
        assertThatThrownBy(() -> clock.advance(Duration.ofMillis(-1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("stepWallClock");
    }

    @Test
    void systemClockAgreesWithTheJvmClock() {
        IdClock system = IdClock.system();
        long before = System.currentTimeMillis();
        long micros = system.wallTimeMicros();
        long after = System.currentTimeMillis();

        assertThat(micros / 1000).isBetween(before - 1, after + 1);
        assertThat(system.wallTimeMillis()).isGreaterThanOrEqualTo(before);
    }
}
