package dev.ids.node.sql;

import dev.ids.clock.IdClock;
import dev.ids.node.LeaseGrant;
import dev.ids.node.NodeClaim;
import dev.ids.node.NodeLeaseStore;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * One claim on the lease table, whichever API reaches it: the read of the claim's range, which only suggests
 * candidates, and the conditional write that takes one: an {@code INSERT} where the identity has no row (the primary
 * key lets one claimant win; the loser sees an integrity violation), a takeover {@code UPDATE} where its row expired
 * more than the grace ago (only one claimant's condition still holds). A claim of one identity from a holder the
 * claimant judged (ended, or silent) reads nothing and takes the row only while it is still as judged: the same
 * holder, not renewed since. A store runs the statements ({@link LeaseTableCalls}) through its own API; this class
 * decides which. Not thread-safe; one instance per claim.
 */
public abstract class TableClaim implements NodeLeaseStore.Claiming<HeldRow> {

    /**
     * What a claim needs to know of its table.
     *
     * @param table the table's name, for messages
     * @param clock the clock whose monotonic time the lease counts from
     * @param lease how long a lease lasts
     * @param grace how long after its expiry a row may be taken over; negative for a takeover from a silent holder
     */
    public record Terms(String table, IdClock clock, Duration lease, Duration grace) {

        /**
         * Returns these terms with another grace.
         *
         * @param grace the grace
         * @return the terms
         */
        public Terms withGrace(Duration grace) {
            return new Terms(table, clock, lease, grace);
        }
    }

    /**
     * What a conditional write found: the mark of the row taken and the clock skew measured on its connection.
     *
     * @param mark the row's high-water mark
     * @param skew how far the application's wall clock is ahead of the database's, in milliseconds
     * @param inserted whether the row was inserted, so that its mark, read back, is the floor the insert wrote
     */
    public record Taken(long mark, long skew, boolean inserted) {

        /**
         * What a takeover found, or an insert whose mark was not read back (0: the lease then writes the floor).
         *
         * @param mark the row's high-water mark; 0 when not read
         * @param skew how far the application's wall clock is ahead of the database's, in milliseconds
         */
        public Taken(long mark, long skew) {
            this(mark, skew, false);
        }
    }

    private final Terms terms;
    private final NodeClaim claim;
    private final String holder;
    /** The identities with a row, ascending. */
    private final long[] withRow;
    /** The identities whose row is live or within the grace, on the database's clock of the read. */
    private final long[] live;
    /** The row as the claimant judged it, for a takeover from that holder; {@code null} for a claim of a range. */
    private final @Nullable LeaseRow judged;

    /**
     * Prepares to take one of the free identities of a range read.
     *
     * @param terms the table's terms
     * @param claim the namespace and range
     * @param holder the holder value of the new lease
     * @param rows the range's rows in order: identity, expiry, and the database's time of the read
     */
    protected TableClaim(Terms terms, NodeClaim claim, String holder, List<long[]> rows) {
        this.terms = terms;
        this.claim = claim;
        this.holder = holder;
        this.judged = null;
        // The database's time of the read: the takeover's own condition decides, this only suggests candidates.
        long databaseNow = rows.isEmpty() ? 0 : rows.get(0)[2];
        long claimableBefore = databaseNow - terms.grace().toMillis();
        // Loops, not streams: every claimant of a fleet runs this once over the fleet's rows, in a JVM of its own
        // where no stream pipeline is compiled yet.
        this.withRow = new long[rows.size()];
        long[] liveRows = new long[rows.size()];
        int liveCount = 0;
        for (int i = 0; i < withRow.length; i++) {
            long[] row = rows.get(i);
            withRow[i] = row[0];
            if (row[1] >= claimableBefore) {
                liveRows[liveCount++] = row[0];
            }
        }
        this.live = Arrays.copyOf(liveRows, liveCount);
    }

    /**
     * Prepares to take the judged row's identity from its holder, while the row is as judged.
     *
     * @param terms the table's terms, with the grace of the takeover
     * @param judged the row as the claimant read it
     * @param holder the holder value of the new lease
     */
    protected TableClaim(Terms terms, LeaseRow judged, String holder) {
        this.terms = terms;
        this.claim = judged.claim();
        this.holder = holder;
        this.withRow = new long[] {judged.identity()};
        this.live = new long[0];
        this.judged = judged;
    }

    /**
     * Returns the identities the read found taken: live, or expired less than the grace ago.
     *
     * @return the identities, ascending
     */
    @Override
    public final long[] taken() {
        return live.clone();
    }

    /**
     * Tries to take one identity, by a takeover where it has a row and by an insert where not.
     *
     * @param identity the identity to take
     * @return what was taken, or {@code null} when another claimant (or the row's holder, renewing) won
     * @throws Exception when the database cannot be reached or refuses the statement
     */
    @Override
    public final NodeLeaseStore.@Nullable Claimed<HeldRow> tryTake(long identity) throws Exception {
        // The deadline counts from before the statement, so it is never later than the expiry others see.
        long start = terms.clock().monotonicNanos();
        HeldRow row = new HeldRow(claim.namespace(), identity, holder);
        // Only a claim of a range inserts (a judged row has a row), so the grace is the store's skew tolerance.
        Taken taken = Arrays.binarySearch(withRow, identity) >= 0
                ? takeOver(calls().takeOver(row, terms.lease(), terms.grace(), judged), calls().selectClaimed(row))
                : insert(calls().insert(row, terms.lease(),
                        NodeLeaseStore.Claimed.floorOffsetMillis(terms.grace().toMillis())),
                        calls().selectClaimed(row));
        return taken == null ? null : new NodeLeaseStore.Claimed<>(row, identity, start, taken.mark(),
                new LeaseGrant(terms.lease().toNanos(), taken.skew()), taken.inserted() && taken.mark() > 0);
    }

    /**
     * Runs the insert of a row and, when it won, reads back the mark it wrote (the floor) on the same connection,
     * measuring the skew there too.
     *
     * @param insert the insert
     * @param selectClaimed the read of the row's mark and the database's time ({@link LeaseTableCalls#selectClaimed})
     * @return the mark read back (or 0 when a store does not read it: the lease then writes its floor) and the skew;
     *     {@code null} when another claimant inserted the row first (an integrity violation)
     * @throws Exception when the database cannot be reached or refuses otherwise
     */
    protected abstract @Nullable Taken insert(BoundSql insert, BoundSql selectClaimed) throws Exception;

    /**
     * Runs the takeover of a row and, when it took the row, reads the row's mark on the same connection: from then
     * on no earlier holder can raise it. Measures the skew on that connection too.
     *
     * @param takeOver the conditional update
     * @param selectClaimed the read of the mark, whose first column is the mark and second the database's time
     * @return the mark and skew; {@code null} when the update changed no row (renewed by its holder or taken by
     *     another claimant since the read) or the mark could not be read
     * @throws Exception when the database cannot be reached or refuses
     */
    protected abstract @Nullable Taken takeOver(BoundSql takeOver, BoundSql selectClaimed) throws Exception;

    /**
     * Returns the statements of the table, as the store rendered them.
     *
     * @return the statements
     */
    protected abstract LeaseTableCalls calls();

    /**
     * Reads the claim's range again, for the message of a full range.
     *
     * @return the range's rows in order: identity, expiry, and the database's time of the read
     * @throws Exception when the database cannot be reached
     */
    protected abstract List<long[]> readRange() throws Exception;

    /**
     * Tells whether an unchecked failure of {@link #readRange()} is reported as the table's name alone, as a checked
     * one is, rather than thrown; by default not.
     *
     * @return whether an unchecked failure of the read is reported
     */
    protected boolean describesUncheckedFailure() {
        return false;
    }

    /**
     * Returns the claim's namespace and range.
     *
     * @return the claim
     */
    protected final NodeClaim claim() {
        return claim;
    }

    /**
     * Says, for the message of a full range, how many leases are live and when the first becomes claimable.
     *
     * @return the description, or the table's name alone when the range cannot be read again
     */
    @Override
    public final String describeTaken() {
        try {
            List<long[]> rows = readRange();
            long earliest = rows.stream().mapToLong(row -> row[1]).min().orElse(0L);
            return "table " + terms.table() + " has " + rows.size() + " live leases in the range; the first to lapse"
                    + " becomes claimable at " + Instant.ofEpochMilli(earliest + terms.grace().toMillis())
                    + " unless renewed";
        } catch (RuntimeException e) {
            if (!describesUncheckedFailure()) {
                throw e;
            }
            return "table " + terms.table();
        } catch (Exception e) {
            return "table " + terms.table();
        }
    }
}
