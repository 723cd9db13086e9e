package dev.ids.autoconfigure.node;

import dev.ids.node.NodeLease;

/**
 * A node identity one generator holds through a lease: what health, metrics and the {@code ids} endpoint report.
 *
 * @param generatorName the generator's bean name
 * @param property the property that would have set the identity instead, for example {@code ids.sno.partition}
 * @param namespace the namespace the identity was claimed in, for example {@code sno}
 * @param lease the lease
 * @param provider where the lease is kept, for example {@code jdbc (table ids_node_lease, ...)}
 * @param store the kind of store, as {@link NodeLeases#kind()} names it: {@code jdbc}, {@code zookeeper} or
 *     {@code lease}
 */
public record LeasedIdentity(String generatorName, String property, String namespace, NodeLease lease,
        String provider, String store) {
}
