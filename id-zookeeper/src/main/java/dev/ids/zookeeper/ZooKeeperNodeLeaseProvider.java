package dev.ids.zookeeper;

import dev.ids.node.ClaimCandidates;
import dev.ids.node.LeaseHolder;
import dev.ids.node.LeaseListing;
import dev.ids.node.ListedLease;
import dev.ids.node.NodeClaim;
import dev.ids.node.NodeLeaseProvider;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.curator.framework.CuratorFramework;
import org.jspecify.annotations.Nullable;

/**
 * Claims node identities as ephemeral znodes in ZooKeeper, through Apache Curator: an identity of a range whose
 * znode does not exist is created, and so held, by this process's session. A claim reads which znodes of the pool
 * exist and tries the lowest free identity first, so that a lone process gets the low end of the range; one that
 * loses that race is meeting others claiming at the same moment (a fleet rolling out) and tries the other free
 * identities from a point of the range that a hash of its claim picks ({@link ClaimCandidates}), so that n
 * concurrent claimants need about 2n creates rather than n²/2. Their identities are distinct but not the n lowest.
 *
 * <h2>Layout</h2>
 * Each namespace has a base znode, {@code <root>/<namespace>}, except the {@linkplain Builder#lableNamespace Lable
 * namespace}, whose base is the root itself. Under a base:
 * <ul>
 * <li>{@code pool/<identity>}: ephemeral, one per identity held, created by the holder's session; its data names
 * the holder, as {@link LeaseHolder} reads it (by default a random id, the host and the process id, then {@code #}
 * and the claim's number; earlier versions wrote {@code pid <process id>});</li>
 * <li>{@code hwm/<identity>}: persistent, the identity's high-water mark in decimal milliseconds since the Unix
 * epoch, kept across holders and advanced by compare-and-set on the znode's version; each claim writes it back
 * unchanged, so a late write of an earlier holder fails its compare-and-set, and the writer then proves that the
 * pool znode is still its own (same session, same creation) before it retries;</li>
 * <li>{@code cluster-id}: persistent, decimal, read by {@link #clusterId(String)}; 0 when absent.</li>
 * </ul>
 * For Lable IDs this is the layout of Lable's own ZooKeeper module ({@code <znode>/cluster-id} and ephemeral
 * {@code <znode>/pool/<generator id>}), so generators of both can share one root: creating an ephemeral znode is
 * atomic, whoever creates it. (Lable's module also keeps a {@code queue} znode to serialise claims; it is not
 * needed for exclusion and is not used here.) Lable's module keeps a released identity for two seconds against
 * clock skew, since its generators know no high-water mark: so that one of them can never take an identity a
 * moment after this provider released it, a lease in the Lable namespace keeps its znode for
 * {@link Builder#lableReleaseDelay} (default {@link #DEFAULT_LABLE_RELEASE_DELAY}) after it is closed; the provider's
 * {@link #close()} waits for those deletes. Other namespaces free the identity at once and rely on the mark. A
 * delete, delayed or not, takes only the znode the lease created (same session and same creation zxid), never one
 * the same session created anew at that path since, as a re-claim after an outside delete does.
 *
 * <h2>Fencing</h2>
 * See {@link ZooKeeperNodeLease}: a lease stops being held at once when Curator reports the connection
 * {@code SUSPENDED}, {@code READ_ONLY} or {@code LOST}, when its znode is deleted, and when its local deadline
 * passes without a new proof of ownership. Fencing at {@code SUSPENDED} rather than at {@code LOST} is deliberate:
 * the server may expire the session, and another process take the identity, one session timeout after it last
 * heard from this client, while the client may learn of the expiry much later (only when it reconnects). After a
 * suspension the lease is held again only once a read on the same session finds the znode still owned by that
 * session; after the session is lost it never is, and the holder must claim again (it may get another identity;
 * {@link dev.ids.node.ReclaimingNodeLease} claims the same one again, as the starter does). Proofs read after a
 * {@code sync}, so a server that lags behind the leader cannot vouch for a znode that is gone.
 * A background daemon thread re-proves ownership every sixth of the negotiated session timeout.
 *
 * <p>Safe for use by many threads. {@link #close()} closes every lease still open and, when the provider created
 * the Curator client, the client too.
 */
