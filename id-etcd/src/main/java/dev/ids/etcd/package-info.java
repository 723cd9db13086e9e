/**
 * Node identities leased from an etcd cluster through jetcd, without Spring: {@link dev.ids.etcd.EtcdNodeLeaseProvider}
 * and its leases, {@link dev.ids.etcd.EtcdNodeLease}. docs/LEASES.md ("The etcd store") describes the keys, the
 * transactions and what the cluster guarantees.
 */
@NullMarked
package dev.ids.etcd;

import org.jspecify.annotations.NullMarked;
