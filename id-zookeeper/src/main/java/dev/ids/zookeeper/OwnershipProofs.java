package dev.ids.zookeeper;

import dev.ids.clock.IdClock;
import dev.ids.internal.DaemonThreads;
import dev.ids.internal.ExceptionMessages;
import dev.ids.node.LeaseGrant;
import dev.ids.node.NodeLeaseStore;
import java.util.Collection;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.curator.framework.api.CuratorWatcher;
import org.apache.curator.framework.state.ConnectionState;
import org.apache.curator.framework.state.ConnectionStateListener;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.WatchedEvent;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.data.Stat;
import org.jspecify.annotations.Nullable;

/**
 * Keeps every open lease of a provider in step with what ZooKeeper vouches for: suspends them all when Curator
 * reports the connection {@code SUSPENDED} or {@code READ_ONLY}, ends them when it reports the session {@code LOST}
 * or a watch sees a znode deleted, and proves each one's ownership again every sixth of the negotiated session
 * timeout (and at once after a reconnection) on one daemon thread, {@value #THREAD_NAME}.
 *
 * <p>A proof is a read, on the very session that created the znode and after a {@code sync}, that finds the znode
 * still owned by that session and of the same creation ({@link OwnedZnode}); it moves the lease's deadline to the
 * time the proof was asked for plus {@linkplain ZooKeeperNodeLeaseProvider#LEASE_FRACTION two thirds} of the session
 * timeout. A suspension counted while a proof was in flight wins over it: the {@linkplain #suspensionCount()
 * suspension count} is the store's fence epoch, part of each lease's epoch, and a lease records a proof only when
 * its epoch is still the one read before the proof was asked for.
 *
 * <p>The same thread runs the provider's delayed deletes ({@link #runAfter}).
 */
final class OwnershipProofs {

    /** The name of the provider's proof thread. */
    static final String THREAD_NAME = "ids-zookeeper-lease";
    /** Proofs per lease length: a lease lapses only after this many proofs in a row fail or are late. */
    static final int PROOFS_PER_LEASE = 4;

    /** The provider's logger: operators set one level for all of it. */
    private static final System.Logger LOGGER = System.getLogger(ZooKeeperNodeLeaseProvider.class.getName());

    private final Znodes znodes;
    private final IdClock clock;
    /** The store's open leases; only read here. */
    private final Collection<OpenZnode> leases;
    private final ScheduledExecutorService executor;
    /** Counts SUSPENDED, READ_ONLY and LOST reports, so that a proof asked for before one cannot undo it. */
    private final AtomicLong suspensions = new AtomicLong();
    private final ConnectionStateListener listener = (ignored, newState) -> connectionStateChanged(newState);

    OwnershipProofs(Znodes znodes, IdClock clock, Collection<OpenZnode> leases) {
        this.znodes = znodes;
        this.clock = clock;
        this.leases = leases;
        this.executor = DaemonThreads.scheduler(THREAD_NAME);
    }

    /** Starts listening to the connection and proving every open lease, the first time at once. */
    void start() {
        znodes.client().getConnectionStateListenable().addListener(listener);
        scheduleProofs(0);
    }

    /** Stops listening and stops the thread; scheduled work that has not run is dropped. */
    void stop() {
        znodes.client().getConnectionStateListenable().removeListener(listener);
        executor.shutdownNow();
    }

    /**
     * Runs a task on the proof thread after a delay.
     *
     * @throws RejectedExecutionException when the provider is closing
     */
    void runAfter(long delayNanos, Runnable task) {
        executor.schedule(task, delayNanos, TimeUnit.NANOSECONDS);
    }

    /** The number of suspensions and losses reported so far; read it before asking for a proof. */
    long suspensionCount() {
        return suspensions.get();
    }

    /** How long a proof on this session keeps a lease held: two thirds of the negotiated session timeout. */
    static long leaseNanos(ZooKeeper zooKeeper) {
        return (long) (TimeUnit.MILLISECONDS.toNanos(zooKeeper.getSessionTimeout())
                * ZooKeeperNodeLeaseProvider.LEASE_FRACTION);
    }

    /** Proves the lease's ownership on the proof thread, soon. */
    void proveLater(OpenZnode lease) {
        submit(() -> prove(lease));
    }

    private void connectionStateChanged(ConnectionState newState) {
        switch (newState) {
            case SUSPENDED, READ_ONLY -> {
                suspensions.incrementAndGet();
                leases.forEach(OpenZnode::suspend);
            }
            case LOST -> {
                suspensions.incrementAndGet();
                leases.forEach(lease -> lease.end("the ZooKeeper session was lost"));
            }
            case CONNECTED, RECONNECTED -> submit(this::proveAll);
            default -> {
                // No other states exist today.
            }
        }
    }

