package dev.ids.node;

import dev.ids.clock.IdClock;
import dev.ids.internal.Chars;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;

/**
 * The settings every store whose leases expire by time shares (a lease table, Redis keys), with their defaults and
 * checks: how long a lease lasts, how often it is renewed, the grace before another process may take an expired
 * identity, the holder id and the clock. A store's builder extends it and adds its own settings.
 *
 * @param <B> the concrete builder, which every setter returns
 */
public abstract class LeaseTimingSettings<B extends LeaseTimingSettings<B>> {

    /**
     * The default lease length: how long a lease lasts without renewal. With the default renewal period (a third),
     * 40 s lie between a renewal and the lease's expiry: a renewal that waits the whole 30 s connection timeout of
     * Spring Boot's default pool (Hikari) for a connection still renews in time.
     */
    public static final Duration DEFAULT_LEASE_LENGTH = Duration.ofSeconds(60);

    /** The default reclaim grace: how long after expiry before another process may take an identity. */
    public static final Duration DEFAULT_RECLAIM_GRACE = Duration.ofSeconds(10);

    private Duration leaseLength = DEFAULT_LEASE_LENGTH;
    /** Null means a third of the lease length. */
    private @Nullable Duration renewalPeriod;
    private Duration reclaimGrace = DEFAULT_RECLAIM_GRACE;
    /** Null means a random id, the host name and the process id. */
    private @Nullable String holderId;
    private IdClock clock = IdClock.system();
    private boolean backgroundRenewal = true;

    /** Starts with every default. */
    protected LeaseTimingSettings() {
    }

    /**
     * Returns this builder as its concrete type, which {@code B} names.
     *
     * @return this
     */
    @SuppressWarnings("unchecked")
    protected final B self() {
        return (B) this;
    }

    /**
     * Sets how long a lease lasts without renewal; default 60 s. A process that cannot renew (paused, cut off from
     * the store) stops holding its identity this long after its last renewal started.
     *
     * @param leaseLength at least one millisecond
     * @return this builder
     */
    public B leaseLength(Duration leaseLength) {
        this.leaseLength = positive("leaseLength", leaseLength);
        return self();
    }

    /**
     * Sets how often a lease is renewed; default a third of the lease length, so two renewals may fail before the
     * lease is lost.
     *
     * @param renewalPeriod at least one millisecond and shorter than the lease length
     * @return this builder
     */
    public B renewalPeriod(Duration renewalPeriod) {
        this.renewalPeriod = positive("renewalPeriod", renewalPeriod);
        return self();
    }

    /**
     * Sets how long after a lease's expiry another process may take its identity; default 10 s. Expiry is decided on
     * the store's clock; a lease whose application's wall clock differs from the store's by more than the grace is
     * fenced (NTP keeps that to milliseconds; the default leaves room for a badly synchronised machine). On a store
     * whose clock the lease cannot read, it must exceed the largest difference between the wall clocks of the
     * processes sharing the store.
     *
     * @param reclaimGrace at least one millisecond, and more than the largest clock difference between the processes
     * @return this builder
     * @throws IllegalArgumentException when zero or negative: without a grace, a process whose clock runs ahead
     *     could take an identity while its holder still believes it holds it
     */
    public B reclaimGrace(Duration reclaimGrace) {
        Objects.requireNonNull(reclaimGrace, "reclaimGrace");
        if (reclaimGrace.toMillis() < 1) {
            throw new IllegalArgumentException("reclaimGrace must be at least 1 ms, and more than the largest "
                    + "difference between the wall clocks of the processes sharing the lease store (default "
                    + DEFAULT_RECLAIM_GRACE + "); a grace of " + reclaimGrace + " would let a process whose "
                    + "clock runs ahead take an identity its holder still uses");
        }
        this.reclaimGrace = reclaimGrace;
        return self();
    }

    /**
     * Sets the holder id written to the records this provider holds, for diagnostics; default a random id, the host
     * name and the process id. Each lease appends {@code #} and its own number to it.
     *
     * @param holderId 1 to 200 characters, without control characters
     * @return this builder
     */
    public B holderId(String holderId) {
        this.holderId = checked("holderId", holderId, id -> !id.isEmpty() && id.length() <= LeaseHolder.MAX_LENGTH
                && id.chars().noneMatch(Character::isISOControl), "holderId must be 1 to " + LeaseHolder.MAX_LENGTH
                + " characters without control characters");
        return self();
    }

