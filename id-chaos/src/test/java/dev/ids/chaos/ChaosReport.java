package dev.ids.chaos;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.Map;

/**
 * Writes the runs into {@code target/chaos/report.md}: per run its store and seed (which replay it), the IDs and
 * what the checker found per scheme, the promises the workers broke, and per fault how long its worker took to issue
 * again.
 */
final class ChaosReport {

    private final Path file;

    ChaosReport(Path file) throws IOException {
        this.file = file;
        Files.createDirectories(file.getParent());
        if (!Files.exists(file)) {
            Files.writeString(file, "# Chaos runs\n\nReplay a run with `-Dchaos.seed=<seed>` (see RELIABILITY.md).\n");
        }
    }

    /** Appends a run. */
    synchronized void add(String title, ChaosRun.Result result) throws IOException {
        StringBuilder text = new StringBuilder("\n## ").append(title).append(": ").append(result.store())
                .append(", seed ").append(result.seed()).append(", ").append(result.workers()).append(" workers (")
                .append(Instant.now()).append(")\n\n| scheme | IDs | duplicates | out of order |\n|---|---:|---:|---:|\n");
        for (Map.Entry<ChaosScheme, IdCheck.SchemeResult> scheme : result.ids().entrySet()) {
            IdCheck.SchemeResult ids = scheme.getValue();
            text.append("| ").append(scheme.getKey().tag()).append(" | ").append(ids.ids()).append(" | ")
                    .append(ids.duplicates()).append(" | ").append(ids.outOfOrder()).append(" |\n");
        }
        text.append("\n| fault | worker | lasted | issued every scheme again after |\n|---|---|---:|---:|\n");
        for (ChaosRun.Recovery recovery : result.recoveries()) {
            Nemesis.Applied fault = recovery.applied();
            text.append("| ").append(fault.step().label()).append(" | ").append(fault.target()).append(" | ")
                    .append(fault.healedAtMillis() - fault.startedAtMillis()).append(" ms | ")
                    .append(recovery.recoveredAfterMillis() < 0 ? "not by the end"
                            : recovery.recoveredAfterMillis() + " ms").append(" |\n");
        }
        text.append("\nBroken promises: ").append(result.violations().isEmpty() ? "none" : "").append('\n');
        result.violations().forEach(violation -> text.append("- ").append(violation).append('\n'));
        result.ids().values().stream().flatMap(ids -> ids.examples().stream())
                .forEach(example -> text.append("- ").append(example).append('\n'));
        Files.writeString(file, text, StandardOpenOption.APPEND);
    }
}
