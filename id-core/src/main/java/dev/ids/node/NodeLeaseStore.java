package dev.ids.node;

import org.jspecify.annotations.Nullable;

/**
 * The adapter between a shared store (a database table, ZooKeeper, Redis, Kubernetes Lease objects, etcd) and the
 * lease lifecycle that every store shares ({@link StoredNodeLease}): the lifecycle keeps the deadline, decides
 * whether the lease is held, counts renewals, schedules them, fences clock skew, keeps the high-water mark and
 * closes; the store only answers the questions below, each a few statements of its own. docs/LEASES.md ("Writing a
 * lease store") walks through an implementation.
 *
 * <h2>What the store must guarantee</h2>
 * <ol>
 * <li><b>One holder.</b> {@link Claiming#tryTake} takes an identity by one conditional write (an insert the primary
 *     key lets only one claimant win, a compare-and-set on a version, {@code SET NX}, an exclusive create, a
 *     transaction comparing a revision): two claimants never both succeed. A read only suggests candidates.</li>
 * <li><b>Expiry no earlier than the grant.</b> The store may let another process take the identity only once the
 *     {@linkplain LeaseGrant#leaseNanos() granted lease}, counted from {@link Claimed#askedAtNanos()} (or from the
 *     start of the renewal), plus a grace has passed on a clock all processes share (the store's own clock: a row
 *     stamped with the database's time, a TTL the server counts, a session timeout). The lifecycle stops holding
 *     the lease at that instant on its monotonic clock, so a paused holder is fenced before its identity can be
 *     reused. Never count the grant from after the write: take the monotonic time before the request.</li>
 * <li><b>Writes name the holder.</b> Renewals, mark writes and releases are conditional on the proof (the holder
 *     value, the session, the revision the claim created), so a lease that was lost can never renew, raise the
 *     mark of, or release its successor's record.</li>
 * <li><b>The mark survives.</b> The high-water mark outlives the lease (a released record keeps it; a new claim
 *     returns it in {@link Claimed#highWaterMark()}), only moves forward while held, and a mark write that arrives
 *     after the release changes nothing, so the mark {@link #release} reads back is final.</li>
 * </ol>
 *
 * <h2>Errors</h2>
 * Throw {@link LeaseLostException} when the store <em>answers</em> that the proof no longer holds (another holder,
 * the record released or deleted, the session expired): the lease ends at once. Throw anything else when the store
 * could not answer (unreachable, timed out): a renewal is retried until the deadline, a mark write fails to its
 * caller, a release is logged (the identity then frees when its expiry passes). Never block without a timeout
 * shorter than the renewal period. The lifecycle holds no lock across a call into the store; calls on one proof may
 * overlap (a renewal and a mark write), so a store whose mark write compares a version serialises it itself.
 *
 * <h2>Two kinds of store</h2>
 * A store whose records expire by time (a row's {@code expires_at}, a TTL key, a Lease object's renew time) keeps
 * {@link #deadlineEndsLease()} {@code true}: once the local deadline passes, the lease has ended for good, and the
 * lifecycle renews it by calling {@link #renew} on its own thread. A store whose ownership lasts as long as
 * something else lives (a ZooKeeper session) returns {@code false}: a passed deadline only stops the lease being
 * held until the store proves ownership again; such a store drives the lease itself through the {@link Provable}
 * it is {@linkplain #attach attached} to (the lease),
 * and raises its {@linkplain #fenceEpoch() fence epoch} on every connection suspension, so that a proof in flight
 * across the suspension is discarded.
 *
 * @param <P> the proof of ownership: whatever the store's conditional writes need (namespace, identity and holder
 *     value; a session id and creation revision). Immutable.
 */
public interface NodeLeaseStore<P> {

    /**
     * Starts one claim: reads which identities of the range are taken, one read, and prepares to take a free one.
     *
     * @param claim the namespace and range
     * @param holder the value naming this lease in the store: the provider's holder id, {@code #} and a number
     *     unique to the lease, so that two leases of one process never pass for each other
     * @return the claim in progress, used by one thread
     * @throws Exception when the store cannot be read
     */
    Claiming<P> startClaim(NodeClaim claim, String holder) throws Exception;

    /**
     * Renews a lease once, under the proof's condition, and measures the clock skew if the store can.
     *
     * @param proof the lease's proof
     * @return the lease granted from the moment the renewal was asked for
     * @throws LeaseLostException when the store answers that the proof no longer holds
     * @throws Exception when the store cannot answer; the renewal is retried until the deadline
     */
    LeaseGrant renew(P proof) throws Exception;

