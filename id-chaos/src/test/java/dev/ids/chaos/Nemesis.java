package dev.ids.chaos;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The faults of a run, drawn from a seed: the same seed, length and fleet size give the same schedule, so that a
 * failing run can be replayed. Faults come one at a time, each on one worker, with a pause of a few seconds between
 * them in which the fleet may recover.
 */
final class Nemesis {

    /** How long a paused or cut-off worker stays so: past its lease and the reclaim grace, so that it is lost. */
    static final Duration PAST_THE_LEASE = ChaosStore.LEASE.plus(ChaosStore.GRACE).plusSeconds(1);

    /** What the nemesis does to a worker. */
    enum Fault {

        /** Killed with SIGKILL, as a crash or an OOM kill; its next incarnation starts at once. */
        KILL,

        /** Stopped with SIGSTOP past its lease, as a long GC pause or a frozen VM, then continued. */
        PAUSE,

        /** Its link to the store frozen past its lease (every byte stalled), then refused for a second, then back. */
        CUT
    }

    /**
     * One fault of the schedule.
     *
     * @param atMillis when, from the start of the run
     * @param fault what
     * @param slot on which worker
     */
    record Step(long atMillis, Fault fault, int slot) {
    }

    /**
     * A fault as it was applied.
     *
     * @param step the step
     * @param target the incarnation it struck
     * @param startedAtMillis when it began (epoch ms)
     * @param healedAtMillis when it ended: the worker continued, its link restored, its successor started
     */
    record Applied(Step step, String target, long startedAtMillis, long healedAtMillis) {
    }

    private Nemesis() {
    }

    /**
     * Draws a schedule.
     *
     * @param seed the seed
     * @param length how long the faults may go on
     * @param workers the fleet's size
     * @return the steps, in order
     */
    static List<Step> schedule(long seed, Duration length, int workers) {
        Random random = new Random(seed);
        List<Step> steps = new ArrayList<>();
        long at = 3_000;
        Fault[] faults = Fault.values();
        while (at + PAST_THE_LEASE.toMillis() + 2_000 < length.toMillis()) {
            Fault fault = faults[random.nextInt(faults.length)];
            steps.add(new Step(at, fault, random.nextInt(workers)));
            long lasts = fault == Fault.KILL ? 0 : PAST_THE_LEASE.toMillis() + (fault == Fault.CUT ? 1_000 : 0);
            at += lasts + 2_000 + random.nextInt(3_000);
        }
        return steps;
    }

    /**
     * Applies one step, waiting until it is healed.
     *
     * @param step the step
     * @param fleet the fleet
     * @return what was done, when
     */
    static Applied apply(Step step, Fleet fleet) throws Exception {
        Fleet.Incarnation target = fleet.current(step.slot());
        long started = System.currentTimeMillis();
        switch (step.fault()) {
            case KILL -> fleet.killAndRestart(step.slot());
            case PAUSE -> {
                target.jvm().pause();
                Thread.sleep(PAST_THE_LEASE.toMillis());
                target.jvm().resume();
            }
            case CUT -> {
                fleet.link(step.slot()).hang();
                Thread.sleep(PAST_THE_LEASE.toMillis());
                fleet.link(step.slot()).refuse();
                Thread.sleep(1_000);
                fleet.link(step.slot()).restore();
            }
        }
        return new Applied(step, target.name(), started, System.currentTimeMillis());
    }
}
