package dev.ids.autoconfigure;

import java.time.Duration;
import org.jspecify.annotations.Nullable;

/**
 * What the group of every scheme whose generators wait for the clock has beside the switch and the named generators
 * of {@link SchemeGroup}: the longest such wait ({@code ids.<scheme>.max-wait}).
 *
 * @param <S> the group's type, which is also the type of its named generators' settings
 */
public abstract class WaitingSchemeGroup<S extends WaitingSchemeGroup<S>> extends SchemeGroup<S> {

    /**
     * Maximum time one call may wait for the clock (its turn over capacity, a clock that stepped back, a lease's
     * mark) before it fails.
     */
    private @Nullable Duration maxWait;

    public @Nullable Duration getMaxWait() {
        return maxWait;
    }

    public void setMaxWait(@Nullable Duration maxWait) {
        this.maxWait = maxWait;
    }
}
