package dev.ids.redis;

import dev.ids.internal.ExceptionMessages;
import dev.ids.node.UnsafeLeaseStoreException;
import io.lettuce.core.RedisCommandExecutionException;
import java.lang.System.Logger.Level;
import java.util.Map;
import java.util.concurrent.ExecutionException;

/**
 * The check of a Redis server's durability before the store's first claim writes anything: every master must keep
 * each acknowledged write across a crash of the server (AOF on, {@code appendfsync always}), unless the provider
 * follows every write with {@code WAIT} for replicas, or, where the server hides its configuration, the application
 * declared it durable ({@link RedisDurability#TRUSTED}). docs/LEASES.md ("The Redis store") explains the rule.
 */
final class DurabilityCheck {

    private final RedisLink link;
    private final RedisDurability durability;
    private final int waitReplicas;
    private final System.Logger log;

    DurabilityCheck(RedisLink link, RedisDurability durability, int waitReplicas, System.Logger log) {
        this.link = link;
        this.durability = durability;
        this.waitReplicas = waitReplicas;
        this.log = log;
    }

    /**
     * Checks the server.
     *
     * @throws UnsafeLeaseStoreException when it may lose an acknowledged write, or hides whether it may
     * @throws Exception when it cannot be reached
     */
    void check() throws Exception {
        if (waitReplicas > 0) {
            log.log(Level.DEBUG, () -> "Every lease write to " + link.describe() + " waits for " + waitReplicas
                    + " replicas (WAIT): its own persistence is not checked");
            return;
        }
        Map<String, Map<String, String>> configs;
        try {
            configs = link.callEveryMaster(commands -> commands.configGet("appendonly", "appendfsync"));
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RedisCommandExecutionException refused) {
                hidden(ExceptionMessages.of(refused));
                return;
            }
            throw e;
        }
        for (Map.Entry<String, Map<String, String>> node : configs.entrySet()) {
            judge(node.getKey(), node.getValue());
        }
    }

    private void judge(String node, Map<String, String> config) {
        String appendOnly = config.get("appendonly");
        String fsync = config.get("appendfsync");
        if (appendOnly == null || fsync == null) {
            hidden("CONFIG GET appendonly appendfsync answered " + config);
            return;
        }
        if ("yes".equalsIgnoreCase(appendOnly) && "always".equalsIgnoreCase(fsync)) {
            return;
        }
        String store = link.describe() + " at " + node;
        throw new UnsafeLeaseStoreException(UnsafeLeaseStoreException.Reason.NOT_DURABLE, store,
                "the lease store is " + store + ", which acknowledges writes before they are durable (appendonly "
                        + appendOnly + ", appendfsync " + fsync + "): a crash of the server loses the latest lease "
                        + "writes, and the next holder of an identity would start from an old high-water mark and "
                        + "issue IDs another process already issued",
                "Set appendonly yes and appendfsync always on every master (CONFIG SET and redis.conf), or build "
                        + "the provider with waitForReplicas(n, timeout) so that each lease write waits for n "
                        + "replicas, or keep the leases in another store");
    }

    private void hidden(String why) {
        if (durability == RedisDurability.TRUSTED) {
            log.log(Level.INFO, () -> "The node leases trust " + link.describe() + " to keep every acknowledged "
                    + "write (durability TRUSTED): its configuration cannot be read (" + why + ")");
            return;
        }
        String store = link.describe();
        throw new UnsafeLeaseStoreException(UnsafeLeaseStoreException.Reason.NOT_DURABLE, store,
                "the lease store is " + store + ", whose persistence settings cannot be read (" + why + "), so "
                        + "nothing shows that it keeps an acknowledged write across a crash; one it loses would "
                        + "let the next holder of an identity issue IDs another process already issued",
                "Allow CONFIG GET appendonly appendfsync to the lease store's user, or declare the server durable "
                        + "with durability(RedisDurability.TRUSTED) if it keeps every acknowledged write (AOF with "
                        + "appendfsync always, or a managed service's durable log), or build the provider with "
                        + "waitForReplicas(n, timeout)");
    }
}
