package dev.ids.node.sql;

import dev.ids.clock.IdClock;
import dev.ids.node.IdentityTakeOver;
import dev.ids.node.ListedLease;
import dev.ids.node.NodeClaim;
import dev.ids.node.NodeLease;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What the lease-table providers share whichever way they reach the table (JDBC in id-core, R2DBC in id-r2dbc):
 * their settings as built ({@link LeaseTableSettings.Terms}), the holder value of each new lease, the operator's
 * view of a namespace's rows, and the takeover of a row from a silent holder ({@link IdentityTakeOver}).
 */
public abstract class LeaseTableProvider implements IdentityTakeOver {

    private final LeaseTableSettings.Terms terms;
    private final AtomicLong leaseNumbers = new AtomicLong();

    /**
     * Keeps the settings.
     *
     * @param terms the settings with every default filled in
     */
    protected LeaseTableProvider(LeaseTableSettings.Terms terms) {
        this.terms = terms;
    }

    /**
     * Reads every row of one namespace, for an operator's view: who holds which identity, until when, and its mark.
     * Released rows ({@code expires_at = 0}) are listed too, as they keep their marks.
     *
     * @param namespace the namespace, for example {@code sno}
     * @return the rows, ordered by identity; empty when the namespace has none
     * @throws IllegalStateException naming the table when it cannot be read
     */
    public abstract List<LeaseRow> rows(String namespace);

    /**
     * Lists the rows of one namespace as every store lists its identities: a row whose expiry is 0 is released.
     *
     * @param namespace the namespace, for example {@code sno}
     * @return the rows, ordered by identity
     * @throws IllegalStateException naming the table when it cannot be read
     */
    @Override
    public final List<ListedLease> listLeases(String namespace) {
        return rows(namespace).stream().map(row -> new ListedLease(row.namespace(), row.identity(), row.holder(),
                row.expiresAtMillis() != 0, row.expiresAtMillis(), row.highWaterMarkMillis())).toList();
    }

    /**
     * Takes one identity from the holder a claimant judged by reading its row ({@link #rows}): a holder known to have
     * ended ({@link dev.ids.node.LeaseHolder#isProvablyEnded()}), with a silence of zero, or one that has gone
     * without renewing for {@code silence}, although its lease has not expired yet, such as the previous run of an
     * instance that restarts after it was killed and finds its configured identity still held. The row is taken only
     * while it is still as judged: the same holder value (with its lease number) and the same expiry, so a holder that
     * renewed since keeps it, and of two claimants that judged the same holder only one wins. Safe whoever the holder
     * is: once its row is taken, the holder can neither renew nor raise its high-water mark, so it issues no ID beyond
     * the mark it wrote, and the new lease's generators wait for the clock to pass that mark.
     *
     * @param judged the row as read, naming the holder to take the identity from
     * @param silence how long the holder must have gone without renewing: zero or more; {@link
     *     #silenceBeforeTakeOver()} for a holder not known to have ended
     * @return the lease, renewed in the background until closed or lost
     * @throws dev.ids.node.NoFreeNodeIdentityException when the row is no longer as judged (renewed, taken by
     *     another claimant) or its holder renewed within the silence
     * @throws IllegalStateException when the store cannot be reached or the table is missing
     * @throws IllegalArgumentException when the silence is negative
     */
    public abstract NodeLease takeOver(LeaseRow judged, Duration silence);

    /**
     * Takes one identity from the holder judged by reading its row through {@link #listLeases}: {@link
     * #takeOver(LeaseRow, Duration)} with the row as listed.
     *
     * @param judged the row as listed, naming the holder to take the identity from
     * @param silence how long the holder must have gone without renewing: zero or more
     * @return the lease, renewed in the background until closed or lost
     * @throws dev.ids.node.NoFreeNodeIdentityException when the row is no longer as judged or its holder renewed
     *     within the silence
     * @throws IllegalStateException when the store cannot be reached or the table is missing
     * @throws IllegalArgumentException when the silence is negative
     */
    @Override
    public final NodeLease takeOver(ListedLease judged, Duration silence) {
        String holder = Objects.requireNonNull(judged.holder(), "the judged record names no holder to take over from");
        return takeOver(new LeaseRow(judged.namespace(), judged.identity(), holder,
                judged.expiresAtMillis(), judged.highWaterMarkMillis()), silence);
    }

    /**
     * Returns how long a holder must have gone without renewing its lease before {@link #takeOver} takes its
     * identity: one renewal period plus the reclaim grace, which a running holder lets pass only when it
     * cannot reach the store.
     *
     * @return the silence
     */
    @Override
    public final Duration silenceBeforeTakeOver() {
        return renewalPeriod().plus(reclaimGrace());
    }

    /**
     * The grace of a claim from silent holders: a row may be taken once its expiry lies less than the lease length
     * minus the silence ahead (a negative grace), or the usual grace ago, whichever comes first.
     *
     * @param silence how long the holder must have gone without renewing; zero or more
     * @return the grace to claim with
     * @throws IllegalArgumentException when the silence is negative
     */
    protected final Duration silentHolderGrace(Duration silence) {
        if (Objects.requireNonNull(silence, "silence").isNegative()) {
            throw new IllegalArgumentException("silence must not be negative: " + silence);
        }
        Duration silent = silence.minus(leaseLength());
        return silent.compareTo(reclaimGrace()) < 0 ? silent : reclaimGrace();
    }

    /**
     * Returns the name of the lease table.
     *
     * @return the table name
     */
    public final String tableName() {
        return terms.tableName();
    }

    /**
     * Returns how long a lease lasts without renewal.
     *
     * @return the lease length
     */
    public final Duration leaseLength() {
        return terms.leaseLength();
    }

    /**
     * Returns how often leases are renewed.
     *
     * @return the renewal period
     */
    public final Duration renewalPeriod() {
        return terms.renewalPeriod();
    }

    /**
     * Returns how long after a lease's expiry another process may take its identity.
     *
     * @return the reclaim grace
     */
    public final Duration reclaimGrace() {
        return terms.reclaimGrace();
    }

    /**
     * Returns the holder id written (with a lease number) to the rows this provider holds, for diagnostics.
     *
     * @return the holder id
     */
    @Override
    public final String holderId() {
        return terms.holderId();
    }

    /**
     * Returns the local clock the leases count their deadlines on.
     *
     * @return the clock
     */
    protected final IdClock clock() {
        return terms.clock();
    }

    /**
     * Returns the holder value of a new lease: the holder id, {@code #} and the next lease number.
     *
     * @return the holder value
     */
    protected final String nextHolder() {
        return terms.holderId() + "#" + leaseNumbers.incrementAndGet();
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[table=" + tableName() + ", lease=" + leaseLength() + ", renewal="
                + renewalPeriod() + ", grace=" + reclaimGrace() + ", holder=" + holderId() + "]";
    }
}
