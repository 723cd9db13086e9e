package dev.ids.node;

import dev.ids.internal.ExceptionMessages;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * What the providers of the stores that keep one record per identity under a prefix share (Redis and etcd keys,
 * Kubernetes Lease objects): the claim, the takeover and the listing, each run the same way over the store's parts
 * ({@link KeyedStore}), its failures turned into the store's messages: one the store did not answer always a
 * {@link LeaseStoreUnreachableException}. A store's provider extends it, hands it the parts, and words its failures.
 *
 * @param <P> the store's proof of ownership
 * @param <L> the store's lease type
 */
public abstract class KeyedLeaseProvider<P, L extends StoredNodeLease<P>> extends TimedLeaseProvider
        implements AutoCloseable {

    /** The default lease length: how long a lease lasts without renewal. */
    public static final Duration DEFAULT_LEASE_LENGTH = LeaseTimingSettings.DEFAULT_LEASE_LENGTH;
    /** The default reclaim grace: how long after a lease's expiry before another process may take its identity. */
    public static final Duration DEFAULT_RECLAIM_GRACE = LeaseTimingSettings.DEFAULT_RECLAIM_GRACE;

    private final String keyPrefix;
    private final KeyedStore<P, L> parts;

    /**
     * Keeps the settings and the store's parts.
     *
     * @param keyPrefix the start of every key (or object name)
     * @param timings the timings with every default filled in
     * @param parts the store's parts
     */
    protected KeyedLeaseProvider(String keyPrefix, LeaseTimingSettings.Timings timings, KeyedStore<P, L> parts) {
        super(timings);
        this.keyPrefix = Objects.requireNonNull(keyPrefix, "keyPrefix");
        this.parts = Objects.requireNonNull(parts, "parts");
    }

    /**
     * Claims a free identity of the claim's range: one never held, released, or whose record the store let expire
     * (see the provider's description); the lowest free one unless another process claims it at the same moment.
     *
     * @param claim the namespace and range
     * @return the lease, renewed on its own thread until closed or lost
     * @throws NoFreeNodeIdentityException when every identity of the range is held
     * @throws UnsafeLeaseStoreException when the store may lose an acknowledged write
     * @throws LeaseStoreUnreachableException when the store cannot be reached or does not answer in time
     * @throws IllegalStateException when the store answers with an error
     */
    @Override
    public L claim(NodeClaim claim) {
        NodeClaim narrowed = narrowed(Objects.requireNonNull(claim, "claim"));
        NodeLeaseStore.@Nullable Claiming<P> claiming = null;
        try {
            beforeWrite();
            String holder = nextHolder();
            claiming = parts.store().startClaim(narrowed, holder);
            return StoredNodeLease.claim(parts.leaseType(), parts.store(), claiming, narrowed, holder, clock(),
                    backgroundRenewalPeriod());
        } catch (NoFreeNodeIdentityException | UnsafeLeaseStoreException e) {
            throw e;
        } catch (Exception e) {
            throw failed("claim a node identity in namespace '" + claim.namespace() + "'", e);
        } finally {
            if (claiming != null) {
                claiming.abandon();
            }
        }
    }

    /**
     * Lists every identity of a namespace the store has a record of: held ones with their holder and the expiry the
     * record shows, released ones with their latest holder and mark (see the provider's description).
     *
     * @param namespace the namespace, for example {@code sno}
     * @return the identities, ascending
     * @throws IllegalStateException naming the store when it cannot be read
     */
    @Override
    public List<ListedLease> listLeases(String namespace) {
        Objects.requireNonNull(namespace, "namespace");
        try {
            return parts.listing().list(namespace);
        } catch (Exception e) {
            throw failed("read namespace '" + namespace + "'", e);
        }
    }

    /**
     * Takes one identity from the holder judged by listing it ({@link #listLeases}), by a write conditional on its
     * record as listed (the same holder value and expiry) and on the holder's silence, so two claimants that judged
     * the same holder cannot both win, and a holder that renewed since keeps the identity; the new lease starts after
     * the holder's mark. {@link ConfiguredIdentityClaim} calls it for an instance configured with an identity that
     * its previous run, killed, still holds.
     *
     * @param judged the identity as listed, naming the holder
     * @param silence how long the holder must have gone without renewing: zero or more
     * @return the lease, renewed on its own thread until closed or lost
     * @throws NoFreeNodeIdentityException when the record is no longer as judged, its holder renewed within the
     *     silence, or another claimant took it
     * @throws IllegalArgumentException when the silence is negative
     * @throws UnsafeLeaseStoreException when the store may lose an acknowledged write
     * @throws LeaseStoreUnreachableException when the store cannot be reached
     */
    @Override
    public L takeOver(ListedLease judged, Duration silence) {
        Objects.requireNonNull(judged, "judged");
        if (Objects.requireNonNull(silence, "silence").isNegative()) {
            throw new IllegalArgumentException("silence must not be negative: " + silence);
        }
        NodeClaim claim = new NodeClaim(judged.namespace(), judged.identity(), judged.identity());
        try {
            beforeWrite();
            String holder = nextHolder();
            NodeLeaseStore.Claimed<P> taken = judged.held() ? parts.takeOver().take(judged, silence, holder)
                    : null;
            if (taken == null) {
                throw new NoFreeNodeIdentityException(claim, notTaken(judged, silence));
            }
            return StoredNodeLease.start(parts.leaseType(), parts.store(), claim, taken, clock(),
                    backgroundRenewalPeriod());
        } catch (NoFreeNodeIdentityException | UnsafeLeaseStoreException e) {
            throw e;
        } catch (Exception e) {
            throw failed("take node identity " + judged.identity() + " over in namespace '" + judged.namespace()
                    + "'", e);
        }
    }

    private RuntimeException failed(String what, Exception e) {
        if (e instanceof InterruptedException) {
            Thread.currentThread().interrupt();
        }
        Throwable failure = reported(e);
        String message = "Could not " + what + " from " + records() + ": ";
        String unanswered = unanswered(failure);
        if (unanswered != null) {
            return new LeaseStoreUnreachableException(message + unanswered, failure);
        }
        return new IllegalStateException(message + refused(failure), failure);
    }

    /**
     * Returns the key prefix.
     *
     * @return the prefix, such as {@code ids}
     */
    public final String keyPrefix() {
        return keyPrefix;
    }

    /**
     * Closes what the provider opened to reach the store (its own client or connection); one the caller gave stays
     * open. Close the leases first.
     */
    @Override
    public void close() {
        parts.link().close();
    }

    /**
     * Names the store for messages: the link's description.
     *
     * @return such as {@code etcd http://10.0.0.1:2379}
     */
    protected final String describeLink() {
        return parts.link().describe();
    }

    @Override
    protected String describeStore() {
        return describeLink() + ", prefix=" + keyPrefix();
    }

    /**
     * Says why a takeover found nothing to take, in the store's words, for the {@link NoFreeNodeIdentityException}.
     *
     * @param judged the identity as listed
     * @param silence the silence asked for
     * @return the reason
     */
    protected abstract String notTaken(ListedLease judged, Duration silence);

    /**
     * Names where the records are, for the failures: {@code Could not claim ... from <records>: <reason>}.
     *
     * @return such as {@code etcd http://10.0.0.1:2379 (keys ids/)}
     */
    protected abstract String records();

    /**
     * Tells whether a failure is the store not answering (unreachable, or not in time), and words it as the store's
     * users know it; the provider then throws a {@link LeaseStoreUnreachableException}.
     *
     * @param failure the failure, as {@link #reported} it; an interrupted thread's flag is already set again
     * @return the reason with what to check, or {@code null} when the store answered
     */
    protected abstract @Nullable String unanswered(Throwable failure);

    /**
     * Words a failure of a store that answered (an error, a refusal), as the store's users know it; the provider then
     * throws an {@link IllegalStateException}.
     *
     * @param failure the failure, as {@link #reported} it
     * @return the reason; by default the failure's own message
     */
    protected String refused(Throwable failure) {
        return ExceptionMessages.of(failure);
    }

    /**
     * Picks the failure to report, and to keep as the cause, from the one a call threw.
     *
     * @param e what a call threw
     * @return by default the same
     */
    protected Throwable reported(Exception e) {
        return e;
    }

    /**
     * Runs before a claim or takeover writes anything, once the claim is checked: the store may check itself here.
     *
     * @throws Exception when the check fails or cannot be made
     */
    protected void beforeWrite() throws Exception {
        // Most stores have nothing to check.
    }

    /**
     * Narrows a claim to what this provider may take (such as the one identity of a pod's ordinal).
     *
     * @param claim the claim as asked
     * @return the claim to make; the same by default
     */
    protected NodeClaim narrowed(NodeClaim claim) {
        return claim;
    }
}
