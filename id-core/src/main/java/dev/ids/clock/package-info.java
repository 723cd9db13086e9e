/**
 * Time sources for generators: {@link dev.ids.clock.IdClock#system()} in production and
 * {@link dev.ids.clock.ManualClock} for tests that step time forwards and backwards.
 */
package dev.ids.clock;
