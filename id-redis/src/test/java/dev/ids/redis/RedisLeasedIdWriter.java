package dev.ids.redis;

import dev.ids.node.process.LeasedIdWriter;
import io.lettuce.core.RedisClient;
import java.time.Duration;
import java.util.Map;

/**
 * The child process of {@link MultiProcessRedisLeaseIT}: a {@link LeasedIdWriter} whose identities come from Redis.
 * Arguments as for {@link LeasedIdWriter}, plus {@code redis.uri}, {@code redis.prefix}, {@code lease.ms} and
 * {@code grace.ms}.
 */
public final class RedisLeasedIdWriter {

    private RedisLeasedIdWriter() {
    }

    /**
     * Claims from Redis, generates, writes, releases.
     *
     * @param args {@code key=value} pairs
     * @throws Exception when anything fails; the exit status is then non-zero
     */
    public static void main(String[] args) throws Exception {
        Map<String, String> options = LeasedIdWriter.parse(args);
        RedisClient client = RedisClient.create(options.get("redis.uri"));
        try (RedisNodeLeaseProvider provider = RedisNodeLeaseProvider.builder(client)
                .keyPrefix(options.get("redis.prefix"))
                .leaseLength(Duration.ofMillis(Long.parseLong(options.getOrDefault("lease.ms", "3000"))))
                .reclaimGrace(Duration.ofMillis(Long.parseLong(options.getOrDefault("grace.ms", "1000"))))
                .build()) {
            LeasedIdWriter.run(options, provider, 0);
        } finally {
            client.shutdown();
        }
        System.exit(0);
    }
}
