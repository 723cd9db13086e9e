package dev.ids.redis;

import dev.ids.clock.IdClock;
import dev.ids.internal.Chars;
import dev.ids.node.LeaseHolder;
import java.time.Duration;
import java.util.Objects;

/**
 * The settings of a {@link RedisNodeLeaseProvider} as built: every default filled in and checked together.
 *
 * @param keyPrefix the prefix of every key, inside the hash tag
 * @param leaseLength how long a lease lasts without renewal
 * @param renewalPeriod how often a lease is renewed
 * @param reclaimGrace how long after expiry before another process may take an identity
 * @param holderId the holder id written, with a lease number, into the lease keys
 * @param clock the clock of the deadlines and the skew measurement
 * @param durability what the application vouches for where the server hides its configuration
 * @param waitReplicas how many replicas each write waits for; 0 for none
 * @param waitTimeout how long each write waits for them
 * @param backgroundRenewal whether leases renew on their own thread
 */
record RedisSettings(String keyPrefix, Duration leaseLength, Duration renewalPeriod, Duration reclaimGrace,
        String holderId, IdClock clock, RedisDurability durability, int waitReplicas, Duration waitTimeout,
        boolean backgroundRenewal) {

    /** How long each call waits for the server: about one renewal period, at least a second. */
    Duration callTimeout() {
        Duration calls = renewalPeriod.compareTo(Duration.ofSeconds(1)) < 0 ? Duration.ofSeconds(1) : renewalPeriod;
        // A write that waits for replicas must be given the whole WAIT.
        return waitReplicas > 0 && waitTimeout.plusSeconds(1).compareTo(calls) > 0 ? waitTimeout.plusSeconds(1)
                : calls;
    }

    /**
     * The setters of the provider's builder, each checked as it is set, with the defaults.
     *
     * @param <B> the builder, which every setter returns
     */
    abstract static class Setters<B extends Setters<B>> {

        private String keyPrefix = RedisNodeLeaseProvider.DEFAULT_KEY_PREFIX;
        private Duration leaseLength = RedisNodeLeaseProvider.DEFAULT_LEASE_LENGTH;
        /** Null means a third of the lease length. */
        private Duration renewalPeriod;
        private Duration reclaimGrace = RedisNodeLeaseProvider.DEFAULT_RECLAIM_GRACE;
        /** Null means a random id, the host name and the process id. */
        private String holderId;
        private IdClock clock = IdClock.system();
        private RedisDurability durability = RedisDurability.CHECKED;
        private int waitReplicas;
        private Duration waitTimeout = Duration.ZERO;
        private boolean backgroundRenewal = true;

        /**
         * Returns this builder as its concrete type.
         *
         * @return this
         */
        protected abstract B self();

        /**
         * Sets the prefix of every key the leases write; default {@value RedisNodeLeaseProvider#DEFAULT_KEY_PREFIX}.
         * A namespace's keys start {@code {<prefix>:<namespace>}}: the braces are Redis Cluster's hash tag, so every
         * key of a namespace lies in one hash slot.
         *
         * @param keyPrefix 1 to 64 characters, without braces, spaces or control characters
         * @return this builder
         */
        public B keyPrefix(String keyPrefix) {
            Objects.requireNonNull(keyPrefix, "keyPrefix");
            if (!keyPrefix.matches("[^{}\\s\\p{Cntrl}]{1,64}")) {
                throw new IllegalArgumentException("Redis key prefix must be 1 to 64 characters without braces, "
                        + "spaces or control characters: " + Chars.quote(keyPrefix));
            }
            this.keyPrefix = keyPrefix;
            return self();
        }

        /**
         * Sets how long a lease lasts without renewal; default 60 s. The lease key's TTL is this plus the reclaim
         * grace, so a process that cannot renew stops holding its identity a grace before another may take it.
         *
         * @param leaseLength at least one millisecond
         * @return this builder
         */
        public B leaseLength(Duration leaseLength) {
            this.leaseLength = positive("leaseLength", leaseLength);
            return self();
        }

        /**
         * Sets how often a lease is renewed; default a third of the lease length.
         *
         * @param renewalPeriod at least one millisecond and shorter than the lease length
         * @return this builder
         */
        public B renewalPeriod(Duration renewalPeriod) {
            this.renewalPeriod = positive("renewalPeriod", renewalPeriod);
            return self();
        }

        /**
         * Sets how long after a lease's expiry another process may take its identity; default 10 s. It is also how
         * far this application's clock may be from the Redis server's before its leases are fenced (the IDs and
         * marks are stamped with the application's clock).
         *
         * @param reclaimGrace at least one millisecond
         * @return this builder
         */
        public B reclaimGrace(Duration reclaimGrace) {
            this.reclaimGrace = positive("reclaimGrace", reclaimGrace);
            return self();
        }

        /**
         * Sets the holder id written into the lease keys, for diagnostics; default a random id, the host name and
         * the process id. Each lease appends {@code #} and its own number.
         *
         * @param holderId 1 to 200 characters, without control characters
         * @return this builder
         */
        public B holderId(String holderId) {
            Objects.requireNonNull(holderId, "holderId");
            if (holderId.isEmpty() || holderId.length() > LeaseHolder.MAX_LENGTH
                    || holderId.chars().anyMatch(Character::isISOControl)) {
                throw new IllegalArgumentException("holderId must be 1 to " + LeaseHolder.MAX_LENGTH
                        + " characters without control characters: " + Chars.quote(holderId));
            }
            this.holderId = holderId;
            return self();
        }

        /**
         * Sets the clock: its monotonic clock times the local deadline, its wall clock is compared with the
         * server's {@code TIME}; default {@link IdClock#system()}.
         *
         * @param clock the clock
         * @return this builder
         */
        public B clock(IdClock clock) {
            this.clock = Objects.requireNonNull(clock, "clock");
            return self();
        }

        /**
         * Sets what the application vouches for where the server hides its configuration; default
         * {@link RedisDurability#CHECKED}, which refuses such a server.
         *
         * @param durability the durability
         * @return this builder
         */
        public B durability(RedisDurability durability) {
            this.durability = Objects.requireNonNull(durability, "durability");
            return self();
        }

        /**
         * Makes every lease write wait ({@code WAIT}) until the given number of replicas confirmed it; a write fewer
         * replicas confirmed in time fails as one the server did not answer. With replicas to wait for, the
         * server's own persistence is not checked. Not supported on a Redis Cluster; default none.
         *
         * @param replicas at least 1
         * @param timeout how long each write waits for them, at least a millisecond
         * @return this builder
         */
        public B waitForReplicas(int replicas, Duration timeout) {
            if (replicas < 1) {
                throw new IllegalArgumentException("replicas must be at least 1: " + replicas);
            }
            this.waitReplicas = replicas;
            this.waitTimeout = positive("timeout", timeout);
            return self();
        }

        /**
         * For tests: whether leases renew themselves on a background thread.
         *
         * @param backgroundRenewal whether they do
         * @return this builder
         */
        final B renewingInBackground(boolean backgroundRenewal) {
            this.backgroundRenewal = backgroundRenewal;
            return self();
        }

        /**
         * The settings with every default filled in.
         *
         * @throws IllegalArgumentException when the renewal period is not shorter than the lease length
         */
        final RedisSettings settings() {
            if (renewalPeriod != null && renewalPeriod.compareTo(leaseLength) >= 0) {
                throw new IllegalArgumentException("renewalPeriod (" + renewalPeriod + ") must be shorter than"
                        + " leaseLength (" + leaseLength + "), or the lease lapses between renewals");
            }
            Duration third = leaseLength.dividedBy(3);
            Duration renewal = renewalPeriod != null ? renewalPeriod
                    : third.toMillis() >= 1 ? third : Duration.ofMillis(1);
            String holder = holderId != null ? holderId : LeaseHolder.ofThisProcess().id();
            return new RedisSettings(keyPrefix, leaseLength, renewal, reclaimGrace, holder, clock, durability,
                    waitReplicas, waitTimeout, backgroundRenewal);
        }

        private static Duration positive(String name, Duration value) {
            Objects.requireNonNull(value, name);
            if (value.toMillis() < 1) {
                throw new IllegalArgumentException(name + " must be at least 1 ms: " + value);
            }
            return value;
        }
    }
}
