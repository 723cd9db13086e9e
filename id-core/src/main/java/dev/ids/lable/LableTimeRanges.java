package dev.ids.lable;

import dev.ids.internal.Checks;
import java.time.Instant;
import java.util.Objects;

/**
 * The rules for time-range bounds over Lable IDs: only TIME_SEQUENTIAL IDs have them, and the instant must be one a
 * Lable timestamp can hold.
 *
 * <p>Kept apart from {@link LableId} because both the value class and {@link LableIdGenerator} refuse SPREAD bounds
 * with the same explanation; it refers to neither, so no dependency runs back.
 */
final class LableTimeRanges {

    private LableTimeRanges() {
    }

    /** Why SPREAD IDs have no time range, and the settings that give time-ordered IDs. */
    static String spreadHasNoTimeRange() {
        return "SPREAD IDs are not ordered by time (the timestamp is stored bit-reversed), so a range between two of "
                + "them selects unrelated IDs instead of those of a time range. Time-range queries need "
                + "TIME_SEQUENTIAL IDs: set ids.lable.mode=time-sequential (Spring Boot) or "
                + "LableIdGenerator.builder().mode(LableMode.TIME_SEQUENTIAL); IDs already issued in SPREAD mode "
                + "stay outside every time range";
    }

    /** Refuses a null mode by name, and SPREAD with {@link #spreadHasNoTimeRange()}. */
    static void requireTimeOrdered(LableMode mode) {
        if (Objects.requireNonNull(mode, "mode") == LableMode.SPREAD) {
            throw new IllegalArgumentException("No time-range bound for SPREAD Lable IDs: " + spreadHasNoTimeRange());
        }
    }

    /**
     * The milliseconds of an instant a Lable timestamp can hold. The seconds are checked first so that an instant far
     * out of range is named in seconds rather than overflowing {@link Instant#toEpochMilli()}.
     */
    static long millisOf(Instant instant) {
        Checks.inRange("instant (epoch seconds)", Objects.requireNonNull(instant, "instant").getEpochSecond(), 0,
                LableLayout.MAX_TIMESTAMP / 1000 + 1);
        return Checks.inRange("timestamp (ms)", instant.toEpochMilli(), 0, LableLayout.MAX_TIMESTAMP);
    }
}
