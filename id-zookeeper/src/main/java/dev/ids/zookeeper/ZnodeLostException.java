package dev.ids.zookeeper;

/**
 * A lease's znode is no longer its own: the session that created it is gone or expired, or the znode was deleted
 * or created anew. The lease it backs ends for good; the message is the reason, as the lease then reports it.
 */
final class ZnodeLostException extends Exception {

    private static final long serialVersionUID = 1L;

    /** Whether a proof was asked of ZooKeeper and came back negative, rather than the session being gone before. */
    private final boolean proofFailed;

    ZnodeLostException(String reason, boolean proofFailed) {
        super(reason, null, false, false);
        this.proofFailed = proofFailed;
    }

    boolean proofFailed() {
        return proofFailed;
    }
}
