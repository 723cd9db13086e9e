package dev.ids.benchmarks;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/** Reads the leads {@link LastId} appended: the largest per benchmark and thread count. */
final class Leads {

    private Leads() {
    }

    /**
     * Reads the file.
     *
     * @param file the file {@link LastId} appended to
     * @return the largest lead in microseconds per {@link #key(String, int)}
     * @throws IOException when the file cannot be read
     */
    static Map<String, Long> read(Path file) throws IOException {
        Map<String, Long> max = new HashMap<>();
        if (!Files.exists(file)) {
            return max;
        }
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            String[] fields = line.split("\t");
            if (fields.length == 3) {
                max.merge(key(fields[0], Integer.parseInt(fields[1])), Long.parseLong(fields[2]), Math::max);
            }
        }
        return max;
    }

    static String key(String benchmark, int threads) {
        return benchmark + "@" + threads;
    }
}
