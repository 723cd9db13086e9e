package dev.ids;

/**
 * Hands out new, unique identifiers of one scheme.
 *
 * <p>Every generator in this library is thread-safe. A sequenced generator (TraceId, Lable, sno, muid) never
 * returns a value it could have returned before: when its clock steps back or the sequence of a time unit runs
 * out, it waits (up to the limit set on its builder) or, where the scheme's specification says so, switches to a
 * separate part of its ID space; when it cannot guarantee uniqueness within that limit it throws
 * {@link IdGenerationException}. A GID's uniqueness rests on its 71 random bits instead (see
 * {@link dev.ids.gid.GidGenerator}).
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
}
