package dev.ids.chaos;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

/**
 * The faults of a run, drawn from a seed: the same seed, length, fleet size and faults available give the same
 * schedule, so that a failing run can be replayed. Faults come one at a time, each on one worker (a store restart on
 * all), with a pause of a few seconds between them in which the fleet may recover. A fault that needs what the machine
 * lacks (libfaketime, root for namespaces) is not drawn: {@link #available()} says which are, and why the others are
 * not.
 */
final class Nemesis {

    /** How long a paused or cut-off worker stays so: past its lease and the reclaim grace, so that it is lost. */
    static final Duration PAST_THE_LEASE = ChaosStore.LEASE.plus(ChaosStore.GRACE).plusSeconds(1);

    /**
     * The skews a restarted worker's clock may get, in ms: within the reclaim grace (half of it: a measurement
     * includes part of the round trip), and beyond the lease plus the grace, ahead and behind.
     */
    static final long[] SKEWS = {-5_000, -ChaosStore.GRACE.toMillis() / 2, ChaosStore.GRACE.toMillis() / 2, 5_000};

    /** What the nemesis does to a worker. */
    enum Fault {

        /** Killed with SIGKILL, as a crash or an OOM kill; its next incarnation starts at once. */
        KILL,

        /** Stopped with SIGSTOP past its lease, as a long GC pause or a frozen VM, then continued. */
        PAUSE,

        /** Its link to the store frozen past its lease (every byte stalled), then refused for a second, then back. */
        CUT,

        /**
         * Killed, and restarted at once on its identities (as an instance configured with them) with its wall clock
         * skewed by libfaketime, within or beyond the grace, ahead or behind, past the lease; then restarted again
         * with the true clock, as once the clock is fixed. Needs libfaketime.
         */
        SKEW,

        /**
         * Paused past its lease while a successor starts on its identities with the same host name and process id
         * (each is process 1 of PID and UTS namespaces of its own, one host name), then continued and stopped, as a
         * container replaced while the old one hangs. Needs namespaces (root).
         */
        TWIN,

        /** Its network namespace's link taken down past its lease, then up again. Needs namespaces (root). */
        PARTITION,

        /**
         * The store restarted under the whole fleet ({@link ChaosStore#restart}), down past the lease: every worker's
         * connections drop and its leases lapse, and what the store acknowledged must still be there. The step's
         * worker is the one whose recovery is reported; every worker is struck.
         */
        RESTART
    }

    /**
     * One fault of the schedule.
     *
     * @param atMillis when, from the start of the run
     * @param fault what
     * @param slot on which worker
     * @param skewMillis for {@link Fault#SKEW}, how far ahead (negative: behind) the restarted worker's clock runs
     */
    record Step(long atMillis, Fault fault, int slot, long skewMillis) {

        /** The fault, with its skew: {@code SKEW -500 ms}. */
        String label() {
            return fault + (fault == Fault.SKEW ? " " + (skewMillis > 0 ? "+" : "") + skewMillis + " ms" : "");
        }

        @Override
        public String toString() {
            return label() + " at " + atMillis + " ms on w" + slot;
        }
    }

    /**
     * A fault as it was applied.
     *
     * @param step the step
     * @param target the incarnation it struck
     * @param recovering the incarnation whose IDs tell the slot recovered: the struck one, or the one that took its
     *     place
     * @param startedAtMillis when it began (epoch ms)
     * @param healedAtMillis when it ended: the worker continued, its link restored, its successor started
     */
    record Applied(Step step, String target, String recovering, long startedAtMillis, long healedAtMillis) {

        /** Whether the recovering incarnation started with the fault, so that its IDs count from none. */
        boolean fresh() {
            return !recovering.equals(target);
        }
    }

    private Nemesis() {
    }

    /** The faults this machine can apply; prints why each other one is not drawn. */
    static Set<Fault> available() {
        Set<Fault> faults = EnumSet.of(Fault.KILL, Fault.PAUSE, Fault.CUT, Fault.RESTART);
        if (FaultTools.NO_FAKETIME == null) {
            faults.add(Fault.SKEW);
        } else {
            System.out.println("[chaos] SKEW not drawn: " + FaultTools.NO_FAKETIME);
        }
        if (FaultTools.NO_NAMESPACES == null) {
            faults.add(Fault.TWIN);
            faults.add(Fault.PARTITION);
        } else {
            System.out.println("[chaos] TWIN and PARTITION not drawn: " + FaultTools.NO_NAMESPACES);
        }
        return faults;
    }

