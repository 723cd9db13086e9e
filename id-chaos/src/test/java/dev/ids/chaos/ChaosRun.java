package dev.ids.chaos;

import dev.ids.node.process.ChildJvm;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One run against one store: a fleet of workers, a nemesis on a seeded schedule, then the checker over every ID and
 * the promises each worker's leases kept or broke, and per fault how long the worker took to issue every leased
 * scheme's IDs again.
 */
final class ChaosRun {

    /**
     * A fault and what followed.
     *
     * @param applied the fault
     * @param recoveredAfterMillis from the fault's start until the struck slot's worker had issued IDs of every
     *     scheme again, or -1 when it had not by the end of the run
     */
    record Recovery(Nemesis.Applied applied, long recoveredAfterMillis) {
    }

    /**
     * What a run came to.
     *
     * @param store the store's name
     * @param seed the schedule's seed
     * @param workers the fleet's size
     * @param ids per scheme, the checker's findings
     * @param recoveries per fault, what followed
     * @param violations broken promises the workers reported (calls of a paused worker beyond their bound excused)
     */
    record Result(String store, long seed, int workers, Map<ChaosScheme, IdCheck.SchemeResult> ids,
            List<Recovery> recoveries, List<String> violations) {

        long duplicates() {
            return ids.values().stream().mapToLong(IdCheck.SchemeResult::duplicates).sum();
        }

        long outOfOrder() {
            return ids.values().stream().mapToLong(IdCheck.SchemeResult::outOfOrder).sum();
        }
    }

    private ChaosRun() {
    }

    /**
     * Runs the fleet under the schedule the seed draws.
     *
     * @param store the store, set apart for the run
     * @param dir where the files go
     * @param seed the seed
     * @param length how long the faults go on
     * @param workers the fleet's size
     * @param rate IDs per second per scheme and worker
     * @return what it came to
     */
    static Result run(ChaosStore store, Path dir, long seed, Duration length, int workers, long rate)
            throws Exception {
        List<Nemesis.Step> schedule = Nemesis.schedule(seed, length, workers, Nemesis.available());
        // Where namespaces can be made, every worker runs in its own (one host name, each as process 1), so that the
        // nemesis can restart one beside itself and partition it.
        boolean isolated = FaultTools.NO_NAMESPACES == null;
        System.out.println("[chaos] " + store.name() + ", seed " + seed + (isolated ? ", workers in namespaces" : "")
                + ": " + schedule);
        // Room for one more holder per scheme than workers: a restarted worker's new incarnation claims while the
        // killed one's identity is still held, and a later one may take the freed identity, over its mark.
        List<String> settings = List.of("max=" + workers, "rate=" + rate);
        Files.createDirectories(dir);
        try (Fleet fleet = new Fleet(store, dir, settings, isolated)) {
            fleet.start(workers);
            long start = System.currentTimeMillis();
            List<Nemesis.Applied> applied = new ArrayList<>();
            for (Nemesis.Step step : schedule) {
                long wait = start + step.atMillis() - System.currentTimeMillis();
                if (wait > 0) {
                    Thread.sleep(wait);
                }
                applied.add(Nemesis.apply(step, fleet));
            }
            Thread.sleep(Math.max(0, start + length.toMillis() - System.currentTimeMillis()));
            fleet.stopAll();
            List<String> names = fleet.all().stream().map(Fleet.Incarnation::name).toList();
            return new Result(store.name(), seed, workers, IdCheck.check(dir, names), recoveries(applied, fleet),
                    violations(applied, fleet));
        }
    }

    /** Per fault: when the slot's worker (the struck one, or the incarnation that took its place) issued again. */
    private static List<Recovery> recoveries(List<Nemesis.Applied> applied, Fleet fleet) {
        List<Recovery> recoveries = new ArrayList<>();
        for (Nemesis.Applied fault : applied) {
            ChildJvm worker = fleet.all().stream().filter(incarnation -> incarnation.name().equals(fault.recovering()))
                    .findFirst().orElseThrow().jvm();
            recoveries.add(new Recovery(fault, recoveredAfter(worker, fault)));
        }
        return recoveries;
    }

    private static long recoveredAfter(ChildJvm worker, Nemesis.Applied fault) {
        // A new incarnation counts from nothing; a continued worker from what it had when healed.
        Map<String, Long> atHeal = fault.fresh() ? Map.of() : null;
        for (Progress progress : Progress.of(worker)) {
            if (progress.atMillis() < fault.healedAtMillis()) {
                continue;
            }
            if (atHeal == null) {
                atHeal = progress.counts();
            } else if (progress.allAbove(atHeal)) {
                return progress.atMillis() - fault.startedAtMillis();
            }
        }
        return -1;
    }

    /**
     * The workers' VIOLATION lines. A paused worker's calls under way when it was stopped took the pause (PAUSE, and
     * the predecessor of TWIN): their overrun of the bound is the pause's, not the lease's, and is left out; an ID
     * stamped after a deadline never is.
     */
    private static List<String> violations(List<Nemesis.Applied> applied, Fleet fleet) {
        List<String> paused = applied.stream().filter(fault -> fault.step().fault() == Nemesis.Fault.PAUSE
                || fault.step().fault() == Nemesis.Fault.TWIN).map(Nemesis.Applied::target).toList();
        List<String> violations = new ArrayList<>();
        for (Fleet.Incarnation worker : fleet.all()) {
            for (String line : worker.jvm().lines("VIOLATION ")) {
                boolean overrun = line.contains("beyond the lease's remaining time")
                        || line.contains("more calls beyond their bound");
                if (!(overrun && paused.contains(worker.name()))) {
                    violations.add(worker.name() + ": " + line.substring("VIOLATION ".length()));
                }
            }
        }
        return violations;
    }
}
