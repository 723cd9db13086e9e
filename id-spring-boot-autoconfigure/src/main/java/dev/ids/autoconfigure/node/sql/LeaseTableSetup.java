package dev.ids.autoconfigure.node.sql;

import static dev.ids.autoconfigure.ConfiguredValue.apply;

import dev.ids.autoconfigure.IdsConfigurationException;
import dev.ids.autoconfigure.node.LeaseTimings;
import dev.ids.internal.ExceptionMessages;
import dev.ids.node.sql.LeaseTableProvider;
import dev.ids.node.sql.LeaseTableSettings;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * How the starter makes a lease-table provider, JDBC or R2DBC alike: the {@code ids.node.jdbc.*} settings mapped onto
 * its builder, its build with the failure of a renewal that does not fit the lease, and the line that describes it.
 */
public final class LeaseTableSetup {

    private LeaseTableSetup() {
    }

    /**
     * Passes the set {@code ids.node.jdbc.*} settings to a builder, which keeps its defaults for the unset ones, and
     * lets a store named by {@code ids.node.provider} take a private in-memory database knowingly (a test).
     *
     * @param builder the provider's builder
     * @param settings the {@code ids.node.jdbc} settings
     * @param named whether {@code ids.node.provider} names the store
     * @param <B> the builder's type
     * @return the builder, for the customizers
     * @throws IdsConfigurationException naming the property when the builder rejects its value
     */
    public static <B extends LeaseTableSettings<B>> B configure(B builder, LeaseTableProperties settings,
            boolean named) {
        apply("ids.node.jdbc.table-name", settings.tableName(), builder::tableName);
        apply("ids.node.jdbc.create-table", settings.createTable(), builder::createTable);
        settings.applyTo(builder, "ids.node.jdbc");
        // Named by ids.node.provider, the database is taken knowingly, a private in-memory one too (a test).
        builder.singleProcess(named);
        return builder;
    }

    /**
     * Builds the provider once the customizers have run.
     *
     * @param build the builder's {@code build} method
     * @param settings the {@code ids.node.jdbc} settings, named in the failure
     * @param <P> the provider's type
     * @return the provider
     * @throws IdsConfigurationException when the renewal period is not shorter than the lease length
     */
    public static <P extends LeaseTableProvider> P build(Supplier<P> build, LeaseTableProperties settings) {
        try {
            return build.get();
        } catch (IllegalArgumentException ex) {
            // Each setting was checked alone; what build() finds wrong is how the renewal fits the lease.
            throw new IdsConfigurationException("ids.node.jdbc.renewal-period",
                    settings.renewalPeriod(), ExceptionMessages.of(ex), "Make ids.node.jdbc.renewal-period "
                    + "shorter than ids.node.jdbc.lease-length, or remove it to renew every third of the lease "
                    + "length.");
        }
    }

    /**
     * Describes a provider for the start-up report: its store, its table and where that lives, and its times.
     *
     * @param store the store's name, as {@code ids.node.provider} chooses it
     * @param provider the provider
     * @param where what holds the table, for example {@code HikariDataSource DataSource}
     * @return the description
     */
    public static String describe(String store, LeaseTableProvider provider, String where) {
        return store + " (table " + provider.tableName() + " in the " + where + ", " + LeaseTimings.describe(provider)
                + ")";
    }
}