    /**
     * Draws a schedule: faults dealt in rounds, each available one once per round in an order the seed draws, the
     * store restart first in the first round.
     *
     * @param seed the seed
     * @param length how long the faults may go on
     * @param workers the fleet's size
     * @param available the faults to draw from
     * @return the steps, in order
     */
    static List<Step> schedule(long seed, Duration length, int workers, Set<Fault> available) {
        Random random = new Random(seed);
        List<Step> steps = new ArrayList<>();
        long at = 3_000;
        // Dealt in rounds, each available fault once per round in an order the seed draws, so that a run of a
        // minute applies (nearly) every kind rather than what a free draw happens to repeat.
        List<Fault> round = new ArrayList<>();
        while (at + PAST_THE_LEASE.toMillis() + 2_000 < length.toMillis()) {
            if (round.isEmpty()) {
                round.addAll(available);
                Collections.shuffle(round, random);
                if (steps.isEmpty() && round.remove(Fault.RESTART)) {
                    round.add(0, Fault.RESTART); // so that even a one-minute run restarts the store
                }
            }
            Fault fault = round.remove(0);
            if (at + lasts(fault) + 2_000 >= length.toMillis()) {
                break; // it would not be healed, nor its worker recovered, by the end of the run
            }
            int slot = random.nextInt(workers);
            long skew = fault == Fault.SKEW ? SKEWS[random.nextInt(SKEWS.length)] : 0;
            steps.add(new Step(at, fault, slot, skew));
            at += lasts(fault) + 2_000 + random.nextInt(3_000);
        }
        return steps;
    }

    /** About how long a fault takes to apply and heal. */
    private static long lasts(Fault fault) {
        return switch (fault) {
            case KILL -> 0;
            case PAUSE, PARTITION -> PAST_THE_LEASE.toMillis();
            case CUT, RESTART -> PAST_THE_LEASE.toMillis() + 1_000;
            case SKEW, TWIN -> PAST_THE_LEASE.toMillis() + 2_000;
        };
    }

    /**
     * Applies one step, waiting until it is healed.
     *
     * @param step the step
     * @param fleet the fleet
     * @return what was done, when
     */
    static Applied apply(Step step, Fleet fleet) throws Exception {
        int slot = step.slot();
        Fleet.Incarnation target = fleet.current(slot);
        Fleet.Incarnation recovering = target;
        long started = System.currentTimeMillis();
        switch (step.fault()) {
            case KILL -> recovering = fleet.killAndRestart(slot);
            case PAUSE -> {
                target.pause();
                Thread.sleep(PAST_THE_LEASE.toMillis());
                target.resume();
            }
            case CUT -> {
                fleet.link(slot).hang();
                Thread.sleep(PAST_THE_LEASE.toMillis());
                fleet.link(slot).refuse();
                Thread.sleep(1_000);
                fleet.link(slot).restore();
            }
            case SKEW -> {
                List<String> identities = Fleet.identitiesOf(target);
                target.jvm().kill();
                Fleet.Incarnation skewed = fleet.restart(slot, identities, step.skewMillis());
                Thread.sleep(PAST_THE_LEASE.toMillis());
                Fleet.stop(skewed);
                recovering = fleet.restart(slot, identities, 0);
            }
            case TWIN -> {
                List<String> identities = Fleet.identitiesOf(target);
                target.pause();
                recovering = fleet.restart(slot, identities, 0);
                Thread.sleep(PAST_THE_LEASE.toMillis());
                target.resume();
                Thread.sleep(1_000); // what it does, continued beside its successor, is in its files
                Fleet.stop(target);
            }
            case PARTITION -> {
                fleet.net(slot).down();
                Thread.sleep(PAST_THE_LEASE.toMillis());
                fleet.net(slot).up();
            }
            case RESTART -> System.out.println("[chaos] " + fleet.restartStore());
        }
        return new Applied(step, target.name(), recovering.name(), started, System.currentTimeMillis());
    }
}