public final class ZooKeeperNodeLeaseProvider implements NodeLeaseProvider, LeaseListing, AutoCloseable {

    /** The default root znode. */
    public static final String DEFAULT_ROOT_PATH = "/ids";
    /** The default namespace whose claims use Lable's layout directly under the root. */
    public static final String DEFAULT_LABLE_NAMESPACE = "lable";

    /** How long a released Lable identity stays taken by default: what Lable's own ZooKeeper module keeps. */
    public static final Duration DEFAULT_LABLE_RELEASE_DELAY = Duration.ofSeconds(2);
    /** The default session timeout of a client the provider creates; the server may negotiate it down or up. */
    public static final Duration DEFAULT_SESSION_TIMEOUT = Duration.ofSeconds(30);
    /** The default connection timeout of a client the provider creates. */
    public static final Duration DEFAULT_CONNECTION_TIMEOUT = Duration.ofSeconds(10);
    /**
     * The part of the negotiated session timeout for which one proof of ownership keeps a lease held: two thirds,
     * which leaves a third of the session timeout between the local deadline and the earliest moment the server
     * may expire the session. It is also when the ZooKeeper client itself declares a silent connection lost.
     */
    public static final double LEASE_FRACTION = 2.0 / 3.0;

    /** The client, whether the provider owns it, and whether the provider is closed. */
    private final ProviderClient client;
    private final Znodes znodes;
    private final ZooKeeperLeaseStore store;
    private final ZnodeRows rows;
    /** Written into each pool znode this provider creates, with {@code #} and the claim's number. */
    private final String holderId = LeaseHolder.ofThisProcess().id();
    /** Numbers this provider's claims: their holder texts differ, and so do the points they spread from. */
    private final AtomicLong claimNumbers = new AtomicLong();

    private ZooKeeperNodeLeaseProvider(ProviderSettings<?> settings) {
        ProviderSettings.Terms terms = settings.terms();
        this.client = new ProviderClient(settings.openClient(), settings.ownsClient());
        this.znodes = new Znodes(client.curator(), terms.rootPath(), terms.lableNamespace());
        this.store = new ZooKeeperLeaseStore(znodes, terms.clock(), terms.lableReleaseDelay().toNanos());
        this.rows = new ZnodeRows(znodes, terms.clock(), store.openZnodes());
        store.start();
    }

    /**
     * Starts a builder with the defaults: root {@value #DEFAULT_ROOT_PATH}, Lable namespace
     * {@value #DEFAULT_LABLE_NAMESPACE}, the system clock; a client or a connection string must be given.
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    @Override
    public ZooKeeperNodeLease claim(NodeClaim claim) {
        Objects.requireNonNull(claim, "claim");
        client.ensureOpen();
        return store.claim(claim, holderId + "#" + claimNumbers.incrementAndGet());
    }

    /**
     * Reads the cluster id of a namespace from {@code <base>/cluster-id}: for the Lable namespace,
     * {@code <root>/cluster-id}, where Lable's own module keeps it. A Lable generator needs it along with its
     * generator id. Nothing is written: when the znode is absent, the cluster id is 0.
     *
     * @param namespace the namespace, as in {@link NodeClaim#namespace()}
     * @return the cluster id; range checks are the generator's business
     * @throws IllegalStateException when ZooKeeper cannot be read or the znode does not hold a decimal number
     */
    public long clusterId(String namespace) {
        client.ensureOpen();
        return rows.clusterId(namespace);
    }

    /**
     * Reads every identity of one namespace that is held or has a high-water mark, for an operator's view: who
     * holds which identity, and its mark. Read-only: the pool and mark znodes' children, then each one's data. An
     * identity with a mark but no pool znode was released (or its holder's session ended); it is listed for its mark.
     *
     * @param namespace the namespace, as in {@link NodeClaim#namespace()}
     * @return the identities, ascending; empty when the namespace has none
     * @throws IllegalStateException naming the znode when ZooKeeper cannot be read
     */
    public List<LeaseRow> rows(String namespace) {
        client.ensureOpen();
        return rows.rows(namespace);
    }

