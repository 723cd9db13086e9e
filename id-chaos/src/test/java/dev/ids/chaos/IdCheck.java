package dev.ids.chaos;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * The checker over every ID the workers wrote: per scheme, no ID in two places (across all workers and
 * incarnations), and per worker file of a leased scheme, each ID above the one before (a generator of one process
 * never goes back). A killed worker's file may end in part of an ID, which is left out.
 */
final class IdCheck {

    private static final int MAX_LISTED = 10;

    /**
     * What the files of one scheme came to.
     *
     * @param ids how many IDs
     * @param duplicates how many IDs stood in more than one place
     * @param outOfOrder how many IDs of a leased scheme were not above the one before in their file
     * @param examples the first few of either, with their files
     */
    record SchemeResult(long ids, long duplicates, long outOfOrder, List<String> examples) {
    }

    /** An ID as up to 16 bytes, big-endian in two longs, and the file it came from. */
    private record Key(long high, long low, int file) implements Comparable<Key> {

        @Override
        public int compareTo(Key other) {
            int byHigh = Long.compareUnsigned(high, other.high);
            return byHigh != 0 ? byHigh : Long.compareUnsigned(low, other.low);
        }

        boolean sameId(Key other) {
            return high == other.high && low == other.low;
        }

        String hex(int width) {
            byte[] bytes = new byte[16];
            for (int i = 0; i < 8; i++) {
                bytes[i] = (byte) (high >>> (56 - 8 * i));
                bytes[8 + i] = (byte) (low >>> (56 - 8 * i));
            }
            return HexFormat.of().formatHex(bytes, 0, width);
        }
    }

    private IdCheck() {
    }

    /**
     * Checks the files of the given workers.
     *
     * @param dir where they are
     * @param workers the names of every incarnation
     * @return a result per scheme
     */
    static Map<ChaosScheme, SchemeResult> check(Path dir, List<String> workers) throws IOException {
        Map<ChaosScheme, SchemeResult> results = new EnumMap<>(ChaosScheme.class);
        for (ChaosScheme scheme : ChaosScheme.values()) {
            results.put(scheme, check(dir, workers, scheme));
        }
        return results;
    }

    private static SchemeResult check(Path dir, List<String> workers, ChaosScheme scheme) throws IOException {
        List<Key> keys = new ArrayList<>();
        List<String> examples = new ArrayList<>();
        long outOfOrder = 0;
        for (int file = 0; file < workers.size(); file++) {
            Path path = dir.resolve(workers.get(file) + "." + scheme.tag() + ".ids");
            if (!Files.exists(path)) {
                continue; // killed before it opened its files
            }
            long count = Files.size(path) / scheme.width();
            Key previous = null;
            try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(path), 1 << 16))) {
                byte[] bytes = new byte[scheme.width()];
                for (long i = 0; i < count; i++) {
                    in.readFully(bytes);
                    Key key = key(bytes, file);
                    if (scheme.leased() && previous != null && key.compareTo(previous) <= 0) {
                        if (outOfOrder++ < MAX_LISTED) {
                            examples.add(workers.get(file) + ": " + key.hex(scheme.width()) + " after "
                                    + previous.hex(scheme.width()));
                        }
                    }
                    keys.add(key);
                    previous = key;
                }
            }
        }
        keys.sort(null);
        long duplicates = 0;
        for (int i = 1; i < keys.size(); i++) {
            if (keys.get(i).sameId(keys.get(i - 1))) {
                if (duplicates++ < MAX_LISTED) {
                    examples.add(keys.get(i).hex(scheme.width()) + " in " + workers.get(keys.get(i - 1).file())
                            + " and " + workers.get(keys.get(i).file()));
                }
            }
        }
        return new SchemeResult(keys.size(), duplicates, outOfOrder, List.copyOf(examples));
    }

    /**
     * The first and the last whole ID of a worker's file, to tell whether one holder's IDs of an identity all lie
     * above another's (IDs of a leased scheme sort by time, as unsigned bytes).
     *
     * @param dir where the files are
     * @param worker the worker's name
     * @param scheme the scheme
     * @return the first and the last ID, or {@code null} when the file holds none
     */
    static byte[][] firstAndLast(Path dir, String worker, ChaosScheme scheme) throws IOException {
        byte[] all = Files.readAllBytes(dir.resolve(worker + "." + scheme.tag() + ".ids"));
        int count = all.length / scheme.width();
        if (count == 0) {
            return null;
        }
        return new byte[][] {Arrays.copyOfRange(all, 0, scheme.width()),
                Arrays.copyOfRange(all, (count - 1) * scheme.width(), count * scheme.width())};
    }

    private static Key key(byte[] bytes, int file) {
        long high = 0;
        long low = 0;
        for (int i = 0; i < 16; i++) {
            long b = i < bytes.length ? bytes[i] & 0xFF : 0;
            if (i < 8) {
                high = high << 8 | b;
            } else {
                low = low << 8 | b;
            }
        }
        return new Key(high, low, file);
    }
}