    private void scheduleProofs(long delayMillis) {
        try {
            executor.schedule(() -> {
                try {
                    proveAll();
                } finally {
                    scheduleProofs(proofPeriodMillis());
                }
            }, delayMillis, TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException e) {
            // Closed.
        }
    }

    private long proofPeriodMillis() {
        int sessionTimeout = znodes.client().getZookeeperClient().getLastNegotiatedSessionTimeoutMs();
        long lease = sessionTimeout > 0 ? (long) (sessionTimeout * ZooKeeperNodeLeaseProvider.LEASE_FRACTION)
                : 1_000L;
        return Math.max(10L, lease / PROOFS_PER_LEASE);
    }

    private void submit(Runnable task) {
        try {
            executor.execute(task);
        } catch (RejectedExecutionException e) {
            // Closed.
        }
    }

    private void proveAll() {
        for (OpenZnode lease : leases) {
            prove(lease);
        }
    }

    /**
     * Proves that the lease's session still owns its znode, by a read on that very session, and extends the lease;
     * ends it when the session is gone or the znode is not its own. Runs on the proof thread.
     */
    void prove(OpenZnode znode) {
        NodeLeaseStore.Provable lease = znode.lease();
        if (lease == null || lease.lease().isEnded()) {
            return;
        }
        long epoch = lease.epoch();
        long askedAt = clock.monotonicNanos();
        try {
            long leaseNanos = proveOwnership(znode.znode());
            lease.prove(askedAt, epoch, new LeaseGrant(leaseNanos, 0));
        } catch (ZnodeLostException e) {
            znode.end(ExceptionMessages.of(e));
            if (e.proofFailed()) {
                lease.countFailure();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            // No proof now; the lease lapses at its deadline unless a later proof succeeds.
            lease.countFailure();
            LOGGER.log(System.Logger.Level.DEBUG, "Cannot prove {0}: {1}", lease.lease(), e);
        }
    }

    /**
     * Proves that the znode's session still owns it, by a read on that very session after a sync.
     *
     * @return how long the proof keeps a lease held, counted from before it was asked for
     * @throws ZnodeLostException when the session is gone or expired, or the znode is not this one
     * @throws Exception when ZooKeeper cannot tell now; a later proof may
     */
    long proveOwnership(OwnedZnode znode) throws Exception {
        try {
            ZooKeeper zooKeeper = znodes.session();
            if (zooKeeper.getSessionId() != znode.sessionId()) {
                throw new ZnodeLostException("the ZooKeeper session that owned its znode is gone", false);
            }
            // The raw handle, not Curator's retrying API: a read on this session fails instead of reconnecting
            // with a new session, and while disconnected it fails quickly rather than waiting.
            String foreign = znode.foreignOwner(provenStat(zooKeeper, znode));
            if (foreign != null) {
                throw new ZnodeLostException(foreign, true);
            }
            return leaseNanos(zooKeeper);
        } catch (KeeperException.SessionExpiredException e) {
            throw new ZnodeLostException("the ZooKeeper session expired", true);
        }
    }

    /**
     * Reads the znode after a sync: the server this client talks to may lag behind the leader (after a
     * reconnection to another server), and a proof must not rest on a stale read that still shows a deleted znode.
     *
     * @return the znode's stat, or null when it does not exist
     */
    @Nullable Stat provenStat(ZooKeeper zooKeeper, OwnedZnode znode) throws Exception {
        CompletableFuture<Integer> synced = new CompletableFuture<>();
        zooKeeper.sync(znode.path(), (rc, path, context) -> synced.complete(rc), null);
        int rc = synced.get(Math.max(1L, proofPeriodMillis()), TimeUnit.MILLISECONDS);
        if (rc != KeeperException.Code.OK.intValue() && rc != KeeperException.Code.NONODE.intValue()) {
            throw KeeperException.create(KeeperException.Code.get(rc), znode.path());
        }
        return zooKeeper.exists(znode.path(), false);
    }

    /** Watches the lease's znode, ending the lease when it is deleted; a proof notices it too, later. */
    void watch(OpenZnode lease) {
        CuratorWatcher watcher = new CuratorWatcher() {
            @Override
            public void process(WatchedEvent event) {
                if (event.getType() == Watcher.Event.EventType.NodeDeleted) {
                    lease.end("its znode " + lease.path() + " was deleted");
                } else if (event.getType() != Watcher.Event.EventType.None && !lease.isEnded()) {
                    // Watches fire once; keep watching for the deletion.
                    setWatch(lease, this);
                }
            }
        };
        lease.watcher(watcher);
        setWatch(lease, watcher);
    }

    private void setWatch(OpenZnode lease, CuratorWatcher watcher) {
        try {
            if (znodes.client().checkExists().usingWatcher(watcher).forPath(lease.path()) == null) {
                lease.end("its znode " + lease.path() + " was deleted");
            }
        } catch (Exception e) {
            // The periodic proof notices a deletion too, one proof period later.
            LOGGER.log(System.Logger.Level.DEBUG, "Cannot watch {0}: {1}", lease.path(), e);
        }
    }

    /** Stops watching a released lease's znode; no-op for a null watcher. */
    void unwatch(@Nullable CuratorWatcher watcher, String path) {
        if (watcher != null) {
            try {
                znodes.client().watchers().remove(watcher).locally().quietly().forPath(path);
            } catch (Exception e) {
                LOGGER.log(System.Logger.Level.DEBUG, "Cannot remove the watch on {0}: {1}", path, e);
            }
        }
    }
}
