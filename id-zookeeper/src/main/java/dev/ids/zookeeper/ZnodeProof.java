package dev.ids.zookeeper;

/**
 * What a ZooKeeper lease proves its ownership by, the store's proof ({@link ZooKeeperLeaseStore}): the very pool
 * znode its claim created (path, owning session, creation zxid), the namespace (Lable's is released late) and the
 * identity's high-water-mark znode. Immutable; the mark's version, which moves with each write, is kept by the
 * store in the lease's {@link OpenZnode}.
 *
 * @param znode the pool znode, such as {@code /ids/sno/pool/3}, its session and creation
 * @param namespace the claim's namespace
 * @param markPath the identity's high-water-mark znode, such as {@code /ids/sno/hwm/3}
 */
record ZnodeProof(OwnedZnode znode, String namespace, String markPath) {

    /** The pool znode's path. */
    String path() {
        return znode.path();
    }
}
