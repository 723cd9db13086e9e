package dev.ids.sno;

import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * The state of a {@link TickTockSequence} that a {@link SnoGenerator.Snapshot} saves, without the generator's
 * settings.
 *
 * @param lastTime the latest time used, or null when nothing was issued
 * @param sequence the last sequence number issued in the unit of {@code lastTime}
 * @param drifts how many times the tick-tock bit flipped
 * @param safeTime the start of the latest unit the other timeline may carry, or null
 */
record TickTockState(@Nullable Instant lastTime, int sequence, long drifts, @Nullable Instant safeTime) {
}
