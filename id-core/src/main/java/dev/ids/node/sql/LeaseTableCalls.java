package dev.ids.node.sql;

import dev.ids.node.NodeClaim;
import java.time.Duration;
import org.jspecify.annotations.Nullable;

/**
 * Every statement a store of the lease table runs, with its parameters in order: written once, so that the JDBC and
 * R2DBC stores only run them, each through its own API. The statements are those of {@link LeaseTableSql}, rendered
 * with the store's markers; what each condition guards is told in docs/LEASES.md ("The JDBC store").
 */
public final class LeaseTableCalls {

    private final LeaseTableSql sql;

    /**
     * Takes the table's statements as a store rendered them.
     *
     * @param sql the statements with the store's markers
     */
    public LeaseTableCalls(LeaseTableSql sql) {
        this.sql = sql;
    }

    /**
     * Returns the statements as rendered.
     *
     * @return the statements
     */
    public LeaseTableSql sql() {
        return sql;
    }

    /**
     * Reads a claim's range: identity, expiry and the database's time, a row each, in order of identity.
     *
     * @param claim the namespace and range
     * @return the query
     */
    public BoundSql selectRange(NodeClaim claim) {
        return BoundSql.of(sql.selectRange(), claim.namespace(), claim.min(), claim.max());
    }

    /**
     * Inserts the row of an identity that has none; the primary key lets one claimant win. Its mark is the floor
     * of a claim that finds no record, on the database's clock.
     *
     * @param row the row to hold
     * @param lease how long the lease lasts
     * @param floorOffsetMillis how far beyond the database's time the mark lies
     *     ({@link dev.ids.node.NodeLeaseStore.Claimed#floorOffsetMillis})
     * @return the insert
     */
    public BoundSql insert(HeldRow row, Duration lease, long floorOffsetMillis) {
        return BoundSql.of(sql.insert(), row.namespace(), row.identity(), row.holder(), lease.toMillis(),
                floorOffsetMillis);
    }

    /**
     * Takes a row over: one expired more than the grace ago, or, when a claimant judged its holder, one still as
     * judged (the same holder and expiry) and silent for long enough.
     *
     * @param row the row to hold, with the new holder value
     * @param lease how long the lease lasts
     * @param grace how long after its expiry the row may be taken; negative for a silent holder's
     * @param judged the row as the claimant read it, or {@code null} for a claim of a range
     * @return the update
     */
    public BoundSql takeOver(HeldRow row, Duration lease, Duration grace, @Nullable LeaseRow judged) {
        if (judged == null) {
            return BoundSql.of(sql.takeOver(), row.holder(), lease.toMillis(), row.namespace(), row.identity(),
                    grace.toMillis());
        }
        return BoundSql.of(sql.takeOverFrom(), row.holder(), lease.toMillis(), row.namespace(), row.identity(),
                judged.holder(), judged.expiresAtMillis(), grace.toMillis());
    }

    /**
     * Reads the mark of a row while it names the holder.
     *
     * @param row the row held
     * @return the query
     */
    public BoundSql selectHighWaterMark(HeldRow row) {
        return BoundSql.of(sql.selectHighWaterMark(), row.namespace(), row.identity(), row.holder());
    }

    /**
     * Reads the mark of a row just taken, and the database's time, while it names the holder.
     *
     * @param row the row held
     * @return the query
     */
    public BoundSql selectClaimed(HeldRow row) {
        return BoundSql.of(sql.selectClaimed(), row.namespace(), row.identity(), row.holder());
    }

    /**
     * Extends the expiry of an unreleased row under the holder condition.
     *
     * @param row the row held
     * @param lease how long the lease lasts from now
     * @return the update
     */
    public BoundSql renew(HeldRow row, Duration lease) {
        return BoundSql.of(sql.renew(), lease.toMillis(), row.namespace(), row.identity(), row.holder());
    }

    /**
     * Raises the mark of an unreleased row to at least a time, under the holder condition.
     *
     * @param row the row held
     * @param epochMillis the mark to write
     * @return the update
     */
    public BoundSql advance(HeldRow row, long epochMillis) {
        return BoundSql.of(sql.advance(), epochMillis, row.namespace(), row.identity(), row.holder());
    }

    /**
     * Releases a row under the holder condition, lowering its mark first unless {@code lowerTo} is negative.
     *
     * @param row the row held
     * @param lowerTo the mark to lower to, or a negative value to keep the mark
     * @return the update
     */
    public BoundSql release(HeldRow row, long lowerTo) {
        if (lowerTo < 0) {
            return BoundSql.of(sql.release(), row.namespace(), row.identity(), row.holder());
        }
        return BoundSql.of(sql.releaseLowering(), lowerTo, row.namespace(), row.identity(), row.holder());
    }

    /**
     * Reads who holds an identity and until when, to tell why an update under the holder condition matched nothing.
     *
     * @param row the row the lease held
     * @return the query: holder, expiry
     */
    public BoundSql holder(HeldRow row) {
        return BoundSql.of(sql.holder(), row.namespace(), row.identity());
    }

    /**
     * Reads every row of one namespace, released ones included, in order of identity.
     *
     * @param namespace the namespace
     * @return the query: identity, holder, expiry, mark
     */
    public BoundSql rows(String namespace) {
        return BoundSql.of(sql.rows(), namespace);
    }
}
