package dev.ids.etcd;

/**
 * What an etcd lease's transactions compare: the identity's keys, the revision at which the claim created the lease
 * key (its {@code create_revision}, which no later key of the same name can have, as the cluster's revision only
 * grows), the etcd lease the key is attached to, and the holder value written in it.
 *
 * @param keys the namespace's keys
 * @param identity the identity
 * @param holder the holder value written at the claim, unique to the lease
 * @param leaseId the etcd lease the key is attached to, renewed by keep-alives
 * @param createRevision the lease key's create revision: the proof that the key is still the one this claim made
 */
record EtcdProof(EtcdKeys keys, long identity, String holder, long leaseId, long createRevision) {

    /** The lease key. */
    String leaseKey() {
        return keys.lease(identity);
    }

    /** The mark key. */
    String markKey() {
        return keys.mark(identity);
    }
}