    /**
     * Raises the stored high-water mark to at least {@code epochMillis}, only while the proof holds and the record is
     * not released; never lowers it.
     *
     * @param proof the lease's proof
     * @param epochMillis the new mark, in milliseconds since the Unix epoch
     * @return the mark now stored, at least {@code epochMillis}
     * @throws LeaseLostException when the store answers that the proof no longer holds or the record was released
     * @throws Exception when the store cannot answer; the caller must not issue IDs beyond the old mark
     */
    long writeMark(P proof, long epochMillis) throws Exception;

    /**
     * Releases the identity so that another process may claim it at once, under the proof's condition, setting the
     * mark to {@code lowerTo} first when that is not negative; then reads the mark back, on the same connection or
     * session: after the release no write can change it, so it is final, and it includes a mark write whose answer
     * never came back.
     *
     * @param proof the lease's proof
     * @param lowerTo the mark to store at release, or -1 to keep the stored one
     * @return the mark read after the release, or -1 when it cannot be read (another holder has the record)
     * @throws Exception when the store cannot be written; the identity frees when its expiry passes
     */
    long release(P proof, long lowerTo) throws Exception;

    /**
     * Names a lease for logs, messages and {@code toString()}: the store, namespace, identity and holder.
     *
     * @param proof the lease's proof
     * @param held whether the lease is held now
     * @param state the lease's state: {@code active}, {@code suspended} or {@code ended: <reason>}
     * @return a short description, such as {@code JdbcNodeLease[namespace=sno, identity=3, ..., held=true]}
     */
    String describe(P proof, boolean held, String state);

    /**
     * Says where the store keeps its records, to end a message: {@code in table ids_node_lease}.
     *
     * @return the location
     */
    String location();

    /**
     * Words the message of a call the lease refuses because it is not held (a mark write), so that each store keeps
     * the wording its users know.
     *
     * @param claim the lease's claim
     * @param identity the lease's identity
     * @param lease the lease's {@linkplain #describe description}
     * @param action what was refused, such as {@code cannot advance its high-water mark}
     * @param reason why the lease is not held, such as {@code another process holds the identity now}
     * @return the message; by default {@code The lease on node identity 3 in namespace 'sno' cannot advance its
     *     high-water mark: it is no longer held (<reason>); claim a node identity again}
     */
    default String notHeldMessage(NodeClaim claim, long identity, String lease, String action, String reason) {
        return "The lease on node identity " + identity + " in namespace '" + claim.namespace() + "' " + action
                + ": it is no longer held (" + reason + "); claim a node identity again";
    }

    /**
     * Tells whether a passed deadline ends the lease (the store's record expires by time) or only stops it being
     * held until the next proof (ownership bound to a session).
     *
     * @return {@code true} by default
     */
    default boolean deadlineEndsLease() {
        return true;
    }

    /**
     * Returns the store's fence epoch, for stores that prove ownership on their own: a count the store raises
     * before it suspends its leases (a connection suspended), so that a proof in flight on any lease is discarded
     * even before that lease hears of the suspension. Part of each lease's {@link Provable#epoch()}.
     *
     * @return the epoch; 0 for stores that renew through {@link #renew}
     */
    default long fenceEpoch() {
        return 0;
    }

    /**
     * Returns how far this application's wall clock may be from the store's before the lease is fenced: the
     * reclaim grace, for a store that measures the skew in {@link LeaseGrant#skewMillis()}.
     *
     * @return the tolerance in milliseconds; {@link Long#MAX_VALUE}, never fenced, by default
     */
    default long skewToleranceMillis() {
        return Long.MAX_VALUE;
    }

    /**
     * Names the store's clock, possessive, for the skew fence's messages.
     *
     * @return {@code the store's} by default; {@code the database's} for the JDBC store
     */
    default String clockName() {
        return "the store's";
    }

    /**
     * Returns the logger the lifecycle logs losses, fences and failed renewals to.
     *
     * @return a logger named after the store's class by default
     */
    default System.Logger logger() {
        return System.getLogger(getClass().getName());
    }

    /**
     * Hands the store the lease made from one of its claims, before it is returned to the claimant: a store that
     * proves ownership on its own keeps it to prove, suspend and end it, and may record its first proof here (a
     * session store's lease starts suspended). Must not close the lease. A store that finds here that the claim
     * cannot stand (the session that took the identity ended meanwhile) frees the identity itself and throws: the
     * claim then fails with that exception, and the lease is never handed out.
     *
     * @param proof the lease's proof
     * @param lease the lease, as far as the store drives it
     */
    default void attach(P proof, Provable lease) {
        // Stores renewed through renew() need no handle on their leases.
    }

