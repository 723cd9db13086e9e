/**
 * The time-and-sequence mechanism shared by the time-ordered generators: unique (time, sequence) slots with waits
 * bounded by a limit ({@link dev.ids.sequence.TimeSequence}), fenced by a node lease
 * ({@link dev.ids.sequence.LeasedSequence}).
 */
@NullMarked
package dev.ids.sequence;

import org.jspecify.annotations.NullMarked;
