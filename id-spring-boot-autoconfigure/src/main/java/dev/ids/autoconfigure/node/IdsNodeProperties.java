package dev.ids.autoconfigure.node;

import java.time.Duration;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;

// This Javadoc's @param texts are the configuration metadata, which the README's reference repeats word for word.
/**
 * Where the node identities left unset come from, under {@code ids.node}: a lease from a shared store, claimed per
 * generator. Kept apart from {@link dev.ids.autoconfigure.IdsProperties}, which configures the generators, because
 * the lease providers and their conditions read only this group.
 *
 * @param provider Where node identities come from when their properties are unset: static (properties and
 *     NodeIdentityProvider beans only), jdbc (a lease row in the application's DataSource), r2dbc (the same
 *     lease row through the application's R2DBC ConnectionFactory), zookeeper (an ephemeral znode), etcd (a key
 *     attached to an etcd lease, needs id-etcd and ids.node.etcd.endpoints), kubernetes (a coordination.k8s.io
 *     Lease object, needs id-kubernetes), redis (a key in the application's Redis, needs id-redis), or the name of
 *     another lease store on the class path. Unset or auto: zookeeper when ids.node.zookeeper.connect-string is set,
 *     else etcd when ids.node.etcd.endpoints is set, else kubernetes when ids.node.kubernetes.namespace is set, else
 *     jdbc when there is a DataSource bean, else r2dbc when there is a ConnectionFactory bean, else redis when there
 *     is a Lettuce connection factory and id-redis, else static.
 * @param reclaimPeriod How often a leased identity is checked and, once its lease has ended for good (not renewed in
 *     time, its ZooKeeper session expired), claimed again: the same identity, as each generator keeps its own;
 *     retries back off up to sixteen times this. The generator refuses IDs until the identity is held again.
 */
@ConfigurationProperties("ids.node")
public record IdsNodeProperties(@Nullable String provider, @Nullable Duration reclaimPeriod) {

    /**
     * Tells whether {@code ids.node.provider} names a store, in any case: chosen so, the store is taken knowingly.
     *
     * @param store the store's name, in lower case
     * @return whether the property is set to it
     */
    public boolean names(String store) {
        return store.equals(LeaseStoreKinds.normalize(provider));
    }
}
