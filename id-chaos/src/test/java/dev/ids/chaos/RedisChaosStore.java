package dev.ids.chaos;

import dev.ids.redis.RedisServer;
import java.util.List;

/**
 * The Redis lease store on a durable {@code redis-server} of the run's own (AOF, {@code appendfsync always}, as the
 * store requires), under a key prefix of the run's own. No driver timeout is set: the store's own limit on every
 * call frees a worker from a connection the nemesis leaves hung.
 */
final class RedisChaosStore implements ChaosStore {

    private final RedisServer server;
    private final String prefix;

    private RedisChaosStore(RedisServer server, String prefix) {
        this.server = server;
        this.prefix = prefix;
    }

    /** Starts the server and seeds the marks of the identities a run claims (see {@link RedisServer#seedMarks}). */
    static RedisChaosStore start(String run) throws Exception {
        RedisServer server = RedisServer.durable();
        String prefix = "ids-chaos-" + run;
        for (ChaosScheme scheme : ChaosScheme.values()) {
            if (scheme.leased()) {
                server.seedMarks(prefix, scheme.namespace(), 8);
            }
        }
        return new RedisChaosStore(server, prefix);
    }

    @Override
    public String name() {
        return "Redis";
    }

    @Override
    public int port() {
        return server.port();
    }

    @Override
    public List<String> arguments(int through) {
        return List.of("store=redis", "redis.uri=redis://127.0.0.1:" + through, "redis.prefix=" + prefix);
    }

    /** Kills the server (SIGKILL) and starts it again on its append-only file after {@link Nemesis#PAST_THE_LEASE}. */
    @Override
    public String restart() throws Exception {
        server.killAndRestart(Nemesis.PAST_THE_LEASE);
        return "redis-server killed (SIGKILL) and started again from its append-only file "
                + Nemesis.PAST_THE_LEASE.toMillis() + " ms later";
    }

    @Override
    public void close() throws Exception {
        server.close();
    }
}
