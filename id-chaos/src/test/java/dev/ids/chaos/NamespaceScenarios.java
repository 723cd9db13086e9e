package dev.ids.chaos;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The scenarios of {@link ChaosFaultsIT} that run workers in namespaces of their own (an isolated {@link Fleet}, on
 * PostgreSQL): a successor started with its predecessor's host name and process id while the predecessor is paused,
 * and a partition of one worker's network namespace while another waits for its identity.
 */
final class NamespaceScenarios {

    private static final Duration START = Duration.ofSeconds(90);

    /**
     * What a scenario came to.
     *
     * @param first the worker struck
     * @param second the worker that wanted its identities
     * @param resumedAtMillis when the first was continued, or its link came back up
     * @param secondClaimed the second's {@code CLAIMED} lines before the two were stopped (once the first has
     *     stopped and released its identities, the second may claim them)
     * @param ids the checker's findings over both
     */
    record Outcome(Fleet.Incarnation first, Fleet.Incarnation second, long resumedAtMillis,
            List<String> secondClaimed, Map<ChaosScheme, IdCheck.SchemeResult> ids) {
    }

    private NamespaceScenarios() {
    }

    /**
     * A holder (process 1 of its namespaces, host {@value Fleet#HOST}) is paused; a successor with the same host name
     * and process id, its JVM started beforehand, is told to claim the holder's identities as its configured ones,
     * at once; the holder is continued after {@code pause}. Then both run until the successor has issued every
     * scheme, or, when it is not expected to get the identities, for a few seconds.
     *
     * @param dir where the files go
     * @param holderSwitches the holder's test-only switches ({@code unfenced=true})
     * @param takeover how the successor judges the holder: {@code product} or {@code hostAndPid}
     * @param pause how long the holder stays paused
     * @param successorIssues whether the successor is expected to take the identities and issue
     */
    static Outcome twin(Path dir, List<String> holderSwitches, String takeover, Duration pause,
            boolean successorIssues) throws Exception {
        try (ChaosStore store = JdbcChaosStore.postgreSql(ChaosFaultsIT.run());
                Fleet fleet = new Fleet(store, dir, List.of("max=0", "rate=" + ChaosFaultsIT.RATE), true)) {
            Fleet.Incarnation holder = fleet.add(holderSwitches, 0);
            holder.jvm().awaitLine("READY", START);
            List<String> settings = new ArrayList<>(List.of("await.go=true", "takeover=" + takeover));
            settings.addAll(Fleet.identitiesOf(holder));
            Fleet.Incarnation successor = fleet.add(settings, 0);
            successor.jvm().awaitLine("WAITING", START);
            Thread.sleep(1_000);
            holder.pause();
            successor.jvm().send("GO");
            Thread.sleep(pause.toMillis());
            holder.resume();
            long resumed = System.currentTimeMillis();
            if (successorIssues) {
                // The successor waits for the clock to pass the holder's mark, up to a mark step (10 s).
                Progress.awaitEveryScheme(successor.jvm(), Duration.ofSeconds(40));
                Thread.sleep(2_000);
            } else {
                Thread.sleep(6_000);
            }
            return end(dir, "a successor with the holder's host name and process id, holder " + holderSwitches
                    + ", takeover by " + takeover + ", paused " + pause.toMillis() + " ms", holder, successor, resumed);
        }
    }

    /**
     * A holder of the one identity of each scheme runs in its network namespace; a second worker, in its own, keeps
     * claiming that identity; the holder's link goes down past its lease and the grace, then up. Then both run until
     * the second has issued every scheme.
     *
     * @param dir where the files go
     * @param holderSwitches the holder's test-only switches ({@code unfenced=true})
     */
    static Outcome partition(Path dir, List<String> holderSwitches) throws Exception {
        try (ChaosStore store = JdbcChaosStore.postgreSql(ChaosFaultsIT.run());
                Fleet fleet = new Fleet(store, dir, List.of("max=0", "rate=" + ChaosFaultsIT.RATE), true)) {
            Fleet.Incarnation holder = fleet.add(holderSwitches, 0);
            holder.jvm().awaitLine("READY", START);
            Fleet.Incarnation waiting = fleet.add();
            waiting.jvm().awaitLine("CLAIMING", START);
            Thread.sleep(1_000);
            fleet.net(holder.slot()).down();
            Thread.sleep(Nemesis.PAST_THE_LEASE.toMillis());
            fleet.net(holder.slot()).up();
            long up = System.currentTimeMillis();
            Progress.awaitEveryScheme(waiting.jvm(), Duration.ofSeconds(40));
            Thread.sleep(2_000);
            return end(dir, "a partition of the holder " + holderSwitches + " while another claims", holder, waiting,
                    up);
        }
    }

    private static Outcome end(Path dir, String what, Fleet.Incarnation first, Fleet.Incarnation second,
            long resumedAtMillis) throws Exception {
        List<String> claimed = second.jvm().lines("CLAIMED");
        Fleet.stop(first);
        Fleet.stop(second);
        Map<ChaosScheme, IdCheck.SchemeResult> ids = IdCheck.check(dir, List.of(first.name(), second.name()));
        System.out.println("[chaos] " + what + ": " + ids);
        return new Outcome(first, second, resumedAtMillis, claimed, ids);
    }
}
