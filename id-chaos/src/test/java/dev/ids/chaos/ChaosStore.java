package dev.ids.chaos;

import dev.ids.etcd.EtcdNodeLeaseProvider;
import dev.ids.kubernetes.KubernetesNodeLeaseProvider;
import dev.ids.node.NodeLeaseProvider;
import dev.ids.node.jdbc.JdbcNodeLeaseProvider;
import dev.ids.r2dbc.R2dbcNodeLeaseProvider;
import dev.ids.redis.RedisNodeLeaseProvider;
import dev.ids.testing.PlainDataSource;
import dev.ids.zookeeper.ZooKeeperNodeLeaseProvider;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.lettuce.core.RedisClient;
import io.r2dbc.spi.ConnectionFactories;
import io.r2dbc.spi.ConnectionFactory;
import io.r2dbc.spi.ConnectionFactoryOptions;
import java.sql.DriverManager;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * A lease store a chaos run attacks: where its server listens (the nemesis puts a proxy of each worker's own in
 * front of it), the arguments that make a worker reach it through a port, and, on the worker's side, the provider
 * those arguments build. A store joins the suite with an implementation here and a case in {@link #provider}.
 */
interface ChaosStore extends AutoCloseable {

    /** The lease length of every run: short, so that faults past it fit in a run of a minute. */
    Duration LEASE = Duration.ofSeconds(3);
    /** The reclaim grace of every run. */
    Duration GRACE = Duration.ofSeconds(1);

    /** The store's name in the report. */
    String name();

    /** The port of the store's server on 127.0.0.1. */
    int port();

    /**
     * The worker arguments that reach the store through the given port of 127.0.0.1.
     *
     * @param port the port of the worker's proxy
     * @return {@code key=value} pairs, {@code store=} first
     */
    List<String> arguments(int port);

    /**
     * Restarts the store, or does to the workers' connections what a restart of a server shared with others does,
     * for the nemesis's store fault: every connection of the run drops at once, and what the store acknowledged
     * must still be there.
     *
     * @return what was done, for the report
     * @throws Exception when the store cannot be restarted
     */
    String restart() throws Exception;

    /** Removes what the run left in the store. */
    @Override
    void close() throws Exception;

    /**
     * On the worker's side: the provider the arguments describe.
     *
     * @param options the worker's arguments
     * @return the provider
     */
    static NodeLeaseProvider provider(Map<String, String> options) {
        return switch (options.get("store")) {
            case "jdbc" -> {
                String url = options.get("jdbc.url");
                String user = options.get("jdbc.user");
                String password = options.getOrDefault("jdbc.password", "");
                PlainDataSource connections = () -> DriverManager.getConnection(url, user, password);
                yield JdbcNodeLeaseProvider.builder(connections).tableName(options.get("jdbc.table"))
                        .leaseLength(LEASE).reclaimGrace(GRACE).build();
            }
            case "redis" -> RedisNodeLeaseProvider.builder(RedisClient.create(options.get("redis.uri")))
                    .keyPrefix(options.get("redis.prefix")).leaseLength(LEASE).reclaimGrace(GRACE).build();
            case "r2dbc" -> {
                ConnectionFactory connections = ConnectionFactories.get(ConnectionFactoryOptions
                        .parse(options.get("r2dbc.url")).mutate()
                        .option(ConnectionFactoryOptions.USER, options.get("r2dbc.user"))
                        .option(ConnectionFactoryOptions.PASSWORD, options.getOrDefault("r2dbc.password", ""))
                        .build());
                yield R2dbcNodeLeaseProvider.builder(connections).tableName(options.get("r2dbc.table"))
                        .leaseLength(LEASE).reclaimGrace(GRACE).build();
            }
            case "etcd" -> EtcdNodeLeaseProvider.builder(List.of(options.get("etcd.endpoints").split(",")))
                    .keyPrefix(options.get("etcd.prefix")).leaseLength(LEASE).reclaimGrace(GRACE).build();
            case "zookeeper" -> ZooKeeperNodeLeaseProvider.builder().connectString(options.get("zookeeper.connect"))
                    .rootPath(options.get("zookeeper.root")).sessionTimeout(ZooKeeperChaosStore.SESSION_TIMEOUT)
                    .connectionTimeout(ZooKeeperChaosStore.CONNECTION_TIMEOUT).build();
            case "kubernetes" -> KubernetesNodeLeaseProvider.builder(new ConfigBuilder(Config.empty())
                    .withMasterUrl(options.get("kubernetes.url")).build())
                    .namespace(options.get("kubernetes.namespace")).leaseNamePrefix(options.get("kubernetes.prefix"))
                    .leaseLength(LEASE).reclaimGrace(GRACE).build();
            default -> throw new IllegalArgumentException("store must be jdbc, redis, r2dbc, zookeeper, etcd or "
                    + "kubernetes: '" + options.get("store") + "'");
        };
    }
}
