package dev.ids.node.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The ID files the children of a {@link KillAndRestartScenario} wrote, read once each: how many IDs, how many of
 * another identity, the span of time they stand for, and whether any ID stands in more than one place.
 */
final class IdFiles {

    /** What one file holds. */
    record Summary(long count, long foreign, long firstStartMillis, long lastEndMillis) {
    }

    private final KillAndRestartScenario.Scheme scheme;

    IdFiles(KillAndRestartScenario.Scheme scheme) {
        this.scheme = scheme;
    }

    /**
     * Reads every file: at least {@code minimumIds} IDs each, each with its process's identity, and no ID twice in
     * all.
     *
     * @param files each child's file, by its name
     * @param identities each child's identity, by its name
     * @param minimumIds how many IDs each file must at least hold
     * @return each file's summary, by the child's name
     */
    Map<String, Summary> check(Map<String, Path> files, Map<String, Long> identities, long minimumIds)
            throws IOException {
        DistinctIds distinct = new DistinctIds(scheme.blockBits());
        Map<String, Summary> summaries = new LinkedHashMap<>();
        for (Map.Entry<String, Path> file : files.entrySet()) {
            String name = file.getKey();
            summaries.put(name, summarize(name, file.getValue(), identities.get(name), distinct));
        }
        Map<String, Long> counts = new LinkedHashMap<>();
        summaries.forEach((name, summary) -> counts.put(name, summary.count()));
        System.out.println("IDs written per process: " + counts + "; identities " + identities + "; " + distinct);

        summaries.forEach((name, summary) -> {
            assertThat(summary.count()).as("IDs written by " + name).isGreaterThanOrEqualTo(minimumIds);
            assertThat(summary.foreign()).as("IDs of " + name + " that do not carry its identity "
                    + identities.get(name)).isZero();
        });
        assertThat(distinct.duplicates()).as("IDs written more than once, across all processes").isEmpty();
        return summaries;
    }

    /** Streams one file through the checks, so that tens of millions of IDs need little memory. */
    private Summary summarize(String name, Path file, long identity, DistinctIds distinct) throws IOException {
        long count = 0;
        long foreign = 0;
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file), 1 << 16))) {
            long remaining = Files.size(file) / Long.BYTES; // a killed writer may leave part of one ID
            for (; remaining > 0; remaining--) {
                long id = in.readLong();
                count++;
                if (scheme.identity().applyAsInt(id) != identity) {
                    foreign++;
                }
                first = Math.min(first, scheme.startMillis().applyAsLong(id));
                last = Math.max(last, scheme.endMillis().applyAsLong(id));
                distinct.add(id, name);
            }
        }
        return new Summary(count, foreign, first, last);
    }
}
