package dev.ids.node;

import java.time.Duration;
import java.util.function.LongSupplier;
import org.jspecify.annotations.Nullable;

/**
 * A node identity this process holds exclusively for a while (an elfo node number, a Lable generator id, a sno
 * partition, a muid medallion), claimed from a shared store such as the application's database or ZooKeeper.
 *
 * <p>A lease can be lost: not renewed in time, a ZooKeeper session expired. From then on {@link #isHeld()} is
 * {@code false} and the generators that use the identity must stop issuing IDs at once (fencing), because another
 * process may claim the identity after a grace period. The lease also carries a high-water mark: the latest time
 * for which any holder of the identity may have issued IDs. A new holder (or this process after a restart) does
 * not issue IDs for times at or before it.
 *
 * <p>The lease's deadline and the high-water mark guard different things. The deadline fences a process that
 * cannot renew (a pause, a partition) before another process may claim its identity. The mark is the final
 * guarantee: when a host is suspended (a laptop lid, a frozen VM, SIGSTOP) or its clock is stepped, the deadline
 * logic still stops that process, and whoever holds the identity next issues nothing for a time at or before the
 * mark, so even an ID issued in the last moment before the suspension cannot be issued again.
 *
 * <p>Implementations also report figures for metrics and health ({@link #renewalCount()},
 * {@link #renewalFailureCount()}, {@link #remaining()}) and whether the lease has ended for good
 * ({@link #isEnded()}), which {@link ReclaimingNodeLease} uses to claim the identity again.
 */
public interface NodeLease extends AutoCloseable {

    /**
     * Returns the identity held.
     *
     * @return the identity, within the range it was claimed from
     */
    long identity();

    /**
     * Tells whether this process can still prove that it holds the identity now: a volatile read and a comparison
     * with the monotonic clock.
     *
     * @return {@code true} while the lease holds; {@code false} while it is fenced (its clock too far from the
     *     store's), and for good once it has {@linkplain #isEnded() ended}, until the identity is claimed again
     */
    boolean isHeld();

    /**
     * Tells, without reading a clock, whether the lease is known not to be held: lost to another process, ended,
     * closed, suspended, fenced for clock skew, or waiting for another holder's mark. A deadline that passed without
     * anyone looking is not seen here; {@link #isHeld()} sees it. A generator's fence reads this for every ID and
     * {@link #isHeld()} once per time unit of its IDs, so that a lease found lost refuses at once while the
     * fast path reads no clock of its own (docs/LEASES.md, "The fast path").
     *
     * <p>The default asks {@link #isHeld()}: a lease that cannot tell more cheaply is checked in full for every ID.
     *
     * @return {@code true} when the lease is known not to be held now
     */
    default boolean isFoundNotHeld() {
        return !isHeld();
    }

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
     * Tells whether the lease has ended for good: lost (not renewed in time, taken by another process, its
     * ZooKeeper session expired) or closed. An ended lease is never held again; a temporarily unproven lease (a
     * ZooKeeper connection suspended within its session) has not ended.
     *
     * @return {@code true} once ended; {@code false} by default, for leases that cannot tell
     */
    default boolean isEnded() {
        return false;
    }

    /**
     * Returns how many times the lease was renewed (a JDBC row extended, a ZooKeeper ownership proven).
     *
     * @return the successful renewals so far; 0 for leases that do not count them
     */
    default long renewalCount() {
        return 0;
    }

    /**
     * Returns how many renewal attempts failed: the store could not be reached, or it answered that another
     * process holds the identity.
     *
     * @return the failed renewal attempts so far; 0 for leases that do not count them
     */
    default long renewalFailureCount() {
        return 0;
    }

    /**
     * Returns the time left before the lease would stop being held if it were not renewed again.
     *
     * @return the time left; {@link Duration#ZERO} while not held, and by default
     */
    default Duration remaining() {
        return Duration.ZERO;
    }

    /**
     * Tells why the lease is not held now, for the messages of refusals and health: its clock too far from the
     * store's, its connection suspended, lost and why, or waiting for another holder's high-water mark.
     *
     * @return the reason, or {@code null} while held, and by default
     */
    default @Nullable String notHeldReason() {
        return null;
    }

    /**
     * Returns how far this application's wall clock was ahead of the store's clock (negative when behind) when the
     * lease last measured it, for metrics and health. A lease whose store decides expiry on its own clock fences
     * itself while this exceeds its reclaim grace, because the high-water mark is written in the application's time.
     *
     * @return the measured skew; {@link Duration#ZERO} for leases that do not measure it
     */
    default Duration clockSkew() {
        return Duration.ZERO;
    }

    /**
     * Lets an orderly {@link #close()} lower the stored high-water mark from the step reserved ahead of the clock
     * to the latest time IDs were actually issued for, so that the next holder (this application after a quick
     * restart) need not wait for the clock to pass a mark that no ID reached. The lease calls the supplier once
     * while closing, whether it still holds the identity or not, and lowers the mark to the answer only if it does;
     * the supplier must stop the generator from issuing further IDs (and let go of any thread it started) before it
     * answers. The lease never lowers the mark below the mark it started from.
     *
     * @param latestIssuedMillis answers the latest time, in milliseconds since the Unix epoch, for which an ID may
     *     have been issued; 0 when none was
     */
    default void lowerMarkOnClose(LongSupplier latestIssuedMillis) {
        // Leases that cannot lower the mark keep it: the next holder waits for the clock to pass it.
    }

    /**
     * Releases the identity so that another process may claim it at once.
     */
    @Override
    void close();
}
