/**
 * Node identities leased from ZooKeeper through Apache Curator: ephemeral znodes, fenced on suspension, session loss
 * and a local deadline, with a persistent high-water mark per identity. Plain Java and Curator, no Spring: the
 * module {@code id-zookeeper} depends on {@code id-core} and Curator only.
 *
 * <p>{@link dev.ids.zookeeper.ZooKeeperNodeLeaseProvider} is the entry point and
 * {@link dev.ids.zookeeper.ZooKeeperNodeLease} the lease. Behind them, one package-private class per concern:
 * {@code Znodes} (layout and plain reads), {@code ZnodeClaims} (creating a pool znode and stamping its mark),
 * {@code OwnershipProofs} (connection events, deletion watches and the periodic proofs on the
 * {@code ids-zookeeper-lease} thread), {@code ZnodeMarks} (the high-water marks' compare-and-set),
 * {@code ZnodeRelease} (lowering the mark and deleting only the lease's own znode, Lable's delayed delete),
 * {@code ZnodeRows} (the operator's listing and the cluster id) and {@code OpenLeases} (the claim loop and the
 * leases open from claim to release).
 */
package dev.ids.zookeeper;
