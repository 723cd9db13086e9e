package dev.ids.zookeeper;

import org.apache.zookeeper.data.Stat;
import org.jspecify.annotations.Nullable;

/**
 * The ephemeral znode a lease created, told apart from any other znode at the same path: the session that owns it
 * and the zxid that created it. The same session may create the path anew (a re-claim after an outside delete);
 * proofs of ownership, mark writes and deletes compare both, so that they never count or take that other znode.
 *
 * @param path the pool znode, such as {@code /ids/sno/pool/3}
 * @param sessionId the session that created it
 * @param createdZxid the zxid of its creation
 */
record OwnedZnode(String path, long sessionId, long createdZxid) {

    /** Tells whether a read of {@link #path()} shows this very znode. */
    boolean isSame(Stat stat) {
        return foreignOwner(stat) == null;
    }

    /**
     * Why the znode read is not this one, for messages; null when it is: same owner session and same creation.
     *
     * @param stat the znode's stat as read, or null when it does not exist
     */
    @Nullable String foreignOwner(@Nullable Stat stat) {
        if (stat == null) {
            return "its znode " + path + " was deleted";
        }
        if (stat.getEphemeralOwner() != sessionId) {
            return "its znode " + path + " belongs to session 0x" + Long.toHexString(stat.getEphemeralOwner());
        }
        if (stat.getCzxid() != createdZxid) {
            return "its znode " + path + " was deleted and created anew";
        }
        return null;
    }
}
