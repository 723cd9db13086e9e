/**
 * The sno scheme (muyo/sno): 10-byte, time-sortable IDs with a metabyte, a partition, a 4 ms sequence and a
 * tick-tock bit that absorbs wall-clock regressions; see {@link dev.ids.sno.Sno} and {@link dev.ids.sno.SnoGenerator}.
 */
@NullMarked
package dev.ids.sno;

import org.jspecify.annotations.NullMarked;
