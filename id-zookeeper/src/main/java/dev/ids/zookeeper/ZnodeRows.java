package dev.ids.zookeeper;

import dev.ids.clock.IdClock;
import dev.ids.zookeeper.ZooKeeperNodeLeaseProvider.LeaseRow;
import java.util.ArrayList;
import java.util.List;
import java.util.Collection;
import java.util.SortedSet;
import java.util.TreeSet;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.data.Stat;

/**
 * Read-only views of a namespace for operators and generators: every identity that is held or has a high-water
 * mark ({@link ZooKeeperNodeLeaseProvider#rows}), and the cluster id Lable generators need
 * ({@link ZooKeeperNodeLeaseProvider#clusterId}). Nothing here writes.
 */
final class ZnodeRows {

    private final Znodes znodes;
    private final IdClock clock;
    /** The provider's open leases: only their deadlines are known here. */
    private final Collection<OpenZnode> leases;

    ZnodeRows(Znodes znodes, IdClock clock, Collection<OpenZnode> leases) {
        this.znodes = znodes;
        this.clock = clock;
        this.leases = leases;
    }

    /** Reads the cluster id from {@code <base>/cluster-id}; 0 when absent. */
    long clusterId(String namespace) {
        String path = Znodes.clusterId(znodes.basePath(namespace));
        byte[] data;
        try {
            data = znodes.client().getData().forPath(path);
        } catch (KeeperException.NoNodeException e) {
            return 0L;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while reading the cluster id from znode " + path, e);
        } catch (Exception e) {
            throw new IllegalStateException("Cannot read the cluster id from znode " + path + " at ZooKeeper "
                    + znodes.connectString() + ": " + e + "; check that ZooKeeper is reachable", e);
        }
        String text = Znodes.text(data);
        try {
            return text.isEmpty() ? 0L : Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw new IllegalStateException("The cluster id in znode " + path + " is not a decimal number: '" + text
                    + "'; write a decimal such as 0 to it, or delete it for cluster id 0", e);
        }
    }

    /** Reads the pool and mark znodes' children, then each one's data; ascending by identity. */
    List<LeaseRow> rows(String namespace) {
        String base = znodes.basePath(namespace);
        String pool = Znodes.pool(base);
        String marks = Znodes.marks(base);
        try {
            SortedSet<Long> identities = new TreeSet<>(znodes.identityChildren(pool));
            identities.addAll(znodes.identityChildren(marks));
            List<LeaseRow> rows = new ArrayList<>();
            for (long identity : identities) {
                rows.add(row(namespace, Znodes.child(pool, identity), Znodes.child(marks, identity), identity));
            }
            return rows;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while reading the node leases under " + base, e);
        } catch (Exception e) {
            throw new IllegalStateException("Cannot read the node leases of namespace '" + namespace + "' under "
                    + "znode " + base + " at ZooKeeper " + znodes.connectString() + ": " + e, e);
        }
    }

    private LeaseRow row(String namespace, String poolPath, String markPath, long identity) throws Exception {
        Stat pool = new Stat();
        byte[] holderData = znodes.dataOrNull(poolPath, pool);
        byte[] markData = znodes.dataOrNull(markPath, new Stat());
        long mark = markData == null ? 0L : ZnodeMarks.parse(markPath, markData);
        if (holderData == null) {
            return new LeaseRow(namespace, identity, false, null, 0L, mark);
        }
        String holder = Znodes.text(holderData);
        // Only this provider knows a lease's deadline; another's lasts as long as its session.
        long expiresAt = leases.stream()
                .filter(lease -> lease.path().equals(poolPath) && lease.znode().createdZxid() == pool.getCzxid())
                .filter(OpenZnode::isHeld).findFirst()
                .map(lease -> clock.wallTimeMillis() + lease.remaining().toMillis()).orElse(0L);
        return new LeaseRow(namespace, identity, true, holder.isEmpty() ? null : holder, expiresAt, mark);
    }
}
