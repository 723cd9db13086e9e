package dev.ids.zookeeper;

import java.nio.charset.StandardCharsets;
import java.util.function.Predicate;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.data.Stat;
import org.jspecify.annotations.Nullable;

/**
 * Takes one identity of a pool: creates its ephemeral znode, {@code <base>/pool/<identity>}, on this client's
 * session with the holder's text as data, then {@linkplain ZnodeMarks#stamp stamps} the identity's high-water mark.
 * Creating an ephemeral znode is atomic whoever creates it (Lable's own module included), so the znode is the
 * claim; a znode that exists is another holder's, unless it is this session's own create that Curator retried after
 * its reply was lost.
 *
 * <p>Only the znodes of a claim: which identities to try, and in which order, is the shared claim loop's business
 * ({@link dev.ids.node.StoredNodeLease#claim}), and turning a claimed znode into a lease that is watched and proven
 * is {@link ZooKeeperLeaseStore}'s.
 */
final class ZnodeClaims {

    private final Znodes znodes;
    private final ZnodeMarks marks;
    private final ZnodeRelease release;
    /**
     * Whether a lease (or a claim) of this provider holds a pool znode path: a znode of this session that one of
     * them holds is not a retried create.
     */
    private final Predicate<String> heldHere;

    ZnodeClaims(Znodes znodes, ZnodeMarks marks, ZnodeRelease release, Predicate<String> heldHere) {
        this.znodes = znodes;
        this.marks = marks;
        this.release = release;
        this.heldHere = heldHere;
    }

    /**
     * A pool znode this session created, and the identity's mark as stamped.
     *
     * @param znode the pool znode, its session and creation
     * @param markPath the identity's high-water-mark znode
     * @param mark the mark read and written back unchanged, and its version
     */
    record ClaimedZnode(OwnedZnode znode, String markPath, ZnodeMarks.StoredMark mark) {
    }

    /** The identities whose pool znodes exist now. */
    long[] taken(String base) throws Exception {
        return znodes.identityChildren(Znodes.pool(base)).stream().mapToLong(Long::longValue).toArray();
    }

    /**
     * Creates the identity's ephemeral znode, naming the holder, and stamps its mark; deletes the znode again when
     * the stamp fails.
     *
     * @return the claimed znode, or null when another session holds the identity
     */
    @Nullable ClaimedZnode tryCreate(String base, long identity, String holder) throws Exception {
        String path = Znodes.child(Znodes.pool(base), identity);
        Stat stat = new Stat();
        long owner;
        long createdZxid;
        try {
            znodes.client().create().storingStatIn(stat).creatingParentsIfNeeded().withMode(CreateMode.EPHEMERAL)
                    .forPath(path, holder.getBytes(StandardCharsets.UTF_8));
            owner = stat.getEphemeralOwner();
            createdZxid = stat.getCzxid();
        } catch (KeeperException.NodeExistsException e) {
            // Taken, unless Curator retried our own create after its reply was lost: then our session owns it.
            Stat existing = znodes.client().checkExists().forPath(path);
            if (existing == null || existing.getEphemeralOwner() != znodes.session().getSessionId()
                    || heldHere.test(path)) {
                return null;
            }
            owner = existing.getEphemeralOwner();
            createdZxid = existing.getCzxid();
        }
        OwnedZnode znode = new OwnedZnode(path, owner, createdZxid);
        String markPath = Znodes.child(Znodes.marks(base), identity);
        try {
            return new ClaimedZnode(znode, markPath, marks.stamp(markPath));
        } catch (Exception e) {
            release.deleteIfOwned(znode);
            throw e;
        }
    }
}
