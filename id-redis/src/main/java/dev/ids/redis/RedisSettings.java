package dev.ids.redis;

import dev.ids.node.KeyedProviderBuilder;
import dev.ids.node.LeaseTimingSettings;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Function;

/**
 * The settings of a {@link RedisNodeLeaseProvider} as built: every default filled in and checked together.
 *
 * @param keyPrefix the prefix of every key, inside the hash tag
 * @param timings the lease's timings, holder and clock, as every store whose leases expire by time has them
 * @param durability what the application vouches for where the server hides its configuration
 * @param waitReplicas how many replicas each write waits for; 0 for none
 * @param waitTimeout how long each write waits for them
 */
record RedisSettings(String keyPrefix, LeaseTimingSettings.Timings timings, RedisDurability durability,
        int waitReplicas, Duration waitTimeout) {

    /** How long each call waits for the server: about one renewal period, at least a second. */
    Duration callTimeout() {
        Duration calls = timings.callTimeout();
        // A write that waits for replicas must be given the whole WAIT.
        return waitReplicas > 0 && waitTimeout.plusSeconds(1).compareTo(calls) > 0 ? waitTimeout.plusSeconds(1)
                : calls;
    }

    /**
     * The setters of the provider's builder, each checked as it is set, with the defaults: the Redis settings here,
     * the lease's timings, holder and clock those of every store whose leases expire by time.
     *
     * @param <B> the builder, which every setter returns
     */
    abstract static class Setters<B extends Setters<B>> extends KeyedProviderBuilder<B, RedisSettings, RedisLink> {

        private String keyPrefix = RedisNodeLeaseProvider.DEFAULT_KEY_PREFIX;
        private RedisDurability durability = RedisDurability.CHECKED;
        private int waitReplicas;
        private Duration waitTimeout = Duration.ZERO;

        Setters(Function<RedisSettings, RedisLink> link) {
            super(link);
        }

        /**
         * Sets the prefix of every key the leases write; default {@value RedisNodeLeaseProvider#DEFAULT_KEY_PREFIX}.
         * A namespace's keys start {@code {<prefix>:<namespace>}}: the braces are Redis Cluster's hash tag, so every
         * key of a namespace lies in one hash slot.
         *
         * @param keyPrefix 1 to 64 characters, without braces, spaces or control characters
         * @return this builder
         */
        public B keyPrefix(String keyPrefix) {
            this.keyPrefix = checked("keyPrefix", keyPrefix, prefix -> prefix.matches("[^{}\\s\\p{Cntrl}]{1,64}"),
                    "Redis key prefix must be 1 to 64 characters without braces, spaces or control characters");
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
         * The settings with every default filled in.
         *
         * @throws IllegalArgumentException when the renewal period is not shorter than the lease length
         */
        final RedisSettings settings() {
            return new RedisSettings(keyPrefix, timings(), durability, waitReplicas, waitTimeout);
        }
    }
}
