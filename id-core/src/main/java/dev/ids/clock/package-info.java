/**
 * Time sources for generators ({@link dev.ids.clock.IdClock#system()} in production,
 * {@link dev.ids.clock.ManualClock} for tests that step time forwards and backwards), and how a generator waits for
 * its clock and reports on it ({@link dev.ids.clock.ClockWatch}).
 */
@NullMarked
package dev.ids.clock;

import org.jspecify.annotations.NullMarked;
