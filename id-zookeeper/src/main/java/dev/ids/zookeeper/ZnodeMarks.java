package dev.ids.zookeeper;

import java.util.List;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Op;
import org.apache.zookeeper.OpResult;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.data.Stat;
import org.jspecify.annotations.Nullable;

/**
 * The persistent high-water marks, {@code <base>/hwm/<identity>}: decimal milliseconds since the Unix epoch, kept
 * across holders and changed only by compare-and-set on the znode's version.
 *
 * <p>A claim {@linkplain #stamp stamps} the mark (writes it back unchanged), so the version moves and any late write
 * of an earlier holder, which compares against an older version, fails. A holder's {@linkplain #write write} is a
 * multi that checks the pool znode exists and sets the mark at the expected version, on the lease's own session;
 * when the version does not match, it reads the mark, then proves the pool znode is still the lease's own before it
 * counts on that mark or retries. At an orderly close the mark may be {@linkplain #lower lowered} to the last time
 * IDs were issued for, against the version the lease last saw, so the next holder need not wait for the clock.
 */
final class ZnodeMarks {

    /** The provider's logger: operators set one level for all of it. */
    private static final System.Logger LOGGER = System.getLogger(ZooKeeperNodeLeaseProvider.class.getName());

    private final Znodes znodes;
    private final OwnershipProofs proofs;

    ZnodeMarks(Znodes znodes, OwnershipProofs proofs) {
        this.znodes = znodes;
        this.proofs = proofs;
    }

    /**
     * A mark as stored, with the version of its znode after the read or write that saw it.
     *
     * @param millis the mark, in milliseconds since the Unix epoch
     * @param version the znode's version, for the next compare-and-set
     */
    record StoredMark(long millis, int version) {
    }

    /**
     * Reads an identity's high-water mark, creating the znode with 0 when absent, and writes it back unchanged by
     * compare-and-set: the new version tells any earlier holder, whose writes compare against an older version,
     * that the identity was claimed since, so its late writes fail instead of passing a check of the pool znode
     * (which exists, but is the new holder's).
     *
     * @return the mark and the znode's version after the stamp
     */
    StoredMark stamp(String path) throws Exception {
        while (true) {
            Stat stat = new Stat();
            try {
                byte[] data = znodes.client().getData().storingStatIn(stat).forPath(path);
                long mark = parse(path, data);
                Stat stamped = znodes.client().setData().withVersion(stat.getVersion())
                        .forPath(path, Znodes.decimal(mark));
                return new StoredMark(mark, stamped.getVersion());
            } catch (KeeperException.BadVersionException e) {
                // Written meanwhile by an earlier holder: read it again.
            } catch (KeeperException.NoNodeException e) {
                try {
                    znodes.client().create().creatingParentsIfNeeded().forPath(path, Znodes.decimal(0));
                } catch (KeeperException.NodeExistsException ignored) {
                    // Created by another holder meanwhile; read it.
                }
            }
        }
    }

    /**
     * Writes a high-water mark by compare-and-set, on the znode's own session and only while the znode exists.
     *
     * @param znode the lease's pool znode
     * @param path the identity's mark znode
     * @param version the mark znode's version the lease last read or wrote
     * @return the mark now stored (this one, or a higher one an earlier write of this lease left) and its version;
     *     null when the version kept moving for three attempts
     * @throws ZnodeLostException when the session or the pool znode is found gone: the lease ends
     * @throws IllegalStateException when ZooKeeper cannot be written now: IDs beyond the current mark must wait
     */
    @Nullable StoredMark write(OwnedZnode znode, String path, long epochMillis, int version) throws ZnodeLostException {
        byte[] data = Znodes.decimal(epochMillis);
        int expected = version;
        try {
            for (int attempt = 0; attempt < 3; attempt++) {
                ZooKeeper zooKeeper = znodes.session();
                if (zooKeeper.getSessionId() != znode.sessionId()) {
                    throw new ZnodeLostException("the ZooKeeper session that owned its znode is gone", false);
                }
                try {
                    List<OpResult> results = zooKeeper.multi(List.of(Op.check(znode.path(), -1),
                            Op.setData(path, data, expected)));
                    return new StoredMark(epochMillis,
                            ((OpResult.SetDataResult) results.get(1)).getStat().getVersion());
                } catch (KeeperException.BadVersionException e) {
                    // An earlier write of ours may have landed though its reply was lost, or another holder
                    // claimed the identity and stamped the mark (the pool znode the multi checked is then its).
                    // The mark read first, then the proof: a znode still of our creation means no one else held
                    // the identity since our claim, so the mark read is ours to count on or to replace.
                    Stat stat = new Stat();
                    long current = parse(path, zooKeeper.getData(path, false, stat));
                    String foreign = znode.foreignOwner(proofs.provenStat(zooKeeper, znode));
                    if (foreign != null) {
                        throw new ZnodeLostException(foreign, true);
                    }
                    if (current >= epochMillis) {
                        return new StoredMark(current, stat.getVersion());
                    }
                    expected = stat.getVersion();
                }
            }
        } catch (ZnodeLostException e) {
            throw e;
        } catch (KeeperException.SessionExpiredException e) {
            throw new ZnodeLostException("the ZooKeeper session expired", true);
        } catch (KeeperException.NoNodeException e) {
            throw new ZnodeLostException("its znode " + znode.path() + " or " + path + " was deleted", true);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while writing the high-water mark to " + path, e);
        } catch (Exception e) {
            throw new IllegalStateException("Cannot write the high-water mark " + epochMillis + " to znode " + path
                    + " at ZooKeeper " + znodes.connectString() + ": " + e + "; IDs beyond the current mark must "
                    + "wait until it can be written", e);
        }
        return null;
    }

    /**
     * Lowers the mark at an orderly close, by compare-and-set against the version this lease last wrote or read
     * (a claim by anyone else since would have changed it) and only while the pool znode is this lease's. A
     * failure keeps the higher mark: the next holder then waits for the clock, which is safe.
     *
     * @param lease the released lease's proof
     * @param version the mark znode's version the lease last read or wrote
     * @return whether the mark was lowered to {@code finalMark}
     */
    boolean lower(ZnodeProof lease, int version, long finalMark) {
        String path = lease.markPath();
        try {
            ZooKeeper zooKeeper = znodes.session();
            if (zooKeeper.getSessionId() != lease.znode().sessionId()) {
                return false;
            }
            Stat pool = proofs.provenStat(zooKeeper, lease.znode());
            if (pool == null || !lease.znode().isSame(pool)) {
                return false;
            }
            zooKeeper.multi(List.of(Op.check(lease.path(), pool.getVersion()),
                    Op.setData(path, Znodes.decimal(finalMark), version)));
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            LOGGER.log(System.Logger.Level.INFO, "Kept the high-water mark of the ZooKeeper lease on {0} ({1}); the "
                    + "next holder waits for the clock to pass it", lease.path(), e.toString());
        }
        return false;
    }

    /** Reads a mark's text: decimal milliseconds, 0 when empty. */
    static long parse(String path, byte[] data) {
        String text = Znodes.text(data);
        try {
            return text.isEmpty() ? 0L : Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw new IllegalStateException("The high-water mark in znode " + path + " is not a decimal number of "
                    + "milliseconds: '" + text + "'; write the latest time IDs may have been issued for (or 0 if "
                    + "none) to it", e);
        }
    }
}
