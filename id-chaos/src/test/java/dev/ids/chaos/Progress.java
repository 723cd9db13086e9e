package dev.ids.chaos;

import dev.ids.node.process.ChildJvm;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A worker's {@code PROGRESS} line: when it was printed and how many IDs of each scheme the worker had issued.
 *
 * @param atMillis when (epoch ms)
 * @param counts IDs so far, by scheme tag
 */
record Progress(long atMillis, Map<String, Long> counts) {

    private static final Pattern LINE = Pattern.compile("PROGRESS at=(\\d+) (.*) refused=\\d+");

    /** The worker's progress lines so far, in order. */
    static List<Progress> of(ChildJvm worker) {
        return worker.lines("PROGRESS").stream().map(Progress::parse).flatMap(Optional::stream).toList();
    }

    private static Optional<Progress> parse(String line) {
        Matcher matcher = LINE.matcher(line);
        if (!matcher.matches()) {
            return Optional.empty();
        }
        Map<String, Long> counts = new LinkedHashMap<>();
        for (String field : matcher.group(2).split(" ")) {
            int equals = field.indexOf('=');
            counts.put(field.substring(0, equals), Long.parseLong(field.substring(equals + 1)));
        }
        return Optional.of(new Progress(Long.parseLong(matcher.group(1)), counts));
    }

    /** Whether every scheme's count is above what an earlier line showed (or above 0, against an empty map). */
    boolean allAbove(Map<String, Long> earlier) {
        return counts.entrySet().stream().allMatch(count -> count.getValue() > earlier.getOrDefault(count.getKey(), 0L));
    }

    /** Waits until the worker has issued IDs of every scheme, as a new holder does once the clock passed its mark. */
    static void awaitEveryScheme(ChildJvm worker, Duration timeout) throws InterruptedException {
        long until = System.nanoTime() + timeout.toNanos();
        while (of(worker).stream().noneMatch(progress -> progress.allAbove(Map.of()))) {
            if (System.nanoTime() - until > 0) {
                throw new AssertionError(worker.name() + " issued no IDs of every scheme within " + timeout);
            }
            Thread.sleep(100);
        }
    }
}
