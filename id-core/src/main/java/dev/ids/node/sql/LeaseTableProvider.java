package dev.ids.node.sql;

import dev.ids.node.LeaseStart;
import dev.ids.node.LeaseTimingSettings;
import dev.ids.node.ListedLease;
import dev.ids.node.NodeClaim;
import dev.ids.node.NoFreeNodeIdentityException;
import dev.ids.node.NodeLease;
import dev.ids.node.NodeLeaseStore;
import dev.ids.node.StoredNodeLease;
import dev.ids.node.UnsafeLeaseStoreException;
import dev.ids.node.TimedLeaseProvider;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * What the lease-table providers share whichever way they reach the table (JDBC in id-core, R2DBC in id-r2dbc):
 * their settings as built ({@link LeaseTableSettings.Terms}), the operator's view of a namespace's rows, and the
 * takeover of a row from a silent holder ({@link dev.ids.node.IdentityTakeOver}); the timings and holder values are
 * those of every provider whose leases expire by time ({@link TimedLeaseProvider}).
 */
public abstract class LeaseTableProvider extends TimedLeaseProvider {

    private final LeaseTableSettings.Terms terms;
    private final Function<LeaseStart<HeldRow>, TableNodeLease> leaseType;

    /**
     * Keeps the settings.
     *
     * @param terms the settings with every default filled in
     * @param options how the store runs; whether its leases renew in the background, here
     * @param leaseType the store's lease type's constructor
     */
    protected LeaseTableProvider(LeaseTableSettings.Terms terms, LeaseTableSettings.StoreOptions options,
            Function<LeaseStart<HeldRow>, TableNodeLease> leaseType) {
        super(new LeaseTimingSettings.Timings(terms.leaseLength(), terms.renewalPeriod(), terms.reclaimGrace(),
                terms.holderId(), terms.clock(), options.backgroundRenewal()));
        this.terms = terms;
        this.leaseType = Objects.requireNonNull(leaseType, "leaseType");
    }

    /**
     * Claims a free identity of the claim's range: one never held, released, or whose lease expired more than the
     * reclaim grace ago; the lowest free one unless another process claims it at the same moment, in which case one
     * further up the range ({@link dev.ids.node.ClaimCandidates}). Creates the table first, once, unless that is
     * switched off. Blocks; never call it on an event loop.
     *
     * @param claim the namespace and range
     * @return the lease, renewed in the background until closed or lost
     * @throws NoFreeNodeIdentityException when every identity of the range is held
     * @throws UnsafeLeaseStoreException when the database is not one the table may live in
     * @throws IllegalStateException when the database cannot be reached or the table is missing
     */
    @Override
    public final NodeLease claim(NodeClaim claim) {
        Objects.requireNonNull(claim, "claim");
        return claim(claim, holder -> table().startClaim(claim, holder));
    }

    private NodeLease claim(NodeClaim claim, ClaimStart start) {
        try {
            beforeClaim();
            // The lease, with its renewer, is made only once the claim's connection was handed back without failure.
            String holder = nextHolder();
            return StoredNodeLease.claim(leaseType, table(), start.start(holder), claim, holder, clock(),
                    backgroundRenewalPeriod());
        } catch (NoFreeNodeIdentityException | UnsafeLeaseStoreException e) {
            throw e;
        } catch (Exception e) {
            throw claimFailed(claim, e);
        }
    }

    /** Starts the claim of one holder value: of a range, or of one row from the holder judged. */
    private interface ClaimStart {
        NodeLeaseStore.Claiming<HeldRow> start(String holder) throws Exception;
    }

    /**
     * Returns the store of the table the leases are kept in.
     *
     * @return the store
     */
    protected abstract LeaseTableStore table();

    /**
     * Runs before each claim starts, such as readying the table on a connection of its own; nothing by default.
     *
     * @throws Exception when the table cannot be readied
     */
    protected void beforeClaim() throws Exception {
        // A store that readies the table on the claim's own connection has nothing to do here.
    }

    /**
     * Words a claim's failure as the store's users know it ({@link LeaseTableStore#claimFailed}).
     *
     * @param claim the claim
     * @param e the failure, neither a full range nor an unsafe database
     * @return the exception to throw
     */
    protected abstract RuntimeException claimFailed(NodeClaim claim, Exception e);

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
    public final NodeLease takeOver(LeaseRow judged, Duration silence) {
        Objects.requireNonNull(judged, "judged");
        Duration grace = silentHolderGrace(silence);
        return claim(judged.claim(), holder -> table().startTakeOver(judged, holder, grace));
    }

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

    @Override
    protected String describeStore() {
        return "table=" + tableName();
    }
}
