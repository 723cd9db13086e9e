/**
 * Micrometer metrics of the generators the starter made: IDs issued, waits for the clock by cause (over capacity,
 * a clock that stepped back, a node lease's high-water mark) and the time waited, sequence overflows (capacity
 * waits), clock regressions, refusals and how far a generator runs ahead of the wall clock.
 */
@NullMarked
package dev.ids.autoconfigure.metrics;

import org.jspecify.annotations.NullMarked;
