package dev.ids;

import org.jspecify.annotations.Nullable;

/**
 * Hands out new, unique identifiers of one scheme.
 *
 * <p>Every generator in this library is thread-safe. A sequenced generator (TraceId, Lable, sno, muid) never
 * returns a value it could have returned before: when its clock steps back or the sequence of a time unit runs
 * out, it waits (up to the limit set on its builder) or, where the scheme's specification says so, switches to a
 * separate part of its ID space; when it cannot guarantee uniqueness within that limit it throws
 * {@link IdGenerationException}. A GID's uniqueness rests on its 71 random bits instead (see
 * {@link dev.ids.gid.GidGenerator}). Callers on a thread that must not block use the non-waiting
 * {@link #tryNext()} first.
 *
 * @param <T> the identifier type
 */
@FunctionalInterface
public interface IdGenerator<T> {

    /**
     * Returns a new identifier.
     *
     * @return a value this generator has never returned before
     * @throws IdGenerationException when no unique value can be issued within the generator's wait limit
     */
    T next();

    /**
     * Returns a new identifier if one can be issued at once, or {@code null} where {@link #next()} would have to
     * wait: the non-waiting attempt, for callers on a thread that must not block (an event loop), which hand the
     * call to {@link #next()} on a thread that may block when the attempt says "would wait".
     *
     * <p>An attempt never parks, sleeps, waits for a contended lock or does I/O, and it never jumps a queue: where
     * {@link #next()} would wait for its turn behind calls already waiting, the attempt returns {@code null}. It
     * may return {@code null} where {@code next()} would not have waited (it is allowed to be cautious), but it
     * never returns a value that this generator has returned or will return from any other call: an attempt
     * draws from the same sequence as {@code next()}. Where {@code next()} fails at once without waiting (for
     * example a node lease that is not held, or a wall clock outside the scheme's range), the attempt fails with
     * the same {@link IdGenerationException}. On its fast path it allocates nothing but the returned ID.
     *
     * <p>What makes each of this library's generators say "would wait" is set out in
     * <a href="https://github.com/dev-ids/ids/blob/main/docs/REACTIVE.md">docs/REACTIVE.md</a>. This default
     * always says so, which is correct for any generator (its callers then always use {@link #next()}); the
     * library's generators override it.
     *
     * @return a value this generator has never returned before, or {@code null} when issuing one needs a wait
     * @throws IdGenerationException where {@link #next()} would fail without waiting
     */
    default @Nullable T tryNext() {
        return null;
    }
}
