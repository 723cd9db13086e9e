package dev.ids.node.process;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An exact duplicate check over many 64-bit IDs. With {@code blockBits} of, say, 22, the IDs are kept as bits in
 * sets of 2<sup>22</sup> bits, one set per value of the remaining high bits: little memory when the high bits take
 * few values (a TraceId's second and node number, 512 KiB per node and second, for up to four million IDs).
 * With {@code blockBits} 0, the IDs are kept as they are and sorted at the end, for schemes whose high bits spread.
 */
public final class DistinctIds {

    private static final int MAX_REPORTED = 20;

    private final int blockBits;
    private final Map<Long, BitSet> blocks = new HashMap<>();
    private final Map<String, long[]> kept = new LinkedHashMap<>();
    private final Map<String, Integer> keptCounts = new HashMap<>();
    private final List<String> duplicates = new ArrayList<>();
    private long added;
    private long repeats;

    /**
     * Creates an empty check.
     *
     * @param blockBits the low bits kept in one bit set, 0 to 30; 0 to sort instead
     */
    public DistinctIds(int blockBits) {
        if (blockBits < 0 || blockBits > 30) {
            throw new IllegalArgumentException("blockBits must be 0 to 30: " + blockBits);
        }
        this.blockBits = blockBits;
    }

    /**
     * Adds an ID.
     *
     * @param id the ID
     * @param source where it came from, for the report of duplicates
     */
    public void add(long id, String source) {
        added++;
        if (blockBits == 0) {
            long[] ids = kept.computeIfAbsent(source, s -> new long[1 << 16]);
            int count = keptCounts.getOrDefault(source, 0);
            if (count == ids.length) {
                ids = Arrays.copyOf(ids, ids.length * 2);
                kept.put(source, ids);
            }
            ids[count] = id;
            keptCounts.put(source, count + 1);
            return;
        }
        BitSet block = blocks.computeIfAbsent(id >>> blockBits, high -> new BitSet(1 << blockBits));
        int low = (int) (id & ((1L << blockBits) - 1));
        if (block.get(low)) {
            repeats++;
            if (duplicates.size() < MAX_REPORTED) {
                duplicates.add(Long.toUnsignedString(id) + " (again in " + source + ")");
            }
        } else {
            block.set(low);
        }
    }

    /**
     * Returns the IDs added more than once (up to twenty), each with where it occurred.
     *
     * @return the duplicates, empty when every ID was distinct
     */
    public List<String> duplicates() {
        if (blockBits > 0) {
            return duplicates;
        }
        long[] all = sortedIds();
        List<String> found = new ArrayList<>();
        for (int i = 1; i < all.length && found.size() < MAX_REPORTED; i++) {
            if (all[i] == all[i - 1] && (i < 2 || all[i - 1] != all[i - 2])) {
                long duplicate = all[i];
                StringBuilder where = new StringBuilder(Long.toUnsignedString(duplicate)).append(" in");
                kept.forEach((source, ids) -> {
                    long times = Arrays.stream(ids, 0, keptCounts.get(source)).filter(id -> id == duplicate).count();
                    if (times > 0) {
                        where.append(' ').append(source).append(" x").append(times);
                    }
                });
                found.add(where.toString());
            }
        }
        return found;
    }

    private long[] sortedIds() {
        long[] all = new long[(int) added];
        int at = 0;
        for (Map.Entry<String, long[]> entry : kept.entrySet()) {
            int count = keptCounts.get(entry.getKey());
            System.arraycopy(entry.getValue(), 0, all, at, count);
            at += count;
        }
        Arrays.sort(all);
        return all;
    }

    /**
     * Returns how many IDs repeated one added before: an ID added three times counts twice.
     *
     * @return the number of repeats, 0 when every ID was distinct
     */
    public long duplicateCount() {
        if (blockBits > 0) {
            return repeats;
        }
        long[] all = sortedIds();
        long count = 0;
        for (int i = 1; i < all.length; i++) {
            if (all[i] == all[i - 1]) {
                count++;
            }
        }
        return count;
    }

    @Override
    public String toString() {
        return added + " IDs checked for duplicates" + (blockBits > 0 ? " in " + blocks.size() + " bit sets of 2^"
                + blockBits : " by sorting");
    }
}
