package dev.ids.reactor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ids.IdGenerationException;
import dev.ids.IdGenerator;
import dev.ids.sno.Sno;
import dev.ids.sno.SnoGenerator;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Hooks;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

class ReactiveIdGeneratorTest {

    private final Scheduler waiting = Schedulers.newSingle("waiting");

    @AfterEach
    void dispose() {
        waiting.dispose();
    }

    /** A save that failed cancels the others of its flatMap; their waiting calls must not be logged as dropped. */
    @Test
    void aRefusalAfterTheSubscriberCancelledIsNotDroppedAsAnError() throws Exception {
        CountDownLatch waitingStarted = new CountDownLatch(1);
        CountDownLatch cancelled = new CountDownLatch(1);
        CountDownLatch refused = new CountDownLatch(1);
        // A scheduler whose threads may block (as boundedElastic's do): the BlockHound run checks the others.
        Scheduler blocking = Schedulers.newBoundedElastic(1, 16, "blocking-waits");
        ReactiveIdGenerator<Long> ids = ReactiveIdGenerator.of(new ScriptedGenerator(false), blocking);
        List<Throwable> dropped = new CopyOnWriteArrayList<>();
        Hooks.onErrorDropped(dropped::add);
        try {
            Disposable subscription = ids.next(() -> null, () -> {
                waitingStarted.countDown();
                try {
                    cancelled.await(); // the cancel may interrupt this wait, as it does a generator's
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                refused.countDown();
                throw new IdGenerationException("refused while its caller was gone");
            }).subscribe(id -> { }, error -> dropped.add(new AssertionError("delivered after cancel", error)));
            assertThat(waitingStarted.await(5, TimeUnit.SECONDS)).isTrue();
            subscription.dispose();
            cancelled.countDown();
            assertThat(refused.await(5, TimeUnit.SECONDS)).isTrue();
            // Reactor reports a drop on the waiting thread right after the call throws: let it run to the end.
            Mono.fromCallable(() -> 0).subscribeOn(blocking).block();

            assertThat(dropped).isEmpty();
        } finally {
            Hooks.resetOnErrorDropped();
            blocking.dispose();
        }
    }

    @Test
    void anIdTheAttemptIssuesCompletesInlineOnTheSubscribingThread() {
        ScriptedGenerator generator = new ScriptedGenerator(true);
        ReactiveIdGenerator<Long> ids = ReactiveIdGenerator.of(generator, waiting);

        List<String> threads = new CopyOnWriteArrayList<>();
        Long id = ids.next().doOnNext(value -> threads.add(Thread.currentThread().getName())).block();

        assertThat(id).isEqualTo(1L);
        assertThat(threads).containsExactly(Thread.currentThread().getName());
        assertThat(generator.nextCalls).hasValue(0);
    }

    @Test
    void whereTheAttemptWouldWaitNextRunsOnTheBlockingScheduler() {
        ScriptedGenerator generator = new ScriptedGenerator(false);
        ReactiveIdGenerator<Long> ids = ReactiveIdGenerator.of(generator, waiting);

        Long id = ids.next().block();

        assertThat(id).isEqualTo(2L);
        assertThat(generator.nextThreads).singleElement().asString().startsWith("waiting");
        assertThat(generator.attempts).hasValue(1);
    }

    @Test
    void aPairOfCallsWithAnArgumentTakesTheSamePathsAsNext() {
        SnoGenerator sno = SnoGenerator.builder().partition(9).build();
        ReactiveIdGenerator<Sno> ids = ReactiveIdGenerator.of(sno, waiting);
        List<String> waitedOn = new CopyOnWriteArrayList<>();

        Sno inline = ids.next(() -> sno.tryNext(7), () -> sno.next(7)).block();
        Sno waited = ids.next(() -> null, () -> {
            waitedOn.add(Thread.currentThread().getName());
            return sno.next(8);
        }).block();

        assertThat(inline.metabyte()).isEqualTo(7);
        assertThat(waited.metabyte()).isEqualTo(8);
        assertThat(waitedOn).singleElement().asString().startsWith("waiting");
        assertThat(sno.generatedCount()).isEqualTo(2);
    }

    @Test
    void eachSubscriptionIssuesANewId() {
        ScriptedGenerator generator = new ScriptedGenerator(true);
        Mono<Long> next = ReactiveIdGenerator.of(generator, waiting).next();

        List<Long> ids = Flux.range(0, 5).concatMap(i -> next).collectList().block();

        assertThat(ids).containsExactly(1L, 3L, 5L, 7L, 9L);
    }

    @Test
    void aRefusalArrivesAsTheMonosError() {
        IdGenerator<Long> refusing = () -> {
            throw new IdGenerationException("no ID for you");
        };
        IdGenerator<Long> refusingAttempt = new IdGenerator<>() {
            @Override
            public Long next() {
                throw new AssertionError("not called");
            }

            @Override
            public Long tryNext() {
                throw new IdGenerationException("lease not held");
            }
        };

        assertThatThrownBy(() -> ReactiveIdGenerator.of(refusing, waiting).next().block())
                .isInstanceOf(IdGenerationException.class).hasMessage("no ID for you");
        assertThatThrownBy(() -> ReactiveIdGenerator.of(refusingAttempt, waiting).next().block())
                .isInstanceOf(IdGenerationException.class).hasMessage("lease not held");
    }

    @Test
    void aGeneratorWithoutAnAttemptOfItsOwnAlwaysRunsOnTheBlockingScheduler() {
        List<String> threads = new CopyOnWriteArrayList<>();
        IdGenerator<String> plain = () -> {
            threads.add(Thread.currentThread().getName());
            return "id";
        };

        assertThat(ReactiveIdGenerator.of(plain, waiting).next().block()).isEqualTo("id");
        assertThat(threads).singleElement().asString().startsWith("waiting");
    }

    @Test
    void theDefaultBlockingSchedulerIsBoundedElastic() {
        ReactiveIdGenerator<Long> ids = ReactiveIdGenerator.of(new ScriptedGenerator(true));

        assertThat(ids.blockingScheduler()).isSameAs(Schedulers.boundedElastic());
        assertThat(ids.toString()).contains("ScriptedGenerator");
    }

    /** Attempts give odd numbers (or say "would wait"), next() even ones; records where next() ran. */
    private static final class ScriptedGenerator implements IdGenerator<Long> {

        private final boolean attemptsSucceed;
        private final AtomicInteger attempts = new AtomicInteger();
        private final AtomicInteger nextCalls = new AtomicInteger();
        private final List<String> nextThreads = new CopyOnWriteArrayList<>();

        ScriptedGenerator(boolean attemptsSucceed) {
            this.attemptsSucceed = attemptsSucceed;
        }

        @Override
        public Long next() {
            nextThreads.add(Thread.currentThread().getName());
            return 2L * nextCalls.incrementAndGet();
        }

        @Override
        public Long tryNext() {
            int attempt = attempts.incrementAndGet();
            return attemptsSucceed ? 2L * attempt - 1 : null;
        }

        @Override
        public String toString() {
            return "ScriptedGenerator";
        }
    }
}