    /**
     * Sets the clock: its monotonic clock times the local deadline, its wall clock is compared with the store's to
     * measure the skew; default {@link IdClock#system()}.
     *
     * @param clock the clock
     * @return this builder
     */
    public B clock(IdClock clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
        return self();
    }

    /**
     * For the stores' tests, which reach it from this package: whether leases renew themselves on a background thread
     * (they renew when told otherwise); default {@code true}.
     *
     * @param backgroundRenewal whether leases renew on their own thread
     * @return this builder
     */
    protected final B renewingInBackground(boolean backgroundRenewal) {
        this.backgroundRenewal = backgroundRenewal;
        return self();
    }

    /**
     * Tells whether leases are to renew themselves on a background thread ({@link #renewingInBackground}).
     *
     * @return {@code true} unless a test said otherwise
     */
    protected final boolean renewsInBackground() {
        return backgroundRenewal;
    }

    /**
     * Returns the timings as a provider uses them: the defaults of the unset ones filled in, and checked together.
     *
     * @return the timings
     * @throws IllegalArgumentException when the renewal period is not shorter than the lease length
     */
    protected final Timings timings() {
        if (renewalPeriod != null && renewalPeriod.compareTo(leaseLength) >= 0) {
            throw new IllegalArgumentException("renewalPeriod (" + renewalPeriod + ") must be shorter than"
                    + " leaseLength (" + leaseLength + "), or the lease lapses between renewals");
        }
        Duration third = leaseLength.dividedBy(3);
        Duration renewal = renewalPeriod != null ? renewalPeriod : third.toMillis() >= 1 ? third : Duration.ofMillis(1);
        String holder = holderId != null ? holderId : LeaseHolder.ofThisProcess().id();
        return new Timings(leaseLength, renewal, reclaimGrace, holder, clock, backgroundRenewal);
    }

    /**
     * Checks a text setting, such as a key prefix, against its rule.
     *
     * @param name the setting's name, for a {@code null}
     * @param value the value
     * @param valid whether a value keeps the rule
     * @param rule the rule, to start the message: {@code Redis key prefix must be 1 to 64 characters ...}
     * @return the value
     * @throws IllegalArgumentException naming the rule and the value, quoted, when it breaks the rule
     */
    protected static String checked(String name, String value, Predicate<String> valid, String rule) {
        Objects.requireNonNull(value, name);
        if (!valid.test(value)) {
            throw new IllegalArgumentException(rule + ": " + Chars.quote(value));
        }
        return value;
    }

    /**
     * Checks a duration setting.
     *
     * @param name the setting's name, for the message
     * @param value the value
     * @return the value
     * @throws IllegalArgumentException when it is shorter than a millisecond
     */
    protected static Duration positive(String name, Duration value) {
        Objects.requireNonNull(value, name);
        if (value.toMillis() < 1) {
            throw new IllegalArgumentException(name + " must be at least 1 ms: " + value);
        }
        return value;
    }

    /**
     * The timings with every default filled in.
     *
     * @param leaseLength how long a lease lasts without renewal
     * @param renewalPeriod how often a lease is renewed
     * @param reclaimGrace how long after expiry another process may take an identity
     * @param holderId the holder id written to the records
     * @param clock the local clock
     * @param backgroundRenewal whether leases renew themselves on a background thread; {@code false} in some tests
     */
    public record Timings(Duration leaseLength, Duration renewalPeriod, Duration reclaimGrace, String holderId,
            IdClock clock, boolean backgroundRenewal) {

        private static final Duration MIN_CALL_TIMEOUT = Duration.ofSeconds(1);

        /**
         * Returns how long each call of a store may wait: about one renewal period, at least a second. A renewal
         * stuck longer cannot save the lease in time anyway, and the retry that follows gets its own chance before
         * the deadline.
         *
         * @return the timeout of every call
         */
        public Duration callTimeout() {
            return renewalPeriod.compareTo(MIN_CALL_TIMEOUT) < 0 ? MIN_CALL_TIMEOUT : renewalPeriod;
        }
    }
}
