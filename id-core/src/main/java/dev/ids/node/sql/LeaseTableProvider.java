package dev.ids.node.sql;

import dev.ids.clock.IdClock;
import dev.ids.node.NodeLeaseProvider;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What the lease-table providers share whichever way they reach the table (JDBC in id-core, R2DBC in the Spring Boot
 * auto-configuration): their settings as built ({@link LeaseTableSettings.Terms}), the holder value of each new
 * lease, and the operator's view of a namespace's rows.
 */
public abstract class LeaseTableProvider implements NodeLeaseProvider {

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
