package dev.ids.node;

import org.jspecify.annotations.Nullable;

/**
 * A store's own lease type (an etcd key's, a Redis key's, a znode's, a row's): it forwards every call to the shared
 * lease lifecycle ({@link StoredNodeLease}) and keeps the type, and the accessors, that users and tests know: the
 * claim it was made for and why it was lost, besides what each store adds from its proof.
 *
 * @param <P> the store's proof of ownership
 */
public abstract class StoreNodeLease<P> extends ForwardingNodeLease {

    private final StoredNodeLease<P> lease;

    /**
     * Wraps the lifecycle of a lease on the store.
     *
     * @param lease the lifecycle
     */
    protected StoreNodeLease(StoredNodeLease<P> lease) {
        super(lease);
        this.lease = lease;
    }

    /**
     * Returns the claim this lease was made for.
     *
     * @return the namespace and range
     */
    public final NodeClaim claim() {
        return lease.claim();
    }

    /**
     * Returns why the lease was lost or closed.
     *
     * @return the reason, or {@code null} while held
     */
    public final @Nullable String lossReason() {
        return lease.lossReason();
    }

    /**
     * Renews the lease once, as its renewal thread does, for tests that renew by hand; see
     * {@link StoredNodeLease#renew()}.
     *
     * @return what the renewal did
     */
    public final Renewal renew() {
        return lease.renew();
    }

    /**
     * Returns the lifecycle this lease forwards to, with the store's proof.
     *
     * @return the lifecycle
     */
    protected final StoredNodeLease<P> lifecycle() {
        return lease;
    }
}
