package dev.ids.node.sql;

import dev.ids.clock.IdClock;

/**
 * The test seam of the lease-table builders (JDBC and R2DBC), reached from the package of
 * {@link LeaseTableSettings}, which declares it: a clock whose wall time stands in for the database's.
 */
public final class TableBuilderSeams {

    private TableBuilderSeams() {
    }

    /**
     * Makes the builder's statements read the database's time from a clock of the test's.
     *
     * @param builder a lease-table builder
     * @param databaseClock the clock the database's time is read from
     * @param <B> the builder's type
     * @return the builder
     */
    public static <B extends LeaseTableSettings<B>> B databaseClock(B builder, IdClock databaseClock) {
        return builder.readingDatabaseTimeFrom(databaseClock);
    }
}
