package dev.ids.node.sql;

import dev.ids.node.StoreNodeLease;
import dev.ids.node.StoredNodeLease;
import org.jspecify.annotations.Nullable;

/**
 * A node identity held through a row of the lease table: the shared lease lifecycle ({@link StoredNodeLease}) over
 * a store of the table. Each store's lease type extends it, so that its tests reach the same seams by its own name:
 * the row's holder value, and why the lease was lost or is fenced.
 */
public abstract class TableNodeLease extends StoreNodeLease<HeldRow> {

    /**
     * Wraps the lifecycle of a lease on the table.
     *
     * @param lease the lifecycle, its proof the row held
     */
    protected TableNodeLease(StoredNodeLease<HeldRow> lease) {
        super(lease);
    }

    /**
     * Returns the holder value written to the row: the provider's holder id, {@code #} and this lease's number.
     *
     * @return the holder value
     */
    public String holder() {
        return lifecycle().proof().holder();
    }

    /**
     * Returns why the lease is fenced for clock skew.
     *
     * @return the reason; {@code null} while the clocks agree within the grace
     */
    public @Nullable String skewFence() {
        return lifecycle().skewFenceReason();
    }
}
