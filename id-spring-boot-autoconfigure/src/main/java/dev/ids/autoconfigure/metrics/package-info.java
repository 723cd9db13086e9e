/**
 * Micrometer metrics of the generators the starter made: IDs issued, sequence overflows and the time waited for
 * them, clock regressions, refusals and how far a generator runs ahead of the wall clock.
 */
package dev.ids.autoconfigure.metrics;
