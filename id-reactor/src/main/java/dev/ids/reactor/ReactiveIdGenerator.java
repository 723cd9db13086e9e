package dev.ids.reactor;

import dev.ids.IdGenerator;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * Issues the IDs of an {@link IdGenerator} as {@link Mono}s, for reactive code whose threads must not block (an
 * event loop, Reactor's parallel scheduler).
 *
 * <p>Each subscription to {@link #next()} first makes the generator's non-waiting attempt
 * ({@link IdGenerator#tryNext()}) on the subscribing thread: in the common case that issues the ID at once, and
 * the {@code Mono} completes inline, on that thread, with no thread hop. Where the attempt says "would wait" (over
 * capacity, a clock that stepped back, calls already waiting their turn, a node lease's mark to write, a random
 * source that may block), the call moves to a scheduler that may block, {@link Schedulers#boundedElastic()} unless
 * another is given, and {@link IdGenerator#next()} waits there, within the generator's maximum wait; the
 * {@code Mono} then completes on that scheduler's thread (add {@code publishOn} to come back). Either way the ID
 * comes from the generator's one sequence, so no ID repeats, and a refusal
 * ({@link dev.ids.IdGenerationException}) arrives as the {@code Mono}'s error.
 *
 * <pre>{@code
 * ReactiveIdGenerator<Sno> ids = ReactiveIdGenerator.of(snoGenerator);
 * Mono<Order> saved = ids.next().map(id -> order.withId(id)).flatMap(repository::save);
 * }</pre>
 *
 * <p>How each generator decides that it would wait is set out in
 * <a href="https://github.com/dev-ids/ids/blob/main/docs/REACTIVE.md">docs/REACTIVE.md</a>. Thread-safe.
 *
 * @param <T> the identifier type
 */
public final class ReactiveIdGenerator<T> {

    private final IdGenerator<T> generator;
    private final Scheduler blocking;
    /** The one {@code Mono} handed out: each subscription makes its own attempt. */
    private final Mono<T> next;

    private ReactiveIdGenerator(IdGenerator<T> generator, Scheduler blocking) {
        this.generator = Objects.requireNonNull(generator, "generator");
        this.blocking = Objects.requireNonNull(blocking, "blocking");
        this.next = next(generator::tryNext, generator::next);
    }

    /**
     * Wraps a generator; calls that would wait run on {@link Schedulers#boundedElastic()}.
     *
     * @param generator the generator, whose {@link IdGenerator#tryNext()} and {@link IdGenerator#next()} it calls
     * @param <T> the identifier type
     * @return the reactive view of the generator
     */
    public static <T> ReactiveIdGenerator<T> of(IdGenerator<T> generator) {
        return of(generator, Schedulers.boundedElastic());
    }

    /**
     * Wraps a generator; calls that would wait run on the given scheduler.
     *
     * @param generator the generator, whose {@link IdGenerator#tryNext()} and {@link IdGenerator#next()} it calls
     * @param blocking a scheduler whose threads may block for up to the generator's maximum wait
     * @param <T> the identifier type
     * @return the reactive view of the generator
     */
    public static <T> ReactiveIdGenerator<T> of(IdGenerator<T> generator, Scheduler blocking) {
        return new ReactiveIdGenerator<>(generator, blocking);
    }

    /**
     * Returns a {@code Mono} that issues a new ID for each subscription: inline on the subscribing thread when the
     * generator's attempt issues one, else by {@link IdGenerator#next()} on the blocking scheduler. The
     * {@code Mono} is cold and may be subscribed to any number of times; {@code cache()} it to share one ID.
     *
     * @return a {@code Mono} of one new ID per subscription, which fails with
     *     {@link dev.ids.IdGenerationException} when the generator refuses
     */
    public Mono<T> next() {
        return next;
    }

    /**
     * Returns a {@code Mono} that issues a new ID for each subscription as {@link #next()} does, from a pair of calls
     * of the wrapped generator that take an argument, such as sno's metabyte: the attempt on the subscribing thread,
     * and where it says "would wait" ({@code null}), the call that may wait on the blocking scheduler.
     *
     * <pre>{@code
     * Mono<Sno> order = ids.next(() -> snoGenerator.tryNext(kind), () -> snoGenerator.next(kind));
     * }</pre>
     *
     * @param attempt the generator's non-waiting attempt, returning {@code null} where it would wait
     * @param call the generator's call that may wait, with the same argument
     * @return a {@code Mono} of one new ID per subscription, which fails with
     *     {@link dev.ids.IdGenerationException} when the generator refuses
     */
    public Mono<T> next(Supplier<? extends @Nullable T> attempt, Callable<? extends T> call) {
        Objects.requireNonNull(attempt, "attempt");
        Objects.requireNonNull(call, "call");
        return Mono.defer(() -> {
            @Nullable T id = attempt.get();
            return id != null ? Mono.just(id) : waiting(call);
        });
    }

    /**
     * The call that may wait, on the blocking scheduler. A subscriber that cancels while it waits (a request whose
     * {@code flatMap} failed on another save) no longer wants the ID: a refusal that ends the call then completes it
     * empty, as Reactor would signal an error after cancellation to no one and log it as dropped
     * ({@code Operator called default onErrorDropped}), once for each call the failed request left waiting.
     */
    private Mono<T> waiting(Callable<? extends T> call) {
        AtomicBoolean cancelled = new AtomicBoolean();
        return Mono.<T>fromCallable(() -> {
            try {
                return call.call();
            } catch (Exception e) {
                if (cancelled.get()) {
                    return null;
                }
                throw e;
            }
        }).subscribeOn(blocking).doOnCancel(() -> cancelled.set(true));
    }

    /**
     * Returns the generator wrapped.
     *
     * @return the generator
     */
    public IdGenerator<T> generator() {
        return generator;
    }

    /**
     * Returns the scheduler on which calls that would wait run.
     *
     * @return the scheduler
     */
    public Scheduler blockingScheduler() {
        return blocking;
    }

    /**
     * Describes this reactive view by its generator and scheduler.
     *
     * @return a short description
     */
    @Override
    public String toString() {
        return "ReactiveIdGenerator[" + generator + ", blocking on " + blocking + "]";
    }
}
