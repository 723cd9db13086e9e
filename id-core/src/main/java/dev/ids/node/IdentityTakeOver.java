package dev.ids.node;

import java.time.Duration;

/**
 * A provider whose records outlive a holder that ended without releasing them (records that expire by time: a row's
 * expiry, a key's TTL), and that can take one identity over from a holder judged silent. A store whose records end
 * with their holder (a ZooKeeper session) needs none of this: its identities free themselves.
 *
 * <p>{@link ConfiguredIdentityClaim} uses it for an instance configured with one identity that a previous run of
 * itself still holds after a crash: it reads the identity's record with {@link #listLeases}, judges the holder, and
 * calls {@link #takeOver} with the record as read. What a store must guarantee:
 * <ul>
 * <li><b>A record changes when its holder acts.</b> Two reads of an identity's record give equal {@link ListedLease}s
 *     only while its holder neither renewed, nor wrote a mark, nor released it, and no other claimant took it; so the
 *     expiry listed must be what the store records, not a time left counted down.</li>
 * <li><b>The takeover is conditional on the record as judged</b>, in one conditional write: the same holder value
 *     (its lease number included) and the same expiry, and, for a silence above zero, no renewal by that holder for
 *     the silence (had it this provider's lease length). Two claimants that judged the same holder cannot both win,
 *     and a holder that renewed since keeps the identity.</li>
 * <li><b>The new lease starts after the holder's mark</b>, like every claim ({@link NodeLeaseStore}).</li>
 * </ul>
 */
public interface IdentityTakeOver extends NodeLeaseProvider, LeaseListing {

    /**
     * Returns how long a holder must have gone without renewing before {@link #takeOver} takes its identity: at least
     * one renewal period plus the reclaim grace, which a running holder lets pass only when it cannot reach the store.
     *
     * @return the silence
     */
    Duration silenceBeforeTakeOver();

    /**
     * Takes one identity from the holder judged by reading its record, as the class description says: with a silence
     * of zero from a holder known to have ended ({@link LeaseHolder#isProvablyEnded()}), otherwise from one that has
     * not renewed for the silence.
     *
     * @param judged the identity's record as {@link #listLeases} read it, naming the holder
     * @param silence how long the holder must have gone without renewing: zero or more
     * @return the lease, renewed in the background until closed or lost
     * @throws NoFreeNodeIdentityException when the record is no longer as judged (renewed, released, taken by another
     *     claimant) or its holder renewed within the silence
     * @throws IllegalArgumentException when the silence is negative
     * @throws IllegalStateException when the store cannot be reached
     */
    NodeLease takeOver(ListedLease judged, Duration silence);
}
