package dev.ids.attempt;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.MonitoredIdGenerator;
import dev.ids.clock.ManualClock;
import dev.ids.gid.GidGenerator;
import dev.ids.testing.FakeNodeLease;
import dev.ids.testing.RecordingListener;
import dev.ids.testing.Threads;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.constraints.IntRange;

/**
 * Attempts and {@code next()} interleaved from many threads, while the clock stands, moves on or steps back: no ID
 * is ever issued twice, and the generator counts exactly the IDs it returned.
 */
class TryNextInterleavingProperties {

    /**
     * The maximum wait of the generators under test: longer than all the time one run can move the manual clock
     * (at most 6 threads x 400 steps, each a 2-s jump or a wait of up to a second for the next time unit). The
     * generators read their deadlines from that clock, so with the default 2 s a call waiting its turn for the
     * refill lock while another thread jumps the clock rightly gives up; that refusal is not what these
     * properties are about.
     */
    private static final Duration LONGER_THAN_ANY_RUN = Duration.ofHours(3);

    /** What one step of a thread does. */
    enum Step {
        ATTEMPT, NEXT, CLOCK_FORWARD, CLOCK_BACK, CLOCK_JUMP
    }

    @Property(tries = 40)
    void attemptsAndNextNeverGiveTheSameIdTwice(@ForAll SequencedScheme scheme,
            @ForAll("steps") List<Step> steps, @ForAll @IntRange(min = 2, max = 6) int threads) throws Exception {
        ManualClock clock = ManualClock.atEpochMillis(1_777_636_800_000L);
        run(scheme.build(clock, new RecordingListener(), null, LONGER_THAN_ANY_RUN), clock, steps, threads);
    }

    @Property(tries = 30)
    void withALeaseAttemptsAndNextNeverGiveTheSameIdTwice(@ForAll SequencedScheme scheme,
            @ForAll("steps") List<Step> steps, @ForAll @IntRange(min = 2, max = 6) int threads) throws Exception {
        ManualClock clock = ManualClock.atEpochMillis(1_777_636_800_000L);
        // Jumps of the clock cross the margin of the written mark, so attempts refuse and next() writes ahead.
        run(scheme.build(clock, new RecordingListener(), new FakeNodeLease(7), LONGER_THAN_ANY_RUN), clock, steps,
                threads);
    }

    @Property(tries = 15)
    void gidAttemptsAndNextNeverGiveTheSameIdTwice(@ForAll("steps") List<Step> steps,
            @ForAll @IntRange(min = 2, max = 6) int threads) throws Exception {
        ManualClock clock = ManualClock.atEpochMillis(1_777_636_800_000L);
        run(GidGenerator.builder().clock(clock).build(), clock, steps, threads);
    }

    @Provide
    Arbitrary<List<Step>> steps() {
        return Arbitraries.frequencyOf(
                        Tuple.of(10, Arbitraries.just(Step.ATTEMPT)),
                        Tuple.of(6, Arbitraries.just(Step.NEXT)),
                        Tuple.of(1, Arbitraries.just(Step.CLOCK_FORWARD)),
                        Tuple.of(1, Arbitraries.just(Step.CLOCK_BACK)),
                        Tuple.of(1, Arbitraries.just(Step.CLOCK_JUMP)))
                .list().ofMinSize(1).ofMaxSize(400);
    }

    /** Each thread runs the steps from its own offset, so the threads interleave differently. */
    private static void run(MonitoredIdGenerator<?> generator, ManualClock clock, List<Step> steps, int threads)
            throws InterruptedException {
        Set<Object> ids = ConcurrentHashMap.newKeySet();
        AtomicInteger issued = new AtomicInteger();
        List<Throwable> failures = Threads.together(threads, index -> {
            for (int i = 0; i < steps.size(); i++) {
                Step step = steps.get((i + index * 7) % steps.size());
                Object id = switch (step) {
                    case ATTEMPT -> generator.tryNext();
                    case NEXT -> generator.next();
                    case CLOCK_FORWARD -> {
                        clock.advance(Duration.ofNanos(700_000));
                        yield null;
                    }
                    case CLOCK_JUMP -> {
                        clock.advance(Duration.ofSeconds(2));
                        yield null;
                    }
                    case CLOCK_BACK -> {
                        clock.stepWallClock(Duration.ofNanos(-900_000));
                        yield null;
                    }
                };
                if (id != null) {
                    issued.incrementAndGet();
                    if (!ids.add(id)) {
                        throw new AssertionError("issued twice: " + id);
                    }
                }
            }
        });
        assertThat(failures).isEmpty();
        assertThat(ids).hasSize(issued.get());
        assertThat(generator.generatedCount()).isEqualTo(issued.get());
    }
}
