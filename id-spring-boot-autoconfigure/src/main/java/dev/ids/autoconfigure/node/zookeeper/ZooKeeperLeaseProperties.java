package dev.ids.autoconfigure.node.zookeeper;

import java.time.Duration;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Settings of the ZooKeeper node lease provider, under {@code ids.node.zookeeper}.
 *
 * @param connectString ZooKeeper ensemble to lease node identities from, for example zk1:2181,zk2:2181,zk3:2181.
 * @param rootPath Root znode of the leases; Lable generator ids use Lable's own layout under it (pool/&lt;id&gt;,
 *     cluster-id).
 * @param sessionTimeout Session timeout asked of the server: an identity of a crashed instance is free this long
 *     after it vanished, and a pause or network hiccup of this length loses the lease.
 * @param connectionTimeout How long a ZooKeeper operation waits for a connection, and for its answer: a server that
 *     hangs fails each call after this long.
 */
@ConfigurationProperties("ids.node.zookeeper")
public record ZooKeeperLeaseProperties(@Nullable String connectString, @Nullable String rootPath,
        @Nullable Duration sessionTimeout, @Nullable Duration connectionTimeout) {
}