    /**
     * Lists the identities of one namespace as every store lists them ({@link #rows}).
     *
     * @param namespace the namespace, as in {@link NodeClaim#namespace()}
     * @return the identities, ascending; empty when the namespace has none
     * @throws IllegalStateException naming the znode when ZooKeeper cannot be read
     */
    @Override
    public List<ListedLease> listLeases(String namespace) {
        return rows(namespace).stream().map(row -> new ListedLease(row.namespace(), row.identity(), row.holder(),
                row.held(), row.expiresAtMillis(), row.highWaterMarkMillis())).toList();
    }

    /**
     * Returns the holder id this provider writes into the pool znodes it creates, before {@code #} and the claim's
     * number: a random id, the host and the process id.
     *
     * @return the holder id
     */
    @Override
    public String holderId() {
        return holderId;
    }

    /**
     * One identity of a namespace in ZooKeeper.
     *
     * @param namespace the namespace
     * @param identity the node identity
     * @param held whether its pool znode exists, that is, some session holds it
     * @param holder the pool znode's data: the holder that created it (see {@link #leaseHolder()}); {@code null}
     *     when not held, or when the znode names no holder (as those of Lable's own module)
     * @param expiresAtMillis for a lease of this provider that is held, when it stops being held unless proven
     *     again, by this process's wall clock in milliseconds since the Unix epoch; 0 when not known: another
     *     process's lease lasts as long as its ZooKeeper session
     * @param highWaterMarkMillis the latest time any holder may have issued IDs for, in milliseconds since the Unix
     *     epoch; 0 when none
     */
    public record LeaseRow(String namespace, long identity, boolean held, @Nullable String holder, long expiresAtMillis,
            long highWaterMarkMillis) {

        /**
         * Reads the holder: its id without the claim number, and its host and process when known.
         *
         * @return the holder, or empty when the row names none
         */
        public Optional<LeaseHolder> leaseHolder() {
            return Optional.ofNullable(holder).map(LeaseHolder::parse);
        }
    }

    /**
     * Returns the znode under which a namespace's claims, high-water marks and cluster id are kept:
     * {@code <root>/<namespace>}, or the root itself for the Lable namespace.
     *
     * @param namespace the namespace, as in {@link NodeClaim#namespace()}
     * @return the base znode path
     */
    public String basePath(String namespace) {
        return znodes.basePath(namespace);
    }

    /**
     * Returns the Curator client the provider uses, given to the builder or created by it.
     *
     * @return the client
     */
    public CuratorFramework client() {
        return client.curator();
    }

    /**
     * Closes every lease still open (deleting its znode), stops the proof thread, stops listening to the client
     * and, when the provider created the client, closes it.
     */
    @Override
    public void close() {
        client.close(store::close); // the leases' znodes are deleted on the client, before it may be closed
    }

    /** Writes a lease's mark as {@link ZooKeeperNodeLease#advanceHighWaterMark} does, minus its checks: for tests. */
    ZnodeMarks.StoredMark writeHighWaterMark(ZooKeeperNodeLease lease, long epochMillis, int version) {
        return store.writeMark(lease, epochMillis, version);
    }

    /** Configures a {@link ZooKeeperNodeLeaseProvider}, starting from the defaults the provider declares. */
    public static final class Builder extends ProviderSettings<Builder> {

        private Builder() {
        }

        /**
         * Builds the provider; with a connection string this creates and starts a Curator client, without waiting
         * for it to connect.
         *
         * @return the provider
         * @throws IllegalStateException when neither or both of a client and a connection string were given
         */
        public ZooKeeperNodeLeaseProvider build() {
            checkClientGiven();
            return new ZooKeeperNodeLeaseProvider(this);
        }
    }
}
