package dev.ids.gid;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

/** Finds duplicate 128-bit values stored as pairs of longs, without boxing millions of them. */
final class Uniqueness {

    private Uniqueness() {
    }

    /**
     * Counts values that equal an earlier one. Sorts a copy of the low halves and checks neighbours; only low
     * halves that repeat (rare for random ones) are then compared in full.
     *
     * @param high the high halves
     * @param low the low halves, same length
     * @return how many of the pairs repeat an earlier pair
     */
    static int duplicates(long[] high, long[] low) {
        long[] sorted = low.clone();
        Arrays.sort(sorted);
        Set<Long> repeatedLows = new HashSet<>();
        for (int i = 1; i < sorted.length; i++) {
            if (sorted[i] == sorted[i - 1]) {
                repeatedLows.add(sorted[i]);
            }
        }
        if (repeatedLows.isEmpty()) {
            return 0;
        }
        Set<String> seen = new HashSet<>();
        int duplicates = 0;
        for (int i = 0; i < low.length; i++) {
            if (repeatedLows.contains(low[i]) && !seen.add(high[i] + ":" + low[i])) {
                duplicates++;
            }
        }
        return duplicates;
    }
}
