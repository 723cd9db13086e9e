package dev.ids.zookeeper;

import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.curator.framework.api.CuratorWatcher;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.data.Stat;
import org.jspecify.annotations.Nullable;

/**
 * Gives a closed lease's identity back: stops watching its znode, lowers its high-water mark when asked to, and
 * deletes its znode, but only the very znode the lease created ({@link OwnedZnode}) and only on the session that
 * owns it; a znode the same session created anew at that path since is left alone.
 *
 * <p>In the Lable namespace the delete waits for the Lable release delay: Lable's own generators know no high-water
 * mark and keep a released identity for two seconds against clock skew, so one of them must not take an identity a
 * moment after this provider released it. The znode stays with this session meanwhile; the provider's close waits
 * for those deletes ({@link #awaitPendingDeletes()}).
 */
final class ZnodeRelease {

    /** The provider's logger: operators set one level for all of it. */
    private static final System.Logger LOGGER = System.getLogger(ZooKeeperNodeLeaseProvider.class.getName());

    private final Znodes znodes;
    private final OwnershipProofs proofs;
    private final ZnodeMarks marks;
    private final long lableReleaseDelayNanos;
    /** Deletes of released Lable znodes still to run; the provider's close waits for them before the client goes. */
    private final Set<Future<?>> pendingDeletes = ConcurrentHashMap.newKeySet();

    ZnodeRelease(Znodes znodes, OwnershipProofs proofs, ZnodeMarks marks, long lableReleaseDelayNanos) {
        this.znodes = znodes;
        this.proofs = proofs;
        this.marks = marks;
        this.lableReleaseDelayNanos = lableReleaseDelayNanos;
    }

    /**
     * Stops watching a closed lease's znode and deletes the znode if it is still the one the lease created, so the
     * identity is free at once (in the Lable namespace, after the delay); first lowers the high-water mark to
     * {@code finalMark} when that is 0 or more.
     *
     * @param lease the closed lease's proof
     * @param watcher the watch on its znode, or null
     * @param markVersion the mark znode's version the lease last read or wrote
     * @param finalMark the mark to lower to, or -1 to keep the stored one
     * @return the mark stored now when it was lowered, else -1
     */
    long free(ZnodeProof lease, @Nullable CuratorWatcher watcher, int markVersion, long finalMark) {
        // A client that lost its connection would wait for each call: give up at once instead, the znode is ephemeral.
        if (!znodes.isConnected()) {
            leftToTheSession(lease.znode());
            return -1;
        }
        proofs.unwatch(watcher, lease.path());
        long lowered = finalMark >= 0 && znodes.isConnected() && marks.lower(lease, markVersion, finalMark)
                ? finalMark : -1;
        OwnedZnode znode = lease.znode();
        if (lableReleaseDelayNanos > 0 && znodes.isLable(lease.namespace())) {
            // Kept by this session meanwhile, so no one (Lable's own module included) can take it before the delay.
            try {
                CompletableFuture<Void> done = new CompletableFuture<>();
                pendingDeletes.add(done);
                proofs.runAfter(lableReleaseDelayNanos, () -> {
                    try {
                        deleteIfOwned(znode);
                    } finally {
                        pendingDeletes.remove(done);
                        done.complete(null);
                    }
                });
                return lowered;
            } catch (RejectedExecutionException e) {
                // The provider is closing: the znode goes with the session, or below at once.
            }
        }
        deleteIfOwned(znode);
        return lowered;
    }

    /** Waits, at most the Lable release delay and a little, for the delayed deletes of released Lable znodes. */
    void awaitPendingDeletes() {
        long deadline = System.nanoTime() + lableReleaseDelayNanos + TimeUnit.SECONDS.toNanos(5);
        for (Future<?> pending : List.copyOf(pendingDeletes)) {
            try {
                pending.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (ExecutionException | TimeoutException e) {
                return; // the znode goes with the session when the client closes; else when it expires
            }
        }
    }

    /**
     * Deletes the znode if it is still the one created by its creation zxid on its session: the same session may
     * have created the path anew since (a re-claim after an outside delete), and a delayed Lable delete must not
     * take that one.
     */
    void deleteIfOwned(OwnedZnode znode) {
        if (!znodes.isConnected()) {
            leftToTheSession(znode);
            return;
        }
        try {
            ZooKeeper zooKeeper = znodes.session();
            // On the owning session only: if it has expired the server refuses, and the znode is gone already.
            if (zooKeeper.getSessionId() == znode.sessionId()) {
                Stat stat = zooKeeper.exists(znode.path(), false);
                if (znode.isSame(stat)) {
                    zooKeeper.delete(znode.path(), stat.getVersion());
                }
            }
        } catch (KeeperException.NoNodeException | KeeperException.SessionExpiredException e) {
            // Gone already.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            LOGGER.log(System.Logger.Level.WARNING, "Cannot delete znode {0}: {1}; the identity becomes free when "
                    + "the ZooKeeper session ends", znode.path(), e);
        }
    }

    /** Says that a znode is left to go with its session, the client being no longer connected. */
    private static void leftToTheSession(OwnedZnode znode) {
        // The client cannot tell here whether the session is still alive: after an expiry it has ended already.
        LOGGER.log(System.Logger.Level.WARNING, "Not connected to ZooKeeper: znode {0} is not deleted; it goes with "
                + "its ZooKeeper session, which frees the identity once the session has ended (at once if it has "
                + "expired already; its high-water mark stays as it is)", znode.path());
    }
}
