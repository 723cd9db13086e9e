/**
 * Node identities leased from ZooKeeper through Apache Curator: ephemeral znodes, fenced on suspension, session loss
 * and a local deadline, with a persistent high-water mark per identity. Plain Java and Curator, no Spring: the
 * module {@code id-zookeeper} depends on {@code id-core} and Curator only.
 *
 * <p>{@link dev.ids.zookeeper.ZooKeeperNodeLeaseProvider} is the entry point and
 * {@link dev.ids.zookeeper.ZooKeeperNodeLease} the lease: the shared lifecycle of {@code dev.ids.node}
 * ({@code StoredNodeLease}) over {@code ZooKeeperLeaseStore}, the store's adapter, which keeps the leases open from
 * claim to release ({@code OpenZnode}, proven by a {@code ZnodeProof}). Behind it, one package-private class per
 * concern: {@code ProviderSettings} (the builder's setters, their checks and the client they name),
 * {@code ProviderClient} (the client the provider owns or borrows, and closing the provider once),
 * {@code Znodes} (layout and plain reads), {@code ZnodeClaims} (creating a pool znode and stamping its
 * mark), {@code OwnershipProofs} (connection events, deletion watches and the periodic proofs on the
 * {@code ids-zookeeper-lease} thread), {@code ZnodeMarks} (the high-water marks' compare-and-set),
 * {@code ZnodeRelease} (lowering the mark and deleting only the lease's own znode, Lable's delayed delete) and
 * {@code ZnodeRows} (the operator's listing and the cluster id).
 */
@NullMarked
package dev.ids.zookeeper;

import org.jspecify.annotations.NullMarked;
