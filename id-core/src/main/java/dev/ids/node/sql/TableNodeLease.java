package dev.ids.node.sql;

import dev.ids.node.LeaseStart;
import dev.ids.node.StoredNodeLease;
import org.jspecify.annotations.Nullable;

/**
 * A node identity held through a row of the lease table: the shared lease lifecycle ({@link StoredNodeLease}) over
 * a store of the table. Each store's lease type extends it, so that its tests reach the same seams by its own name:
 * the row's holder value, and why the lease was lost or is fenced.
 */
public abstract class TableNodeLease extends StoredNodeLease<HeldRow> {

    /**
     * Makes the lifecycle of a lease on the table.
     *
     * @param start what {@link StoredNodeLease#claim} hands the store's lease type; its proof the row held
     */
    protected TableNodeLease(LeaseStart<HeldRow> start) {
        super(start);
    }

    /**
     * Returns the holder value written to the row: the provider's holder id, {@code #} and this lease's number.
     *
     * @return the holder value
     */
    public String holder() {
        return proof().holder();
    }

    /**
     * Returns why the lease is fenced for clock skew.
     *
     * @return the reason; {@code null} while the clocks agree within the grace
     */
    public @Nullable String skewFence() {
        return skewFenceReason();
    }
}