    /**
     * How a store that proves ownership on its own drives a lease ({@link StoredNodeLease} hands one to
     * {@link #attach}): the hooks below, and the lease itself, which the store may read ({@link NodeLease#isHeld()},
     * {@link NodeLease#remaining()} for an operator's listing) and close when the store itself closes. Kept apart
     * from the lease, so that the application holding the lease cannot prove, suspend or end it.
     */
    interface Provable {

        /**
         * Returns the lease these hooks drive.
         *
         * @return the lease
         */
        NodeLease lease();

        /**
         * Returns the lease's fence epoch, to read before a proof is asked for: it counts the lease's suspensions
         * and includes the store's {@linkplain NodeLeaseStore#fenceEpoch() own epoch}.
         *
         * @return the epoch
         */
        long epoch();

        /**
         * Records a proof of ownership (a read that found the record still this holder's).
         *
         * @param askedAtNanos the monotonic time at which the proof was asked for
         * @param epochWhenAsked {@link #epoch()} read before the proof was asked for; a proof asked for before a
         *     suspension (of this lease or of the store) is discarded
         * @param grant how long the proof holds, and the skew if measured
         * @return whether the proof was recorded
         */
        boolean prove(long askedAtNanos, long epochWhenAsked, LeaseGrant grant);

        /** Stops the lease being held until the next proof (the connection was suspended). */
        void suspend();

        /** Counts a proof of ownership that failed (the store could not be read), for metrics and health. */
        void countFailure();

        /**
         * Ends the lease for good (the session was lost, the record deleted).
         *
         * @param reason why, for messages
         */
        void end(String reason);
    }

    /**
     * One claim in progress: the taken identities read at its start, and the conditional write that takes one.
     *
     * @param <P> the proof of ownership
     */
    interface Claiming<P> {

        /**
         * Returns the identities the read found taken (held, or expired less than the grace ago), in any order.
         *
         * @return the taken identities
         */
        long[] taken();

        /**
         * Tries to take one identity by a conditional write; takes the monotonic time before the write.
         *
         * @param identity a free identity of the range, as far as the read knows
         * @return the identity taken, or {@code null} when another claimant (or a renewing holder) won it
         * @throws Exception when the store cannot be written
         */
        @Nullable Claimed<P> tryTake(long identity) throws Exception;

        /**
         * Describes the taken range for the message of a full one, such as when the first lease lapses.
         *
         * @return the description; the store's name at least
         */
        String describeTaken();

        /**
         * Gives up what the claim kept for tries to come (an etcd lease granted for them), once the claim is over,
         * won or not. Nothing by default.
         */
        default void abandon() {
            // Most claims keep nothing between tries.
        }
    }

    /**
     * An identity taken by a claim.
     *
     * @param proof what later writes need to prove ownership
     * @param identity the identity
     * @param askedAtNanos the monotonic time before the write that took it: the lease counts from here
     * @param highWaterMark the stored mark, read after taking the identity (0 when it has none)
     * @param grant the lease granted, and the skew measured on the way
     * @param floorWritten whether the identity had no record and the write that took it also stored the floor a
     *     recordless claim starts from ({@link #floorOffsetMillis}), read back as {@code highWaterMark}: the lease
     *     starts from it, says why its first ID waits, and need not write it again
     * @param <P> the proof of ownership
     */
    record Claimed<P>(P proof, long identity, long askedAtNanos, long highWaterMark, LeaseGrant grant,
            boolean floorWritten) {

        /**
         * An identity taken by a write that stored no floor: a record without a mark ({@code highWaterMark} 0)
         * makes the lease compute its floor and write it after the claim.
         *
         * @param proof what later writes need to prove ownership
         * @param identity the identity
         * @param askedAtNanos the monotonic time before the write that took it
         * @param highWaterMark the stored mark, 0 when it has none
         * @param grant the lease granted, and the skew measured on the way
         */
        public Claimed(P proof, long identity, long askedAtNanos, long highWaterMark, LeaseGrant grant) {
            this(proof, identity, askedAtNanos, highWaterMark, grant, false);
        }

        /**
         * Returns how far beyond the store's time a claim that finds no record starts (a mark step and the store's
         * skew tolerance, docs/LEASES.md "A record that is lost"), for a store whose claim writes that floor in the
         * same statement that takes the identity, counted on the store's own clock.
         *
         * @param skewToleranceMillis the store's {@link NodeLeaseStore#skewToleranceMillis()}
         * @return the offset in milliseconds
         */
        public static long floorOffsetMillis(long skewToleranceMillis) {
            return RecordlessStart.floorOffsetMillis(skewToleranceMillis);
        }
    }
}
