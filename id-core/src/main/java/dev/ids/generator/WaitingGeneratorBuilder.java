package dev.ids.generator;

import dev.ids.IdGenerationException;
import dev.ids.node.NodeLease;
import dev.ids.sequence.TimeSequence;
import java.time.Duration;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The builder settings of generators that may wait for their clock (after a sequence overflow or a clock
 * regression): on top of the clock and listener, the longest a call may wait before it fails with
 * {@link IdGenerationException}; and, for the schemes with a node identity, the {@link NodeLease} it may come from.
 *
 * @param <B> the concrete builder type, returned by every setter
 */
public abstract class WaitingGeneratorBuilder<B extends WaitingGeneratorBuilder<B>> extends GeneratorBuilder<B> {

    /** The longest maximum wait a builder accepts: a day, far beyond any useful wait for a clock. */
    public static final Duration MAX_WAIT_LIMIT = TimeSequence.MAX_WAIT_LIMIT;

    private Duration maxWait = TimeSequence.DEFAULT_MAX_WAIT;
    private @Nullable NodeLease lease;

    /** For subclasses. */
    protected WaitingGeneratorBuilder() {
    }

    /**
     * Sets the longest one call may wait for the clock before it fails (default
     * {@link TimeSequence#DEFAULT_MAX_WAIT}). When the wait a call needs is known to exceed it, for example because
     * the clock stepped back an hour, the call fails at once.
     *
     * @param maxWait the maximum wait, from zero (never wait) to {@link #MAX_WAIT_LIMIT}
     * @return this builder
     * @throws IllegalArgumentException when negative or above the limit
     */
    public B maxWait(Duration maxWait) {
        this.maxWait = TimeSequence.checkMaxWait(maxWait);
        @SuppressWarnings("unchecked")
        B self = (B) this;
        return self;
    }

    /**
     * Returns the maximum wait set on this builder.
     *
     * @return the maximum wait
     */
    public Duration maxWait() {
        return maxWait;
    }

    /**
     * Takes the node identity from a lease (an elfo node number, a Lable generator id, a sno partition, a muid
     * medallion) instead of a fixed setting. Setting both an explicit identity and a lease is an error, reported by
     * {@code build()} naming both; so is a lease whose identity lies outside the scheme's range.
     *
     * <p>The generator then refuses to issue IDs, with {@link IdGenerationException}, while
     * {@link NodeLease#isHeld()} is {@code false}, and goes on by itself if the same lease is held again (a
     * ZooKeeper connection that comes back within its session). A lease lost for good (not renewed before its
     * deadline, a session expired) is not held again; pass a {@link dev.ids.node.ReclaimingNodeLease}, which claims
     * the same identity again, for a generator that recovers by itself. A lease serves one generator; building a
     * second one on it fails (fencing). It issues no ID for a time at or before the lease's
     * {@linkplain NodeLease#highWaterMarkMillis() high-water mark} when it is built (its first call waits for the
     * clock to pass the mark, within the maximum wait, logging why), and advances the mark in steps before it issues
     * IDs beyond it. The generator does not close the lease; when the lease is closed, it lowers the mark to the
     * latest time the generator issued IDs for, and the generator issues no more.
     *
     * @param lease the lease, held by this process
     * @return this builder
     */
    public B lease(NodeLease lease) {
        this.lease = Objects.requireNonNull(lease, "lease");
        @SuppressWarnings("unchecked")
        B self = (B) this;
        return self;
    }

    /**
     * Returns the lease set on this builder.
     *
     * @return the lease, or {@code null} when the identity is set explicitly
     */
    public @Nullable NodeLease lease() {
        return lease;
    }

    /**
     * For {@code build()} of the schemes with a node identity: returns the lease's identity after checking that no
     * explicit identity was set as well and that it lies in the scheme's range.
     *
     * @param name the identity's name in the scheme, for example {@code "nodeNo"}
     * @param min the smallest identity the scheme accepts
     * @param max the largest
     * @param explicitSetting the explicit identity setting made on this builder, for example {@code "nodeNo(7)"},
     *     or {@code null} when none was made
     * @return the identity
     * @throws IllegalStateException when an explicit identity was set too, or the lease's identity is out of range
     */
    protected final long identityFromLease(String name, long min, long max, @Nullable String explicitSetting) {
        if (lease == null) {
            throw new IllegalStateException("no lease set");
        }
        if (explicitSetting != null) {
            throw new IllegalStateException("both " + explicitSetting + " and lease(" + lease + ") are set: the "
                    + name + " comes from one of them; remove one");
        }
        long identity = lease.identity();
        if (identity < min || identity > max) {
            throw new IllegalStateException("the lease's identity " + identity + " lies outside the " + name
                    + " range " + min + ".." + max + ": claim it with a NodeClaim of that range (" + lease + ")");
        }
        return identity;
    }
}
