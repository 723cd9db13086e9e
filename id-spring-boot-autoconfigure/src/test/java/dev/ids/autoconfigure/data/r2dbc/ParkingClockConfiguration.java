package dev.ids.autoconfigure.data.r2dbc;

import dev.ids.autoconfigure.IdGeneratorBuilderCustomizer;
import dev.ids.clock.IdClock;
import dev.ids.clock.ManualClock;
import java.time.Instant;
import java.util.concurrent.locks.LockSupport;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;

/**
 * Gives every generator of the context a clock on which time moves only when a generator waits, and each wait
 * parks the waiting thread for real: each time unit's capacity is used up however slowly the test runs, so that
 * calls keep having to wait, and every wait is a blocking call BlockHound sees.
 */
@TestConfiguration(proxyBeanMethods = false)
class ParkingClockConfiguration {

    /** Inside a second, at the start of a 4 ms sno unit. */
    private static final Instant START = Instant.parse("2026-05-01T12:00:00.500Z");

    @Bean
    IdGeneratorBuilderCustomizer parkingClock() {
        return (name, scheme, builder) -> builder.clock(new ParkingClock(ManualClock.at(START)));
    }

    /** A manual clock whose pauses park the pausing thread briefly before moving the time on. */
    private record ParkingClock(ManualClock time) implements IdClock {

        @Override
        public long wallTimeMicros() {
            return time.wallTimeMicros();
        }

        @Override
        public long monotonicNanos() {
            return time.monotonicNanos();
        }

        @Override
        public void pause(long nanos) {
            LockSupport.parkNanos(20_000);
            time.pause(nanos);
        }
    }
}
