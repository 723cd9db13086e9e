package dev.ids.node;

/**
 * A node identity this process holds exclusively for a while (an elfo node number, a Lable generator id, a sno
 * partition, a muid medallion), claimed from a shared store such as the application's database or ZooKeeper.
 *
 * <p>A lease can be lost: not renewed in time, a ZooKeeper session expired. From then on {@link #isHeld()} is
 * {@code false} and the generators that use the identity must stop issuing IDs at once (fencing), because another
 * process may claim the identity after a grace period. The lease also carries a high-water mark: the latest time
 * for which any holder of the identity may have issued IDs. A new holder (or this process after a restart) does
 * not issue IDs for times at or before it.
 */
public interface NodeLease extends AutoCloseable {

    /**
     * Returns the identity held.
     *
     * @return the identity, within the range it was claimed from
     */
    long identity();

    /**
     * Tells whether this process can still prove that it holds the identity now. Cheap enough to call for every
     * ID: a volatile read and a comparison with the monotonic clock.
     *
     * @return {@code true} while the lease holds; once {@code false}, it stays so until the identity is claimed again
     */
    boolean isHeld();

    /**
     * Returns the high-water mark: the latest time, in milliseconds since the Unix epoch, for which a holder of this
     * identity may have issued IDs; 0 when none has.
     *
     * @return the high-water mark
     */
    long highWaterMarkMillis();

    /**
     * Records, before IDs beyond the current mark are issued, that this holder may issue IDs for times up to the
     * given one. Called rarely (in steps, not per ID); writes to the shared store.
     *
     * @param epochMillis the new high-water mark; lower values than the current one are ignored
     * @throws IllegalStateException when the lease is no longer held or the store cannot be written
     */
    void advanceHighWaterMark(long epochMillis);

    /**
     * Releases the identity so that another process may claim it at once.
     */
    @Override
    void close();
}
